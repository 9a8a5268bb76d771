import { countries, eq, itineraries, proposals, quizSubmissions, sql, tripRequests, trips, users } from '@meridian/db'
import { beforeAll, describe, expect, it } from 'vitest'
import { tripTestBed } from '../trips/test-bed.ts'
import { insertUser } from '../users/insert-user.ts'
import { quizFunnel } from './panels.ts'
import { periodWindow } from './periods.ts'
import { proposalFigures } from './proposals.ts'
import { analyticsReport, currentAnalyticsReport } from './report.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
/** "Last 7 days" is 4 March 00:00 UTC up to 11 March 00:00 UTC. */
const NOW = new Date('2026-03-10T15:00:00Z')
const at = (iso: string) => new Date(iso)

beforeAll(async () => {
  bed = await tripTestBed()
  const db = bed.handle.db
  const traveler = bed.userId('traveler')
  const other = bed.userId('other')
  const expert = bed.userId('expert')
  const admin = bed.userId('admin')
  const leaver = await insertUser(db, { username: 'leaver', email: 'leaver@example.test', password: 'a-long-password-1', role: 'expert' })
  const [country] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning({ id: countries.id })

  /** A trip created at `created`, with its request made at `requested` when given, and an itinerary to send. */
  const trip = async (created: string, requested?: string, travelerId = traveler) => {
    const [t] = await db
      .insert(trips)
      .values({ title: `Trip ${created}`, startDate: '2026-06-01', endDate: '2026-06-08', travelerId, createdAt: at(created) })
      .returning({ id: trips.id })
    if (requested) {
      await db
        .insert(tripRequests)
        .values({
          travelerId,
          destinationId: country!.id,
          startDate: '2026-06-01',
          endDate: '2026-06-08',
          travelers: 2,
          travelStyle: 'comfort',
          tripType: 'romantic',
          budgetMin: '1000',
          budgetMax: '2000',
          tripId: t!.id,
          createdAt: at(requested),
        })
    }
    const [it] = await db
      .insert(itineraries)
      .values({ tripId: t!.id, title: 'Plan', startDate: '2026-06-01', endDate: '2026-06-08' })
      .returning({ id: itineraries.id })
    let round = 0
    /** A round sent by `by` at `sent`, accepted at `accepted` when given (the earlier rounds replaced by then). */
    return async (by: number | null, sent: string, accepted?: string) =>
      db
        .insert(proposals)
        .values({
          itineraryId: it!.id,
          tripId: t!.id,
          round: ++round,
          version: 1,
          status: accepted ? 'accepted' : 'sent',
          expiresOn: '2026-04-01',
          currency: 'USD',
          plan: {},
          total: '100.00',
          sentById: by,
          sentAt: at(sent),
          acceptedAt: accepted ? at(accepted) : null,
        })
  }

  // 1: asked for on 1 March (the request, not the trip's creation the next day, starts the clock); two rounds of the
  // expert's, the first at the period's first instant; accepted on the 6th: 120 h.
  const one = await trip('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z')
  await one(expert, '2026-03-04T00:00:00Z')
  await one(expert, '2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z')
  // 2: no request row, so the trip's creation; accepted 48.5 h after it.
  const two = await trip('2026-03-07T00:00:00Z')
  await two(expert, '2026-03-08T00:00:00Z', '2026-03-09T00:30:00Z')
  // 3: sent at the period's last second, not answered.
  const three = await trip('2026-03-09T00:00:00Z')
  await three(expert, '2026-03-10T23:59:59Z')
  // 4: sent at the period's end: the next period's.
  const four = await trip('2026-03-09T00:00:00Z')
  await four(expert, '2026-03-11T00:00:00Z')
  // 5: sent the week before and accepted in the period: no round in the period, so not counted.
  const five = await trip('2026-02-20T00:00:00Z')
  await five(expert, '2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z')
  // 6: the admin sends round 1, the expert round 2, which is accepted 78 h after the request.
  const six = await trip('2026-03-04T00:00:00Z', '2026-03-04T00:00:00Z')
  await six(admin, '2026-03-05T00:00:00Z')
  await six(expert, '2026-03-06T00:00:00Z', '2026-03-07T06:00:00Z')
  // 7: sent by an expert whose account is deleted since; accepted 24 h after the request.
  const seven = await trip('2026-03-09T00:00:00Z')
  await seven(leaver, '2026-03-09T06:00:00Z', '2026-03-10T00:00:00Z')
  await db.delete(users).where(eq(users.id, leaver))

  // The funnel: the traveler's quiz at the period's first instant, before trips 6, 2, 3, 4 and 7 were requested; the
  // other traveler's on the 5th, before a trip whose only round goes out after the period (still counted: the funnel
  // follows each quiz to now).
  await db
    .insert(quizSubmissions)
    .values({ userId: traveler, quizData: { travel_style: 'Food & Wine' }, submittedAt: at('2026-03-04T00:00:00Z'), status: 'reviewed' })
  await db.insert(quizSubmissions).values({ userId: other, quizData: { travel_style: 'Adventure' }, submittedAt: at('2026-03-05T00:00:00Z') })
  const later = await trip('2026-03-06T00:00:00Z', undefined, other)
  await later(expert, '2026-03-12T00:00:00Z')
})

