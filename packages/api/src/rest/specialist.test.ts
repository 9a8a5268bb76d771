import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { conversionRates, currencies, eq, payments, quizSubmissions, sql, travelerExperts, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let maldives: number
let japan: number

const S = '/users/api/specialist'
const MALDIVES_ANSWERS = { stay: 'Overwater villa', occasion: 'Honeymoon or anniversary', budget_range: 'Luxury ($5000+)', group_size: 'Couple' }
const GENERAL_ANSWERS = { travel_style: 'Food & Wine', budget_range: 'Premium ($3000-5000)', group_size: 'Family with kids' }
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

const post = (path: string, who: string, body: unknown) => server.request(path, { token: token[who], body })
const get = (path: string, who: string) => server.request(path, { token: token[who] })

async function quiz(who: string, quiz_type: string, quiz_data: Record<string, string>) {
  const res = await post('/api/onboarding/quiz/', who, { quiz_type, quiz_data })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as number
}

/** A trip request of the traveler's: a trip in planning (unassigned unless the traveler already has an expert). */
async function requestTrip(who: string, trip_type = 'romantic') {
  const res = await post('/users/api/traveler/trip-requests/', who, {
    destination_id: maldives,
    start_date: day(40),
    end_date: day(47),
    travelers: 2,
    travel_style: 'luxury',
    trip_type,
    activities: ['wellness'],
    budget_min: 3000,
    budget_max: 6000,
    priority_level: 'standard',
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.trip.id as number
}

const submissionOf = async (quizId: number) => (await server.handle.db.select().from(quizSubmissions).where(eq(quizSubmissions.id, quizId)))[0]!
const expertsOf = (travelerId: number | undefined) => server.handle.db.select().from(travelerExperts).where(eq(travelerExperts.travelerId, travelerId!))
const assignmentsOf = (tripId: number) => server.handle.db.select().from(tripAssignments).where(eq(tripAssignments.tripId, tripId))

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  const person = (username: string, role: string, firstName: string, lastName = '') =>
    insertUser(db, { username, email: `${username}@example.com`, password: 'meridian-demo', role: role as never, firstName, lastName })
  id.maya = await person('maya', 'traveler', 'Maya', 'Lind')
  id.omar = await person('omar', 'traveler', 'Omar', 'Haddad')
  id.paula = await person('paula', 'traveler', 'Paula', 'Reyes')
  id.ines = await person('ines', 'expert', 'Ines', 'Moreau')
  id.hiro = await person('hiro', 'expert', 'Hiro', 'Tanaka')
  id.gone = await person('gone', 'expert', 'Gone', 'Away')
  await db.update(users).set({ isActive: false }).where(eq(users.id, id.gone))
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler', 'maya', 'omar', 'paula', 'ines', 'hiro']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  const country = async (name: string, code: string) =>
    (await post('/api/destinations/countries-mgmt/', 'admin', { name, code, continent: 'Asia' })).body.id as number
  maldives = await country('Maldives', 'MV')
  japan = await country('Japan', 'JP')
  // The reference catalogue carries ISO codes (the Maldives quiz names MV); countries made by hand have none.
  await db.execute(sql`update countries set code = case name when 'Maldives' then 'MV' when 'Japan' then 'JP' else code end`)
  // Ines covers the Maldives and does luxury honeymoons; Hiro covers Japan and adventure.
  await db.update(users).set({ expertCountries: [maldives], specializations: ['Luxury travel', 'Honeymoons'], yearsExperience: 12 }).where(eq(users.id, id.ines))
  await db.update(users).set({ expertCountries: [japan], specializations: ['Adventure', 'Trekking'], yearsExperience: 4 }).where(eq(users.id, id.hiro))
})
afterAll(async () => {
  await server?.close()
})

describe('the specialist calls refuse everyone but reviewers', () => {
  it('answers a traveler 403 on every specialist call, and a visitor 401', async () => {
    const quizId = await quiz('traveler', 'general', GENERAL_ANSWERS)
    const calls: [string, string, unknown?][] = [
      ['GET', `${S}/dashboard/`],
      ['GET', `${S}/quiz-reviews/`],
      ['GET', `${S}/quiz-reviews/${quizId}/`],
      ['POST', `${S}/quiz-reviews/${quizId}/`, { score: 80 }],
      ['GET', `${S}/customers/`],
      ['GET', `${S}/customers/${id.maya}/`],
      ['POST', `${S}/customers/${id.maya}/notes/`, { body: 'Hello' }],
      ['POST', `${S}/assign-expert/`, { customer_id: id.maya, expert_id: id.ines }],
      ['GET', `${S}/experts/`],
    ]
    for (const [method, path, body] of calls) {
      const res = await server.request(path, { token: token.traveler, method, ...(body ? { body } : {}) })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body).toEqual({ detail: "You don't have permission to perform this action." })
      expect((await server.request(path, { method, ...(body ? { body } : {}) })).status, `${method} ${path} anonymous`).toBe(401)
    }
    expect((await submissionOf(quizId)).status).toBe('awaiting_specialist')
    expect(await expertsOf(id.maya)).toEqual([])
  })

  it('keeps a traveler’s quiz from another traveler (404) and the traveler calls from a specialist', async () => {
    const quizId = await quiz('maya', 'general', GENERAL_ANSWERS)
    expect((await get(`/api/onboarding/quiz/${quizId}/`, 'omar')).status).toBe(404)
    expect((await get(`/api/onboarding/quiz/${quizId}/`, 'specialist')).status).toBe(200)
    // The traveler's own planning page (their quiz, requests and trips) is not a specialist's.
    const planning = await server.request('/trpc/trips.planning', { token: token.specialist })
    expect(planning.status).toBe(403)
  })
})

