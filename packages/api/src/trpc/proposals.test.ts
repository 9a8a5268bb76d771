import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { eq, tripAssignments, trips, users } from '@meridian/db'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const client = (who: string) => createMeridianClient({ url: server.url, token: token[who] })
let tripId: number

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  for (const u of ['expert', 'specialist', 'traveler']) token[u] = (await server.login(u)).access
  const id = async (u: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  const [trip] = await db
    .insert(trips)
    .values({
      title: 'Porto, Portugal',
      startDate: '2030-06-01',
      endDate: '2030-06-02',
      travelers: 3,
      travelerId: await id('traveler'),
      expertId: await id('expert'),
    })
    .returning({ id: trips.id })
  tripId = trip!.id
  await db.insert(tripAssignments).values({ tripId, expertId: await id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await server?.close()
})

describe('tRPC proposals', () => {
  it('send a round, quote choices given as an object with the REST answer, and accept', async () => {
    const made = await client('expert').itineraries.create.mutate({ trip_id: tripId, currency: 'USD' })
    const stay = (key: string, title: string, price: string, recommended = false) => ({
      key,
      type: 'accommodation',
      title,
      unit_price: price,
      currency: 'USD',
      nights: 1,
      option_group: 'stay',
      recommended,
    })
    const saved = await client('expert').itineraries.save.mutate({
      id: made.id,
      data: {
        version: 1,
        days: [
          { date: '2030-06-01', title: 'Douro', items: [stay('quinta', 'Quinta on the river', '240.00', true), stay('inn', 'Riverside inn', '120.00')] },
          { date: '2030-06-02', title: 'Home', items: [] },
        ],
      },
    })
    await client('expert').itineraries.changeStatus.mutate({ id: made.id, data: { status: 'review', version: saved.version } })
    await client('specialist').itineraries.changeStatus.mutate({ id: made.id, data: { status: 'approved', version: saved.version } })
    const round = await client('expert').proposals.publish.mutate({
      id: made.id,
      data: { expires_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) },
    })
    expect(round).toMatchObject({ round: 1, total: '240.00' })

    const quoted = await client('traveler').proposals.get.query({ id: round.id, choices: { stay: 'inn' } })
    // 120.00 over three paying travelers, over two days.
    expect(quoted.totals).toMatchObject({ total: '120.00', per_person: '40.00', per_day: '60.00', differences: { quinta: '+120.00', inn: '0.00' } })
    const rest = await server.request(`/api/proposals/${round.id}/?choices=stay:inn`, { token: token.traveler })
    expect(rest.body.totals).toEqual(quoted.totals)
    await expect(client('traveler').proposals.get.query({ id: round.id, choices: { stay: 'nope' } })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { 'choices.stay': ['"nope" is not an option of this slot.'] } },
    })
    const accepted = await client('traveler').proposals.accept.mutate({ id: round.id, data: { choices: { stay: 'inn' } } })
    expect(accepted).toMatchObject({ status: 'accepted', accepted_total: '120.00' })
    const rounds = await client('expert').proposals.rounds.query({ id: made.id })
    expect(rounds.results.map((r) => [r.round, r.status])).toEqual([[1, 'accepted']])
  })
})
