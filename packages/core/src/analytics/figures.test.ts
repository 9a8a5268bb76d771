import {
  bookings,
  chatConversations,
  chatMessages,
  conversionRates,
  countries,
  currencies,
  eq,
  payments,
  quizSubmissions,
  tripAssignments,
  trips,
  users,
} from '@meridian/db'
import { ANALYTICS_MESSAGES } from '@meridian/validators/analytics-constants'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertBooking } from '../bookings/record.ts'
import { DomainError } from '../errors.ts'
import { insertUser } from '../users/insert-user.ts'
import { tripTestBed } from '../trips/test-bed.ts'
import { analyticsFigures } from './figures.ts'
import { dailySeries, quizFunnel, roleDistribution, topDestinations } from './panels.ts'
import { ANALYTICS_DENIED, analyticsReport, currentAnalyticsReport } from './report.ts'
import { domainErrorOf } from '../trips/test-bed.ts'
import { changePercent, parsePeriod, periodWindow } from './periods.ts'
import { RequestFigures } from '../monitoring/request-figures.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
/** A Tuesday afternoon: "Last 7 days" is Wednesday 4 March 00:00 UTC up to Wednesday 11 March 00:00 UTC. */
const NOW = new Date('2026-03-10T15:00:00Z')
const at = (iso: string) => new Date(iso)