describe('the proposal figures', () => {
  it('count the trips with a round sent in the period, their rounds and acceptances, with the median time from the request', async () => {
    const figures = await proposalFigures(bed.handle.db, periodWindow('7d', NOW))
    // Trips 1, 2, 3, 6 and 7; four accepted after 24, 48.5, 78 and 120 h: the median is (48.5 + 78) / 2.
    expect(figures.all).toEqual({ rounds: 7, trips: 5, accepted: 4, acceptance_rate: 80, median_hours_to_accept: 63.3 })
    expect(figures.experts).toEqual([
      // Trips 1, 2, 3 and 6 (round 2 of 6 was hers): accepted after 120, 48.5 and 78 h.
      { expert_id: bed.userId('expert'), expert: 'Elena Costa', rounds: 5, trips: 4, accepted: 3, acceptance_rate: 75, median_hours_to_accept: 78 },
      // Round 1 of trip 6: the trip was accepted on a round someone else sent.
      { expert_id: bed.userId('admin'), expert: 'Amir Haddad', rounds: 1, trips: 1, accepted: 0, acceptance_rate: 0, median_hours_to_accept: null },
      { expert_id: null, expert: 'Deleted account', rounds: 1, trips: 1, accepted: 1, acceptance_rate: 100, median_hours_to_accept: 24 },
    ])
  })

  it('are empty, not invented, for a period without rounds', async () => {
    expect(await proposalFigures(bed.handle.db, periodWindow('7d', at('2025-06-01T12:00:00Z')))).toEqual({
      all: { rounds: 0, trips: 0, accepted: 0, acceptance_rate: null, median_hours_to_accept: null },
      experts: [],
    })
  })

  it('follow the period’s quizzes to a proposal sent and one accepted, between the trip and the booking', async () => {
    const funnel = await quizFunnel(bed.handle.db, periodWindow('7d', NOW))
    expect(funnel.all).toEqual({ quizzes: 2, reviewed: 1, trips: 2, proposals: 2, accepted: 1, bookings: 0 })
    expect(funnel.by_answer).toEqual([
      { question: 'travel_style', answer: 'Adventure', counts: { quizzes: 1, reviewed: 0, trips: 1, proposals: 1, accepted: 0, bookings: 0 } },
      { question: 'travel_style', answer: 'Food & Wine', counts: { quizzes: 1, reviewed: 1, trips: 1, proposals: 1, accepted: 1, bookings: 0 } },
    ])
  })

  it('are part of the report', async () => {
    const report = await analyticsReport(bed.as.admin!, { period: '7d' }, NOW)
    expect(report.proposals.all).toMatchObject({ trips: 5, accepted: 4, median_hours_to_accept: 63.3 })
    expect(report.funnel.all).toMatchObject({ proposals: 2, accepted: 1 })
    // A year: trip 5 and the round after the week count too (rounds 1 + 1 more; trips 4 and 5, and the other traveler's).
    const year = await analyticsReport(bed.as.admin!, { period: '1y' }, at('2026-03-20T12:00:00Z'))
    expect(year.proposals.all).toMatchObject({ rounds: 10, trips: 8, accepted: 5 })
  })

  it('are computed again when the shared copy was kept without them (the minute after an upgrade)', async () => {
    const { proposals: _left, ...old } = await analyticsReport(bed.as.admin!, { period: '7d' }, NOW)
    await bed.handle.db.execute(
      sql`insert into analytics_reports (period, report, computed_at) values ('7d', ${JSON.stringify(old)}::jsonb, ${NOW.toISOString()}::timestamptz)
          on conflict (period) do update set report = excluded.report, computed_at = excluded.computed_at`,
    )
    const shown = await currentAnalyticsReport(bed.as.admin!, { period: '7d' }, new Date(NOW.getTime() + 10_000))
    expect(shown.proposals.all.trips).toBe(5)
  })
})
