import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ExpertCandidate, expertTags, type MatchNeeds, rankExperts, scoreExpert } from './rank.ts'
import { LOAD_CAPACITY, MATCH_WEIGHTS } from './weights.ts'

const MALDIVES = { id: 10, name: 'Maldives' }
const JAPAN = { id: 20, name: 'Japan' }

const expert = (id: number, over: Partial<ExpertCandidate> = {}): ExpertCandidate => ({
  id,
  name: `Expert ${id}`,
  countryIds: [],
  specializations: [],
  years: 0,
  openTrips: 0,
  accepted: 0,
  declined: 0,
  ...over,
})

const honeymoon: MatchNeeds = { countries: [MALDIVES], tags: ['luxury', 'romance'] }

describe('scoreExpert', () => {
  it('gives the full 100 to an expert who fits every part, and says why', () => {
    const best = scoreExpert(honeymoon, expert(1, { countryIds: [10], specializations: ['Luxury travel', 'Honeymoons'], years: 20, accepted: 1000 }))
    expect(best.score).toBe(100)
    expect(best.reasons).toEqual(['Covers Maldives', 'Luxury specialist', 'Romance specialist', '20 years of experience', 'No open trips', 'Accepts 100% of assignments'])
  })

  it('says what is missing: an uncovered destination, the open trips, a fully booked expert', () => {
    const busy = scoreExpert(honeymoon, expert(2, { countryIds: [20], openTrips: 3 }))
    expect(busy.reasons).toContain('Does not cover Maldives')
    expect(busy.reasons).toContain('3 open trips')
    expect(busy.points.destinations).toBe(0)
    const full = scoreExpert(honeymoon, expert(3, { openTrips: LOAD_CAPACITY + 1 }))
    expect(full.reasons).toContain(`${LOAD_CAPACITY + 1} open trips (fully booked)`)
    expect(full.points.load).toBe(0)
  })

  it('scores the share of destinations covered and of specializations matched', () => {
    const needs: MatchNeeds = { countries: [MALDIVES, JAPAN], tags: ['luxury', 'diving'] }
    const half = scoreExpert(needs, expert(4, { countryIds: [20], specializations: ['Scuba diving'] }))
    expect(half.points.destinations).toBe(MATCH_WEIGHTS.destinations / 2)
    expect(half.points.specializations).toBe(MATCH_WEIGHTS.specializations / 2)
    expect(half.reasons).toContain('Covers Japan')
    expect(half.reasons).toContain('Diving specialist')
  })

  it('starts a new expert at a 50% acceptance prior, between a reliable and an unreliable one', () => {
    const fresh = scoreExpert(honeymoon, expert(5)).points.acceptance
    const reliable = scoreExpert(honeymoon, expert(6, { accepted: 9, declined: 1 })).points.acceptance
    const unreliable = scoreExpert(honeymoon, expert(7, { accepted: 1, declined: 9 })).points.acceptance
    expect(fresh).toBe(MATCH_WEIGHTS.acceptance / 2)
    expect(reliable).toBeGreaterThan(fresh)
    expect(unreliable).toBeLessThan(fresh)
  })
})

describe('expertTags', () => {
  it('reads free-text specializations as tags, by whole words', () => {
    expect([...expertTags(['Food & Wine', 'Family holidays', 'City breaks'])].sort()).toEqual(['city', 'culinary', 'family'])
    // "Spain" contains "spa" but is not wellness.
    expect(expertTags(['Spain and Portugal']).has('wellness')).toBe(false)
  })
})