describe('the review queue', () => {
  it('lists awaiting submissions first, filters by status and type, and searches the answers', async () => {
    const maldivesQuiz = await quiz('omar', 'maldives', MALDIVES_ANSWERS)
    const all = await get(`${S}/quiz-reviews/?page_size=100`, 'specialist')
    expect(all.status).toBe(200)
    const mine = all.body.results.find((q: { id: number }) => q.id === maldivesQuiz)
    expect(mine).toMatchObject({ quiz_type: 'maldives', status: 'awaiting_specialist', score: null, traveler: { id: id.omar, name: 'Omar Haddad' } })
    const statuses = all.body.results.map((q: { status: string }) => q.status)
    expect(statuses.indexOf('reviewed') === -1 || statuses.lastIndexOf('awaiting_specialist') < statuses.indexOf('reviewed')).toBe(true)

    const typed = await get(`${S}/quiz-reviews/?quiz_type=maldives`, 'specialist')
    expect(typed.body.results.every((q: { quiz_type: string }) => q.quiz_type === 'maldives')).toBe(true)
    expect(typed.body.results.map((q: { id: number }) => q.id)).toContain(maldivesQuiz)
    const found = await get(`${S}/quiz-reviews/?search=OVERWATER`, 'specialist')
    expect(found.body.results.map((q: { id: number }) => q.id)).toEqual([maldivesQuiz])
    expect((await get(`${S}/quiz-reviews/?search=submarine`, 'specialist')).body).toMatchObject({ count: 0, results: [] })

    const bad = await get(`${S}/quiz-reviews/?status=lost&quiz_type=cruise`, 'specialist')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body).sort()).toEqual(['quiz_type', 'status'])
  })

  it('ranks every active expert for a submission with reasons, the best fit first', async () => {
    const quizId = await quiz('paula', 'maldives', MALDIVES_ANSWERS)
    const res = await get(`${S}/quiz-reviews/${quizId}/`, 'specialist')
    expect(res.status).toBe(200)
    expect(res.body.quiz.questions[0]).toEqual({ id: 'stay', question: 'Where would you like to stay?', answer: 'Overwater villa' })
    expect(res.body.needs.countries).toEqual([{ id: maldives, name: 'Maldives' }])
    const [first] = res.body.ranking
    expect(first).toMatchObject({ expert_id: id.ines, name: 'Ines Moreau' })
    expect(first.reasons).toEqual(expect.arrayContaining(['Covers Maldives', 'Luxury specialist', 'Romance specialist', '12 years of experience']))
    const ids = res.body.ranking.map((r: { expert_id: number }) => r.expert_id)
    expect(ids).toContain(id.hiro)
    expect(ids).not.toContain(id.gone)
  })
})

