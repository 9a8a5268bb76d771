import {
  ACCEPTANCE_PRIOR,
  EXPERIENCE_FULL_YEARS,
  LOAD_CAPACITY,
  MATCH_WEIGHTS,
  SPECIALIZATION_TAGS,
} from './weights.ts'

/** What a traveler asks for: the countries they named or requested, and the specialization tags. */
export interface MatchNeeds {
  countries: { id: number; name: string }[]
  tags: string[]
}

/** One expert as matching sees them. */
export interface ExpertCandidate {
  id: number
  name: string
  countryIds: readonly number[]
  specializations: readonly string[]
  years: number
  /** Live assignments (pending or accepted) on trips in planning, booked or active. */
  openTrips: number
  accepted: number
  declined: number
}

export interface MatchPoints {
  destinations: number
  specializations: number
  experience: number
  load: number
  acceptance: number
}

export interface RankedExpert {
  expert_id: number
  name: string
  /** 0 to 100, the rounded sum of the points. */
  score: number
  points: MatchPoints
  /** Why, in words a specialist reads at a glance ('Covers Maldives', 'Luxury specialist', '3 open trips'). */
  reasons: string[]
}

/** Each word of the tags (and each tag's own name) to the tags it stands for, built once. */
const TAGS_BY_WORD = new Map<string, string[]>()
for (const [tag, { words }] of Object.entries(SPECIALIZATION_TAGS)) {
  for (const word of new Set([tag, ...words])) TAGS_BY_WORD.set(word, [...(TAGS_BY_WORD.get(word) ?? []), tag])
}

/** The tags an expert's free-text specializations cover (whole words, any case). */
export function expertTags(specializations: readonly string[]): Set<string> {
  const found = new Set<string>()
  for (const text of specializations) {
    for (const word of text.toLowerCase().split(/[^a-z]+/)) for (const tag of TAGS_BY_WORD.get(word) ?? []) found.add(tag)
  }
  return found
}

const round1 = (x: number) => Math.round(x * 10) / 10
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function listNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ')
  return `${names.slice(0, 2).join(', ')} and ${plural(names.length - 2, 'more', 'more')}`
}

/** One expert's points and reasons for these needs. Pure: the same inputs always give the same answer. */
export function scoreExpert(needs: MatchNeeds, expert: ExpertCandidate): RankedExpert {
  return score(needs, expert).ranked
}

function score(needs: MatchNeeds, expert: ExpertCandidate): { ranked: RankedExpert; total: number } {
  const reasons: string[] = []

  // Destinations: the share of the wanted countries the expert covers.
  let destinations = 0
  if (needs.countries.length > 0) {
    const covered = needs.countries.filter((c) => expert.countryIds.includes(c.id))
    destinations = (MATCH_WEIGHTS.destinations * covered.length) / needs.countries.length
    if (covered.length > 0) reasons.push(`Covers ${listNames(covered.map((c) => c.name))}`)
    else reasons.push(`Does not cover ${listNames(needs.countries.map((c) => c.name))}`)
  }

  // Specializations: the share of the wanted tags the expert's specializations cover.
  let specializations = 0
  const wanted = [...new Set(needs.tags)].filter((t) => SPECIALIZATION_TAGS[t])
  if (wanted.length > 0) {
    const has = expertTags(expert.specializations)
    const matched = wanted.filter((t) => has.has(t))
    specializations = (MATCH_WEIGHTS.specializations * matched.length) / wanted.length
    for (const tag of matched) reasons.push(`${SPECIALIZATION_TAGS[tag]!.label} specialist`)
  }

  // Experience: linear up to EXPERIENCE_FULL_YEARS.
  const years = Math.max(0, expert.years)
  const experience = (MATCH_WEIGHTS.experience * Math.min(years, EXPERIENCE_FULL_YEARS)) / EXPERIENCE_FULL_YEARS
  if (years > 0) reasons.push(`${plural(years, 'year')} of experience`)

  // Load: full points with no open trips, none at LOAD_CAPACITY or more.
  const open = Math.max(0, expert.openTrips)
  const load = MATCH_WEIGHTS.load * Math.max(0, 1 - open / LOAD_CAPACITY)
  reasons.push(open === 0 ? 'No open trips' : open >= LOAD_CAPACITY ? `${plural(open, 'open trip')} (fully booked)` : plural(open, 'open trip'))

  // Acceptance history, from a 50 % prior.
  const accepted = Math.max(0, expert.accepted)
  const declined = Math.max(0, expert.declined)
  const rate = (accepted + ACCEPTANCE_PRIOR.accepted) / (accepted + declined + ACCEPTANCE_PRIOR.accepted + ACCEPTANCE_PRIOR.declined)
  const acceptance = MATCH_WEIGHTS.acceptance * rate
  if (accepted + declined > 0) reasons.push(`Accepts ${Math.round((accepted / (accepted + declined)) * 100)}% of assignments`)

  const points = { destinations, specializations, experience, load, acceptance }
  const total = destinations + specializations + experience + load + acceptance
  const ranked = {
    expert_id: expert.id,
    name: expert.name,
    score: Math.round(total),
    points: {
      destinations: round1(points.destinations),
      specializations: round1(points.specializations),
      experience: round1(points.experience),
      load: round1(points.load),
      acceptance: round1(points.acceptance),
    },
    reasons,
  }
  return { ranked, total }
}

/**
 * Every candidate scored and ranked: highest total first, ties by expert id (stable: the same experts always come in
 * the same order). Each expert is scored on their own, so adding or removing one never reorders the others.
 */
export function rankExperts(needs: MatchNeeds, candidates: readonly ExpertCandidate[]): RankedExpert[] {
  const scored = candidates.map((c) => score(needs, c))
  scored.sort((a, b) => b.total - a.total || a.ranked.expert_id - b.ranked.expert_id)
  return scored.map((s) => s.ranked)
}