describe('periods', () => {
  it('are whole UTC days ending with today, beside the same span before them', () => {
    const w = periodWindow('7d', NOW)
    expect(w.current).toEqual({ from: at('2026-03-04T00:00:00Z'), to: at('2026-03-11T00:00:00Z') })
    expect(w.previous).toEqual({ from: at('2026-02-25T00:00:00Z'), to: at('2026-03-04T00:00:00Z') })
    expect(w.days).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'])
    // Late on the last day of a month in UTC is still that day, whatever the server's own time zone.
    expect(periodWindow('30d', at('2026-03-31T23:59:59.999Z')).current.to).toEqual(at('2026-04-01T00:00:00Z'))
    expect(periodWindow('1y', NOW).days).toHaveLength(365)
    expect(periodWindow('90d', NOW).previous.from).toEqual(at('2025-09-12T00:00:00Z'))
  })

  it('default to 30 days and refuse anything else in the spec’s words', () => {
    expect(parsePeriod(undefined)).toBe('30d')
    expect(parsePeriod('1y')).toBe('1y')
    for (const bad of ['2w', '7', 7, ['7d']]) {
      const error = (() => {
        try {
          parsePeriod(bad)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(DomainError)
      expect((error as DomainError).fields).toEqual({ period: [ANALYTICS_MESSAGES.period] })
    }
  })

  it('change in percent with one decimal, and none against nothing', () => {
    expect(changePercent(8, 7)).toBe(14.3)
    expect(changePercent(50, 100)).toBe(-50)
    expect(changePercent(5, 0)).toBeNull()
    expect(changePercent(null, 3)).toBeNull()
  })
})

describe('the card figures', () => {
  beforeAll(async () => {
    bed = await tripTestBed()
    const db = bed.handle.db
    // Everyone so far joined on New Year's Day.
    await db.update(users).set({ dateJoined: at('2026-01-01T00:00:00Z') })
    const early = await insertUser(db, { username: 'first', email: 'first@example.test', password: 'a-long-password-1', role: 'traveler' })
    const late = await insertUser(db, { username: 'late', email: 'late@example.test', password: 'a-long-password-1', role: 'traveler' })
    await db
      .update(users)
      .set({ dateJoined: at('2026-03-04T00:00:00Z') })
      .where(eq(users.id, early)) // the period's first instant: in it
    await db
      .update(users)
      .set({ dateJoined: at('2026-03-11T00:00:00Z') })
      .where(eq(users.id, late)) // its end: not in it

    const traveler = bed.userId('traveler')
    const [portugal] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning()
    const [japan] = await db.insert(countries).values({ name: 'Japan', continent: 'Asia' }).returning()
    const trip = async (
      title: string,
      startDate: string,
      endDate: string,
      more: { status?: 'planning' | 'cancelled'; countryId?: number; rating?: number; createdAt?: string } = {},
    ) =>
      (
        await db
          .insert(trips)
          .values({
            title,
            startDate,
            endDate,
            travelerId: traveler,
            status: more.status ?? 'planning',
            countryId: more.countryId ?? null,
            rating: more.rating ?? null,
            createdAt: at(more.createdAt ?? '2026-01-15T00:00:00Z'),
          })
          .returning({ id: trips.id })
      )[0]!.id
    const before = await trip('Before', '2026-03-01', '2026-03-03', { countryId: japan!.id, rating: 2 })
    const during = await trip('During', '2026-03-10', '2026-03-20', { countryId: portugal!.id, rating: 4, createdAt: '2026-03-05T08:00:00Z' })
    await trip('Cancelled', '2026-03-05', '2026-03-06', { status: 'cancelled', countryId: japan!.id })
    await trip('Across', '2026-03-03', '2026-03-04', { countryId: portugal!.id, rating: 5 })

    const quiz = (submittedAt: string, status: 'reviewed' | 'awaiting_specialist') =>
      db.insert(quizSubmissions).values({ userId: traveler, quizData: { travel_style: 'Food & Wine' }, submittedAt: at(submittedAt), status })
    await quiz('2026-03-04T00:00:00Z', 'reviewed')
    await quiz('2026-03-08T12:00:00Z', 'reviewed')
    await quiz('2026-03-10T23:59:59Z', 'awaiting_specialist')
    await quiz('2026-02-27T09:00:00Z', 'reviewed')

    // One live assignment a trip: each on a trip of its own, dated far from both spans.
    const expert = bed.userId('expert')
    const assignment = async (createdAt: string, respondedAt: string, status: 'accepted' | 'declined' = 'accepted') =>
      db
        .insert(tripAssignments)
        .values({ tripId: await trip('Later', '2027-05-01', '2027-05-02'), expertId: expert, status, createdAt: at(createdAt), respondedAt: at(respondedAt) })
    await assignment('2026-03-05T10:00:00Z', '2026-03-05T13:00:00Z') // 3 h
    await assignment('2026-03-06T00:00:00Z', '2026-03-06T05:00:00Z') // 5 h
    await assignment('2026-03-06T00:00:00Z', '2026-03-07T00:00:00Z', 'declined') // not an acceptance
    await assignment('2026-02-26T08:00:00Z', '2026-02-26T10:00:00Z') // 2 h, the week before

    const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
    const [eur] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'EUR'))
    await db.insert(conversionRates).values({ fromCurrencyId: eur!.id, toCurrencyId: usd!.id, rate: '1.1', effectiveDate: '2020-01-01' })
    const pay = async (tripId: number, amount: string, currency: string, confirmedAt: string, status: 'succeeded' | 'refunded' = 'succeeded') => {
      const booking = await insertBooking(db, {
        bookingType: 'hotel',
        travelerId: traveler,
        tripId,
        title: `Stay ${amount}`,
        serviceDate: '2026-03-12',
        partySize: 1,
        amount,
        currency,
        status: 'confirmed',
      })
      await db
        .insert(payments)
        .values({ bookingId: booking.id, provider: 'manual', intentId: `man_${booking.id}`, amount, currency, status, confirmedAt: at(confirmedAt) })
    }
    await pay(during, '100.00', 'USD', '2026-03-05T09:00:00Z')
    await pay(during, '50.00', 'EUR', '2026-03-06T09:00:00Z') // 55.00 in dollars at 1.1, no margin
    await pay(during, '30.00', 'USD', '2026-03-07T09:00:00Z', 'refunded') // given back: not revenue
    await pay(before, '80.00', 'USD', '2026-02-26T09:00:00Z')
    // Booked on the day of the first payment.
    await db.update(bookings).set({ createdAt: at('2026-03-05T09:00:00Z') })

    // Three messages in the period (the first at its first instant), one the week before, one at its end.
    const [talk] = await db.insert(chatConversations).values({ travelerId: traveler, title: 'Lisbon' }).returning()
    for (const sent of ['2026-03-04T00:00:00Z', '2026-03-06T10:00:00Z', '2026-03-10T23:59:59Z', '2026-03-01T10:00:00Z', '2026-03-11T00:00:00Z'])
      await db.insert(chatMessages).values({ conversationId: talk!.id, senderId: traveler, content: 'Hello', createdAt: at(sent) })
  })

  it('count users, active trips, revenue, quiz completion, trip value and response time over both spans', async () => {
    const f = await analyticsFigures(bed.handle.db, periodWindow('7d', NOW))
    // 7 accounts from New Year's Day and one joined at the period's first instant; the one at its end is after it.
    expect(f.total_users).toEqual({ value: 8, previous: 7, change: 14.3 })
    // "During" and "Across" (ends on the period's first day) now; "Before" and "Across" before; never the cancelled one.
    expect(f.active_trips).toEqual({ value: 2, previous: 2, change: 0 })
    expect(f.total_revenue).toEqual({ value: '155.00', previous: '80.00', change: 93.8, currency: 'USD', unconverted: [] })
    expect(f.avg_trip_value).toEqual({ value: '155.00', previous: '80.00', change: 93.8, currency: 'USD' })
    // Two of the three quizzes of the period reviewed; the one of the week before was.
    expect(f.quiz_completion).toEqual({ value: 66.7, previous: 100, change: -33.3 })
    expect(f.response_time_hours).toEqual({ value: 4, previous: 2, change: 100 })
    expect(f.messages).toEqual({ value: 3, previous: 1, change: 200 })
  })

  it('are empty rather than invented for a span with nothing in it', async () => {
    const f = await analyticsFigures(bed.handle.db, periodWindow('7d', at('2025-06-01T12:00:00Z')))
    expect(f.total_users).toEqual({ value: 0, previous: 0, change: null })
    expect(f.total_revenue).toMatchObject({ value: '0.00', previous: '0.00', change: null })
    expect(f.avg_trip_value).toMatchObject({ value: null, previous: null, change: null })
    expect(f.quiz_completion).toEqual({ value: null, previous: null, change: null })
    expect(f.response_time_hours).toEqual({ value: null, previous: null, change: null })
  })
})

describe('the panels', () => {
  it('give each day its sign-ups, trips, revenue and quizzes, in UTC', async () => {
    const series = await dailySeries(bed.handle.db, periodWindow('7d', NOW), 'USD')
    expect(series.map((d) => d.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'])
    expect(series.find((d) => d.date === '2026-03-04')).toEqual({ date: '2026-03-04', users: 1, trips: 0, revenue: '0.00', quizzes: 1 })
    expect(series.find((d) => d.date === '2026-03-05')).toEqual({ date: '2026-03-05', users: 0, trips: 1, revenue: '100.00', quizzes: 0 })
    // 50 euros at 1.1; the refund of the 7th is not revenue; the quiz at 23:59:59 UTC is the 10th's.
    expect(series.find((d) => d.date === '2026-03-06')!.revenue).toBe('55.00')
    expect(series.find((d) => d.date === '2026-03-07')!.revenue).toBe('0.00')
    expect(series.find((d) => d.date === '2026-03-10')!.quizzes).toBe(1)
    expect(series.reduce((n, d) => n + d.quizzes, 0)).toBe(3)
  })

  it('share the users out by role', async () => {
    const roles = await roleDistribution(bed.handle.db)
    expect(roles[0]).toEqual({ role: 'traveler', count: 4, percentage: 44.4 })
    expect(roles.find((r) => r.role === 'expert')).toEqual({ role: 'expert', count: 1, percentage: 11.1 })
    expect(roles.reduce((n, r) => n + r.count, 0)).toBe(9)
  })

  it('rank destinations by trips in the period, with their revenue and rating', async () => {
    const top = await topDestinations(bed.handle.db, periodWindow('7d', NOW), 'USD')
    // Japan's only live trip ended before the period; its cancelled one never counts.
    expect(top).toEqual([{ id: expect.any(Number), name: 'Portugal', country: 'Portugal', trips: 2, revenue: '155.00', rating: 4.5 }])
  })

  it('follow the period’s quizzes to a review, a trip and a booking, by answer', async () => {
    const funnel = await quizFunnel(bed.handle.db, periodWindow('7d', NOW))
    // Three quizzes, two reviewed; only the first came before the trip requested on the 5th and the booking made then.
    // No proposal was sent (the proposals' own file follows quizzes through them).
    expect(funnel.all).toEqual({ quizzes: 3, reviewed: 2, trips: 1, proposals: 0, accepted: 0, bookings: 1 })
    expect(funnel.by_answer).toEqual([
      { question: 'travel_style', answer: 'Food & Wine', counts: { quizzes: 3, reviewed: 2, trips: 1, proposals: 0, accepted: 0, bookings: 1 } },
    ])
  })
})

describe('the report', () => {
  it('reads System Health and API Response from the recorded request figures', async () => {
    // One process, up for the first ten minutes of 5 March only, answering twenty requests in 11 to 25 ms, one a 500.
    const process = new RequestFigures('report-app', at('2026-03-05T00:00:00Z').getTime())
    for (let i = 0; i < 20; i++) process.record('GET /api/trips/', i === 0 ? 500 : 200, 20, at('2026-03-05T00:03:00Z').getTime())
    await process.flush(bed.handle.db, { before: at('2026-03-05T00:10:00Z').getTime() })
    const report = await analyticsReport(bed.as.admin!, { period: '7d' }, NOW)
    // Nothing was measured the week before: no change to show.
    expect(report.cards.api_response).toEqual({ value: 25, previous: null, change: null })
    // Ten minutes up of the 5 days 14 h 59 min since the first: far below every threshold.
    expect(report.system_health).toMatchObject({ requests: 20, error_rate: 5, api_p95_ms: 25, uptime_percent: 0.12, state: 'down', label: 'Down' })
    expect(report.cards.system_health).toEqual({ value: 0.12, previous: null, change: null, state: 'down', label: 'Down' })
  })

  it('is for those with view_analytics (admins) or every permission (superadmins): the other roles get 403', async () => {
    const report = await analyticsReport(bed.as.admin!, { period: '7d' }, NOW)
    expect(report).toMatchObject({
      period: '7d',
      label: 'Last 7 days',
      range: { from: '2026-03-04T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
      currency: 'USD',
      cards: { total_revenue: { value: '155.00' } },
    })
    expect(report.daily).toHaveLength(7)
    expect(report.cards.messages.value).toBe(3)
    expect((await analyticsReport(bed.as.superadmin!, {}, NOW)).period).toBe('30d')
    for (const role of ['expert', 'specialist', 'editor', 'traveler']) {
      const error = await domainErrorOf(analyticsReport(bed.as[role]!, { period: '7d' }, NOW))
      expect([error.code, error.message]).toEqual(['forbidden', ANALYTICS_DENIED])
    }
    expect((await domainErrorOf(analyticsReport({ ...bed.as.admin!, actor: null }, {}, NOW))).code).toBe('unauthenticated')
    expect((await domainErrorOf(analyticsReport(bed.as.admin!, { period: '2w' }, NOW))).fields).toEqual({ period: [ANALYTICS_MESSAGES.period] })
  })

  it('is shared for a minute, then computed again; Refresh computes it at once', async () => {
    const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)
    const first = await currentAnalyticsReport(bed.as.admin!, { period: '90d' }, NOW)
    const before = first.cards.total_users.value!
    const id = await insertUser(bed.handle.db, { username: 'cached', email: 'cached@example.test', password: 'a-long-password-1', role: 'traveler' })
    await bed.handle.db
      .update(users)
      .set({ dateJoined: at('2026-03-05T00:00:00Z') })
      .where(eq(users.id, id))
    // Another admin half a minute later sees the same copy, computed at the same instant.
    const shared = await currentAnalyticsReport(bed.as.superadmin!, { period: '90d' }, later(30))
    expect([shared.cards.total_users.value, shared.generated_at]).toEqual([before, first.generated_at])
    expect((await currentAnalyticsReport(bed.as.admin!, { period: '90d', refresh: true }, later(31))).cards.total_users.value).toBe(before + 1)
    expect((await currentAnalyticsReport(bed.as.admin!, { period: '90d' }, later(95))).generated_at).toBe(later(95).toISOString())
    // The shared copy is still refused to those without view_analytics.
    expect((await domainErrorOf(currentAnalyticsReport(bed.as.traveler!, { period: '90d' }, later(40)))).code).toBe('forbidden')
  })
})