describe('reviewing a submission', () => {
  it('refuses bad input with field errors and changes nothing', async () => {
    const quizId = await quiz('maya', 'general', GENERAL_ANSWERS)
    const path = `${S}/quiz-reviews/${quizId}/`
    const cases: [unknown, Record<string, string[]>][] = [
      [{ score: 101 }, { score: ['Ensure this value is less than or equal to 100.'] }],
      [{ score: -1 }, { score: ['Ensure this value is greater than or equal to 0.'] }],
      [{ score: 100.01 }, { score: ['Ensure this value is less than or equal to 100.'] }],
      [{ score: 'lots' }, { score: ['A valid number is required.'] }],
      [{ score: 'abc' }, { score: ['A valid number is required.'] }],
      [{ score: '87.125' }, { score: ['Ensure that there are no more than 2 decimal places.'] }],
      [{}, { score: ['This field is required.'] }],
      [{ score: 70, expert_assignment: id.maya }, { expert_assignment: ['Select an active expert.'] }],
      [{ score: 70, expert_assignment: id.gone }, { expert_assignment: ['Select an active expert.'] }],
      [{ score: 70, expert_assignment: 999_999 }, { expert_assignment: ['Select an active expert.'] }],
    ]
    for (const [body, fields] of cases) {
      const res = await post(path, 'specialist', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toEqual(fields)
    }
    const row = await submissionOf(quizId)
    expect(row).toMatchObject({ status: 'awaiting_specialist', score: null, reviewedBy: null, expertAssignment: null })
  })

  it('stores the score, reviewer and ranking, matches the expert and assigns the open trips, once', async () => {
    const tripId = await requestTrip('paula')
    const quizId = await quiz('paula', 'general', GENERAL_ANSWERS)
    const beforeRes = await get(`${S}/dashboard/`, 'specialist')
    expect(beforeRes.status, JSON.stringify(beforeRes.body)).toBe(200)
    const before = beforeRes.body
    const res = await post(`${S}/quiz-reviews/${quizId}/`, 'specialist', { score: 85, expert_assignment: id.ines })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: quizId, status: 'reviewed', score: 85, expert_assignment: { id: id.ines, name: 'Ines Moreau' }, reviewer: { id: id.specialist } })
    expect(res.body.assigned_trips).toEqual([tripId])
    expect(res.body.message).toBe('Review saved: Paula Reyes now works with Ines Moreau.')
    expect(res.body.ranking[0]).toMatchObject({ expert_id: id.ines })

    // The traveler works with Ines for every trip type; the open trip waits for her answer.
    expect((await expertsOf(id.paula)).map((e) => [e.expertId, e.tripType])).toEqual([[id.ines, null]])
    expect((await assignmentsOf(tripId)).map((a) => [a.expertId, a.status])).toEqual([[id.ines, 'pending']])
    const seen = await get(`/api/onboarding/quiz/${quizId}/`, 'paula')
    expect(seen.body).toMatchObject({ status: 'reviewed', score: 85, expert_assignment: id.ines })
    // The stored review keeps the ranking the reviewer saw.
    const stored = await get(`${S}/quiz-reviews/${quizId}/`, 'specialist')
    expect(stored.body.ranking[0].reasons.length).toBeGreaterThan(0)
    expect(stored.body.traveler_experts).toEqual([{ trip_type: null, expert: { id: id.ines, name: 'Ines Moreau' } }])

    const after = (await get(`${S}/dashboard/`, 'specialist')).body
    expect(after.pending_reviews).toBe(before.pending_reviews - 1)
    expect(after.completed_today).toBe(before.completed_today + 1)
    expect(after.expert_assignments_this_week).toBe(before.expert_assignments_this_week + 1)
    expect(typeof after.average_score).toBe('number')

    // A second review answers 409 and changes nothing.
    const again = await post(`${S}/quiz-reviews/${quizId}/`, 'superadmin', { score: 10, expert_assignment: id.hiro })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ detail: 'This quiz has already been reviewed.' })
    expect(await submissionOf(quizId)).toMatchObject({ score: '85.00', expertAssignment: id.ines, reviewedBy: id.specialist })
    expect((await assignmentsOf(tripId)).map((a) => a.expertId)).toEqual([id.ines])
  })

  it('reviews without an expert: the traveler keeps waiting to be matched', async () => {
    const quizId = await quiz('omar', 'general', GENERAL_ANSWERS)
    const res = await post(`${S}/quiz-reviews/${quizId}/`, 'specialist', { score: 55 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'reviewed', score: 55, expert_assignment: null, assigned_trips: [] })
    expect(await expertsOf(id.omar)).toEqual([])
  })

  it('takes a decimal score, as a number or as text, and reads it back exactly', async () => {
    for (const [score, stored, shown] of [
      [87.5, '87.50', 87.5],
      ['72.25', '72.25', 72.25],
    ] as const) {
      const quizId = await quiz('omar', 'general', GENERAL_ANSWERS)
      const res = await post(`${S}/quiz-reviews/${quizId}/`, 'specialist', { score })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.score).toBe(shown)
      expect((await submissionOf(quizId)).score).toBe(stored)
      expect((await get(`${S}/quiz-reviews/${quizId}/`, 'specialist')).body.submission.score).toBe(shown)
      expect((await get(`/api/onboarding/quiz/${quizId}/`, 'omar')).body.score).toBe(shown)
    }
    const queue = await get(`${S}/quiz-reviews/?status=reviewed&search=food`, 'specialist')
    expect(queue.body.results.map((r: { score: number }) => r.score)).toEqual(expect.arrayContaining([87.5, 72.25]))
  })

  it('leaves the submission awaiting and assigns nothing when the review fails part-way', async () => {
    const db = server.handle.db
    const tripId = await requestTrip('maya')
    const quizId = await quiz('maya', 'maldives', MALDIVES_ANSWERS)
    // Assigning a trip to Hiro fails inside the transaction, after the submission was updated.
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION refuse_hiro() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.expert_id = ${id.hiro} THEN RAISE EXCEPTION 'assignment store unavailable'; END IF; RETURN NEW; END $$`))
    await db.execute(sql.raw('CREATE TRIGGER refuse_hiro BEFORE INSERT ON trip_assignments FOR EACH ROW EXECUTE FUNCTION refuse_hiro()'))
    try {
      const res = await post(`${S}/quiz-reviews/${quizId}/`, 'specialist', { score: 90, expert_assignment: id.hiro })
      expect(res.status).toBe(500)
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_hiro ON trip_assignments'))
      await db.execute(sql.raw('DROP FUNCTION refuse_hiro()'))
    }
    expect(await submissionOf(quizId)).toMatchObject({ status: 'awaiting_specialist', score: null, reviewedAt: null, expertAssignment: null, ranking: null })
    expect(await expertsOf(id.maya)).toEqual([])
    expect(await assignmentsOf(tripId)).toEqual([])
    expect((await db.select().from(trips).where(eq(trips.id, tripId)))[0]!.expertId).toBeNull()
  })
})

describe('assign-expert', () => {
  it('sets the traveler’s expert for one trip type and assigns their open trips of that type only', async () => {
    const db = server.handle.db
    const [omar2] = [await insertUser(db, { username: 'omar2', email: 'omar2@example.com', password: 'meridian-demo', role: 'traveler', firstName: 'Omar', lastName: 'Two' })]
    token.omar2 = (await server.login('omar2')).access
    const family = await requestTrip('omar2', 'family')
    const romantic = await requestTrip('omar2', 'romantic')
    const badType = await post(`${S}/assign-expert/`, 'specialist', { customer_id: omar2, expert_id: id.hiro, trip_type: 'space' })
    expect(badType.status).toBe(400)
    expect(badType.body).toEqual({ trip_type: ['"space" is not a valid choice. Choose one of: romantic, family, adventure, business, solo, group.'] })
    const notTraveler = await post(`${S}/assign-expert/`, 'specialist', { customer_id: id.ines, expert_id: id.hiro })
    expect(notTraveler.body).toEqual({ customer_id: ['Select an active traveler.'] })
    const notExpert = await post(`${S}/assign-expert/`, 'specialist', { customer_id: omar2, expert_id: id.maya })
    expect(notExpert.status).toBe(400)
    expect(notExpert.body).toEqual({ expert_id: ['Select an active expert.'] })
    expect(await expertsOf(omar2)).toEqual([])
    const res = await post(`${S}/assign-expert/`, 'specialist', { customer_id: omar2, expert_id: id.hiro, trip_type: 'family' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ customer_id: omar2, expert_id: id.hiro, trip_type: 'family', assigned_trips: [family] })
    expect(res.body.message).toBe("Hiro Tanaka is now Omar Two's expert for family trips.")
    expect((await assignmentsOf(family)).map((a) => a.expertId)).toEqual([id.hiro])
    expect(await assignmentsOf(romantic)).toEqual([])
    // A new family trip goes straight to Hiro; the scope can be changed later.
    const next = await requestTrip('omar2', 'family')
    expect((await assignmentsOf(next)).map((a) => a.expertId)).toEqual([id.hiro])
    const moved = await post(`${S}/assign-expert/`, 'admin', { customer_id: omar2, expert_id: id.ines, trip_type: 'family' })
    expect(moved.status).toBe(200)
    expect((await expertsOf(omar2)).map((e) => [e.expertId, e.tripType])).toEqual([[id.ines, 'family']])
  })
})

describe('customers', () => {
  it('Total spent is what the traveler paid: payments received less refunds, in the base currency at today’s rates', async () => {
    const db = server.handle.db
    const spender = await insertUser(db, { username: 'sam', email: 'sam@example.com', password: 'meridian-demo', role: 'traveler', firstName: 'Sam', lastName: 'Spender' })
    await seedCurrencies(db)
    const code = async (c: string) => (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, c)))[0]!.id
    await db.insert(conversionRates).values({ fromCurrencyId: await code('EUR'), toCurrencyId: await code('USD'), rate: '1.1', effectiveDate: '2020-01-01' })
    const pay = async (amount: string, currency: string, status: 'succeeded' | 'refunded' | 'refund_due' | 'requires_payment') => {
      const booking = await insertBooking(db, { bookingType: 'activity', travelerId: spender, title: `Tour ${amount}`, serviceDate: '2031-03-12', partySize: 1, amount, currency, status: 'confirmed' })
      await db.insert(payments).values({ bookingId: booking.id, provider: 'manual', intentId: `man_${booking.id}`, amount, currency, status })
    }
    const spentOf = async () => (await get(`${S}/customers/?search=spender`, 'specialist')).body.results[0]
    expect(await spentOf()).toMatchObject({ total_spent: '0.00', total_spent_currency: 'USD' })
    await pay('100.00', 'USD', 'succeeded')
    await pay('50.05', 'EUR', 'succeeded') // 55.055 dollars: rounded once, half up, with the rest
    await pay('30.00', 'USD', 'refunded') // given back
    await pay('20.00', 'USD', 'refund_due') // owed back
    await pay('40.00', 'USD', 'requires_payment') // not received
    expect(await spentOf()).toMatchObject({ total_spent: '155.06', total_spent_currency: 'USD' })
    // The profile says the same.
    expect((await get(`${S}/customers/${spender}/`, 'specialist')).body).toMatchObject({ total_spent: '155.06' })
  })

  it('sorts by Total spent, most first, then travelers who have paid nothing, newest first, page by page', async () => {
    const db = server.handle.db
    await seedCurrencies(db)
    const code = async (c: string) => (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, c)))[0]!.id
    await db.insert(conversionRates).values({ fromCurrencyId: await code('GBP'), toCurrencyId: await code('USD'), rate: '1.25', effectiveDate: '2020-01-01' })
    const traveler = (username: string) => insertUser(db, { username, email: `${username}@example.com`, password: 'meridian-demo', role: 'traveler', firstName: username, lastName: 'Ordertest' })
    const [euros, dollars, none, older] = [await traveler('ord_pounds'), await traveler('ord_dollars'), await traveler('ord_none'), await traveler('ord_older')]
    await db.update(users).set({ dateJoined: new Date('2020-01-01T00:00:00Z') }).where(eq(users.id, older))
    const pay = async (travelerId: number, amount: string, currency: string) => {
      const booking = await insertBooking(db, { bookingType: 'activity', travelerId, title: `Order ${amount}`, serviceDate: '2031-03-12', partySize: 1, amount, currency, status: 'confirmed' })
      await db.insert(payments).values({ bookingId: booking.id, provider: 'manual', intentId: `ord_${booking.id}`, amount, currency, status: 'succeeded' })
    }
    await pay(euros, '10.00', 'GBP') // 12.50 dollars
    await pay(dollars, '12.00', 'USD')
    await pay(older, '1.00', 'USD')
    const order = async (query: string) => (await get(`${S}/customers/?search=ordertest&ordering=-total_spent${query}`, 'specialist')).body
    const all = await order('')
    expect(all.results.map((c: { id: number; total_spent: string }) => [c.id, c.total_spent])).toEqual([
      [euros, '12.50'],
      [dollars, '12.00'],
      [older, '1.00'],
      [none, '0.00'],
    ])
    expect(all.count).toBe(4)
    // Page by page: the same order, the payers then the rest.
    const pages = [await order('&page_size=3&page=1'), await order('&page_size=3&page=2')]
    expect(pages.map((p) => p.results.map((c: { id: number }) => c.id))).toEqual([[euros, dollars, older], [none]])
    expect(pages[1]!.count).toBe(4)
    // Newest first stays the default.
    expect((await get(`${S}/customers/?search=ordertest`, 'specialist')).body.results.map((c: { id: number }) => c.id).at(-1)).toBe(older)
    const wrong = await get(`${S}/customers/?ordering=spent`, 'specialist')
    expect(wrong.status).toBe(400)
    expect(wrong.body.ordering[0]).toContain('-total_spent')
  })

  it('lists travelers with their status, expert and figures, searches, filters and counts', async () => {
    const res = await get(`${S}/customers/?search=reyes`, 'specialist')
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(1)
    expect(res.body.results[0]).toMatchObject({ id: id.paula, name: 'Paula Reyes', status: 'active', assigned_expert: { id: id.ines, name: 'Ines Moreau', trip_type: null }, total_trips: 1, total_spent: '0.00', satisfaction: null })
    expect(res.body.results[0].preferred_destinations).toContain('Maldives')
    const pending = await get(`${S}/customers/?status=pending&page_size=100`, 'admin')
    expect(pending.body.results.every((c: { status: string }) => c.status === 'pending')).toBe(true)
    expect(pending.body.results.map((c: { id: number }) => c.id)).toContain(id.omar)
    const all = (await get(`${S}/customers/?page_size=1`, 'specialist')).body
    expect(all.counters.all).toBe(all.counters.active + all.counters.pending + all.counters.inactive)
    expect(all.counters.pending).toBe(pending.body.count)
    expect((await get(`${S}/customers/?status=asleep`, 'specialist')).status).toBe(400)
    // Experts and staff are not customers.
    expect((await get(`${S}/customers/${id.ines}/`, 'specialist')).status).toBe(404)
  })

  it('keeps every edit of a note with its author and time', async () => {
    const path = `${S}/customers/${id.omar}/notes/`
    expect((await post(path, 'specialist', { body: 'Prefers quiet hotels.' })).status).toBe(201)
    const second = await post(path, 'admin', { body: 'Prefers quiet hotels. Allergic to shellfish.' })
    expect(second.status).toBe(201)
    expect(second.body.notes).toBe('Prefers quiet hotels. Allergic to shellfish.')
    expect(second.body.note_history.map((n: { body: string; author: { id: number } }) => [n.body, n.author.id])).toEqual([
      ['Prefers quiet hotels. Allergic to shellfish.', id.admin],
      ['Prefers quiet hotels.', id.specialist],
    ])
    const tooLong = await post(path, 'specialist', { body: 'x'.repeat(5001) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toEqual({ body: ['Ensure this field has no more than 5000 characters.'] })
    expect((await get(`${S}/customers/${id.omar}/`, 'specialist')).body.note_history).toHaveLength(2)
  })
})

describe('the experts directory', () => {
  it('shows staff every expert with countries, specializations, load and history; one expert with their trips', async () => {
    const res = await get(`${S}/experts/`, 'specialist')
    expect(res.status).toBe(200)
    const ines = res.body.find((e: { id: number }) => e.id === id.ines)
    expect(ines).toMatchObject({ name: 'Ines Moreau', is_active: true, countries: [{ id: maldives, name: 'Maldives' }], specializations: ['Luxury travel', 'Honeymoons'], years_experience: 12 })
    expect(ines.open_trips).toBeGreaterThanOrEqual(1)
    expect(res.body.find((e: { id: number }) => e.id === id.gone)).toMatchObject({ is_active: false })
    const one = await get(`${S}/experts/${id.ines}/`, 'admin')
    expect(one.status).toBe(200)
    expect(one.body.trips.length).toBeGreaterThanOrEqual(1)
    expect(one.body.performance.assignments.pending).toBeGreaterThanOrEqual(1)
    expect((await get(`${S}/experts/${id.maya}/`, 'admin')).status).toBe(404)
  })
})