describe('rankExperts', () => {
  it('puts the obvious best expert first', () => {
    const ranked = rankExperts(honeymoon, [
      expert(1, { countryIds: [20], specializations: ['Adventure'], years: 3 }),
      expert(2, { countryIds: [10], specializations: ['Luxury', 'Honeymoons'], years: 12, accepted: 8, declined: 1 }),
      expert(3, { specializations: ['Business travel'], years: 25 }),
    ])
    expect(ranked.map((r) => r.expert_id)).toEqual([2, 3, 1])
    expect(ranked[0]!.reasons.slice(0, 3)).toEqual(['Covers Maldives', 'Luxury specialist', 'Romance specialist'])
  })

  it('drops an overloaded expert below an otherwise identical one', () => {
    const same = { countryIds: [10], specializations: ['Luxury'], years: 10 }
    const ranked = rankExperts(honeymoon, [expert(1, { ...same, openTrips: LOAD_CAPACITY + 2 }), expert(2, same)])
    expect(ranked.map((r) => r.expert_id)).toEqual([2, 1])
    expect(ranked[0]!.score - ranked[1]!.score).toBe(MATCH_WEIGHTS.load)
  })

  it('keeps ties stable: equal experts come in id order whatever order they were given in', () => {
    const twins = [expert(9), expert(3), expert(7)]
    expect(rankExperts(honeymoon, twins).map((r) => r.expert_id)).toEqual([3, 7, 9])
    expect(rankExperts(honeymoon, [...twins].reverse()).map((r) => r.expert_id)).toEqual([3, 7, 9])
  })

  const candidate = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    countryIds: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 5 }),
    specializations: fc.array(fc.constantFrom('Luxury', 'Honeymoons', 'Diving', 'Family', 'Adventure', 'Food & wine', 'Safari', 'City breaks'), { maxLength: 4 }),
    years: fc.integer({ min: 0, max: 40 }),
    openTrips: fc.integer({ min: 0, max: 15 }),
    accepted: fc.integer({ min: 0, max: 50 }),
    declined: fc.integer({ min: 0, max: 50 }),
  })
  const needs = fc.record({
    countries: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 4 }).map((ids) => ids.map((id) => ({ id, name: `Country ${id}` }))),
    tags: fc.array(fc.constantFrom('luxury', 'romance', 'diving', 'family', 'adventure', 'culinary', 'safari', 'city'), { maxLength: 4 }),
  })

  it('never changes the order of the others when an unrelated expert is added (property)', () => {
    fc.assert(
      fc.property(needs, fc.uniqueArray(candidate, { selector: (c) => c.id, minLength: 1, maxLength: 30 }), candidate, (n, pool, extra) => {
        fc.pre(!pool.some((c) => c.id === extra.id))
        const people = pool.map((c) => ({ ...c, name: `E${c.id}` }))
        const before = rankExperts(n, people).map((r) => r.expert_id)
        const after = rankExperts(n, [...people, { ...extra, name: 'Newcomer' }]).map((r) => r.expert_id).filter((id) => id !== extra.id)
        expect(after).toEqual(before)
      }),
      { numRuns: 300 },
    )
  })

  it('is deterministic and keeps every score within 0 to 100 (property)', () => {
    fc.assert(
      fc.property(needs, fc.uniqueArray(candidate, { selector: (c) => c.id, maxLength: 20 }), (n, pool) => {
        const people = pool.map((c) => ({ ...c, name: `E${c.id}` }))
        const once = rankExperts(n, people)
        expect(rankExperts(n, [...people].reverse())).toEqual(once)
        for (const r of once) expect(r.score >= 0 && r.score <= 100).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})

describe('the worked example of docs/matching.md', () => {
  it('ranks Aisha 86, Elena 35, Mateo 27 for Nora, with the reasons the document shows', () => {
    const needs: MatchNeeds = { countries: [MALDIVES], tags: ['beach', 'luxury', 'romance'] }
    const ranked = rankExperts(needs, [
      expert(3, { name: 'Mateo Silva', countryIds: [31, 32, 33, 34], specializations: ['Adventure', 'Trekking', 'Safari'], years: 7 }),
      expert(2, { name: 'Elena Costa', countryIds: [20, 21, 22, 23], specializations: ['Culture', 'Food & wine', 'Honeymoons'], years: 9, openTrips: 3, accepted: 3 }),
      expert(1, { name: 'Aisha Rahman', countryIds: [10, 11, 12], specializations: ['Luxury travel', 'Honeymoons', 'Diving'], years: 12, accepted: 4, declined: 1 }),
    ])
    expect(ranked.map((r) => [r.name, r.score])).toEqual([
      ['Aisha Rahman', 86],
      ['Elena Costa', 35],
      ['Mateo Silva', 27],
    ])
    expect(ranked[0]!.reasons).toEqual(['Covers Maldives', 'Luxury specialist', 'Romance specialist', '12 years of experience', 'No open trips', 'Accepts 80% of assignments'])
    expect(ranked[1]!.reasons).toEqual(['Does not cover Maldives', 'Romance specialist', '9 years of experience', '3 open trips', 'Accepts 100% of assignments'])
    expect(ranked[2]!.reasons).toEqual(['Does not cover Maldives', '7 years of experience', 'No open trips'])
  })
})
