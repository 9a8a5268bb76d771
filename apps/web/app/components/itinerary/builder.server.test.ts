import { type DatabaseHandle, tripAssignments, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import {
  changeItineraryStatus,
  commentOnProposal,
  createAppServices,
  createItinerary,
  getItinerary,
  listItineraryProposals,
  loadActor,
  loadConfig,
  saveItinerary,
  type ServiceContext,
  serviceContext,
} from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { seedDemoUsers } from '@meridian/core/seed'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuilderAnswer, builderAction } from './builder.server.ts'
import { draftOf, totalsOf } from './draft.ts'
import { PROPOSAL_DONE } from './proposal-actions.server.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let tripId: number

beforeAll(async () => {
  handle = await createTestDatabase()
  await seedDemoUsers(handle.db)
  await seedCurrencies(handle.db)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const people = await handle.db.select({ id: users.id, username: users.username }).from(users)
  for (const p of people) as[p.username] = serviceContext(app, await loadActor(handle.db, p.id), { ipAddress: '', userAgent: '' })
  const id = (name: string) => people.find((p) => p.username === name)!.id
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Cusco, Peru · May 3 – May 5, 2031',
      startDate: '2031-05-03',
      endDate: '2031-05-05',
      travelers: 2,
      travelerId: id('traveler'),
      expertId: id('expert'),
    })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

/** The builder's action as a form post would call it, with JavaScript (the answer as data). */
async function post(values: Record<string, string>, who = 'expert') {
  const answer = (await builderAction(as[who]!, String(values.id), { js: '1', day: '1', ...values })) as unknown as {
    data: BuilderAnswer
    init: ResponseInit | null
  }
  return answer.data
}

const meal = (key: string, title: string, price: string) => ({ key, type: 'meal', title, unit_price: price, currency: 'USD', duration_minutes: 60 })

describe('the plan’s time zone in the builder’s action', () => {
  it('sets the zone as a new version, keeps the plan, and refuses a zone that is none with its message', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const id = String(start.id)
    await saveItinerary(as.expert!, id, { version: 1, days: [{ key: 'd1', date: '2031-05-03', title: 'Arrival', items: [meal('lunch', 'Lunch', '20.00')] }] })
    const set = await post({ id, intent: 'time-zone', version: '2', time_zone: 'America/Lima' })
    expect(set).toMatchObject({ kind: 'saved', version: 3, message: 'Times are now local to America/Lima · version 3' })
    const after = await getItinerary(as.expert!, id)
    expect(after.time_zone).toBe('America/Lima')
    expect(after.days[0]!.items.map((i) => i.title)).toEqual(['Lunch'])
    const refused = await post({ id, intent: 'time-zone', version: '3', time_zone: 'Mars/Olympus' })
    expect(refused).toMatchObject({ kind: 'invalid' })
    expect(JSON.stringify(refused)).toContain('Choose a time zone such as America/Lima, or leave it blank for the trip’s destination.')
    expect((await getItinerary(as.expert!, id)).time_zone).toBe('America/Lima')
    // Blank: back to the trip's destination's.
    expect(await post({ id, intent: 'time-zone', version: '3', time_zone: '' })).toMatchObject({ kind: 'saved', version: 4 })
    expect((await getItinerary(as.expert!, id)).time_zone).toBe('')
  })
})

describe('options in the builder’s action', () => {
  it('adds an option, makes it recommended and saves: the totals count the recommended option only, as the builder does', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const id = String(start.id)
    await saveItinerary(as.expert!, id, {
      version: 1,
      days: [
        {
          key: 'd1',
          date: '2031-05-03',
          title: 'Arrival',
          items: [
            { key: 'cusco', type: 'accommodation', title: 'Hotel Cusco', unit_price: '120.00', currency: 'USD', nights: 1 },
            meal('lunch', 'Lunch', '20.00'),
          ],
        },
      ],
    })

    // Add an option: a copy of the hotel in the slot hotel-cusco, which the hotel starts as its recommended option.
    expect(await post({ id, intent: 'add-option', item: 'cusco', version: '2' })).toMatchObject({ kind: 'saved', version: 3 })
    let saved = await getItinerary(as.expert!, id)
    expect(saved.days[0]!.items.map((i) => [i.title, i.option_group, i.recommended])).toEqual([
      ['Hotel Cusco', 'hotel-cusco', true],
      ['Hotel Cusco', 'hotel-cusco', false],
      ['Lunch', null, false],
    ])
    expect(saved.total_cost).toBe('140.00')

    // Add item as an option of the hotel: the Inn, after the slot's last option.
    const added = await post({
      id,
      intent: 'add-item',
      version: '3',
      type: 'accommodation',
      title: 'Inn',
      unit_price: '80.00',
      currency: 'USD',
      nights: '1',
      option_of: 'cusco',
    })
    expect(added).toMatchObject({ kind: 'saved', version: 4, message: expect.stringContaining('as an option of hotel-cusco') })
    saved = await getItinerary(as.expert!, id)
    const inn = saved.days[0]!.items[2]!
    expect(inn).toMatchObject({ title: 'Inn', option_group: 'hotel-cusco', recommended: false })
    expect(saved.total_cost).toBe('140.00')

    // Make recommended: the Inn's price counts instead of the hotel's, on the server and in the builder alike.
    expect(await post({ id, intent: 'recommend', item: inn.key, version: '4' })).toMatchObject({ kind: 'saved', version: 5 })
    saved = await getItinerary(as.expert!, id)
    expect(saved.days[0]!.items.filter((i) => i.recommended).map((i) => i.title)).toEqual(['Inn'])
    expect(saved.total_cost).toBe('100.00')
    expect(saved.budget.breakdown.accommodation).toBe('80.00')
    const builder = totalsOf(draftOf(saved), null)
    expect(builder.total).toBe(saved.total_cost)
    expect(builder.days.map((d) => d.total_cost)).toEqual(saved.days.map((d) => d.total_cost))

    // Leave the slot: the copy goes back to counting on its own; the slot keeps the Inn, still recommended.
    const copy = saved.days[0]!.items[1]!
    expect(await post({ id, intent: 'leave-slot', item: copy.key, version: '5' })).toMatchObject({ kind: 'saved', version: 6 })
    saved = await getItinerary(as.expert!, id)
    expect(saved.total_cost).toBe('220.00')
    expect(totalsOf(draftOf(saved), null).total).toBe('220.00')
  })

  it('adds a transport as a catalogue flight or a transfer, not both', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const both = await post({ id: String(start.id), intent: 'add-item', version: '1', type: 'transport', title: 'To Lima', transfer_id: '1', flight_id: '2' })
    expect(both).toMatchObject({ kind: 'invalid', fields: { flight_id: ['Choose a transfer or a flight, not both.'] } })
    // A flight that is not in the catalogue is refused beside the field.
    const unknown = await post({ id: String(start.id), intent: 'add-item', version: '1', type: 'transport', title: 'To Lima', flight_id: '999999' })
    expect(unknown).toMatchObject({ kind: 'invalid', fields: { flight_id: ['Select a valid flight.'] } })
  })
})

describe('proposals from the builder’s action', () => {
  it('sends the approved version once approved, answers a thread on the latest round and resolves it', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const id = String(start.id)
    await saveItinerary(as.expert!, id, { version: 1, days: [{ key: 'd1', date: '2031-05-03', title: 'Arrival', items: [meal('dinner', 'Dinner', '30.00')] }] })
    const send = { id, intent: 'publish', note: 'Here is your trip.', expires_on: '', included: '', not_included: 'Flights\nInsurance' }

    expect(await post(send)).toEqual({ kind: 'refused', intent: 'publish', message: PROPOSAL_MESSAGES.notApproved, fields: {}, values: expect.any(Object) })
    await changeItineraryStatus(as.expert!, id, { status: 'review' })
    await changeItineraryStatus(as.specialist!, id, { status: 'approved', version: 2 })
    // A quote that runs out today is refused beside its field.
    const today = new Date().toISOString().slice(0, 10)
    expect(await post({ ...send, expires_on: today })).toMatchObject({ kind: 'refused', fields: { expires_on: [PROPOSAL_MESSAGES.expiryRange] } })
    expect(await post(send)).toEqual({ kind: 'sent', intent: 'publish', message: PROPOSAL_MESSAGES.published(1), thread: null })
    const listed = await listItineraryProposals(as.expert!, id)
    expect(listed.results).toMatchObject([{ round: 1, version: 2, status: 'sent', total: '30.00' }])
    expect(listed.can_publish).toBe(true)

    // The traveler comments on the dinner; the expert answers from the builder, then resolves the thread.
    const thread = await commentOnProposal(as.traveler!, listed.results[0]!.id, { body: 'Can we eat later?', item_key: 'dinner' })
    expect(await post({ id, intent: 'comment', thread: String(thread.id), body: '  ' })).toMatchObject({
      kind: 'refused',
      fields: { body: [PROPOSAL_MESSAGES.commentEmpty] },
    })
    expect(await post({ id, intent: 'comment', thread: String(thread.id), body: 'Of course: 20:30.' })).toEqual({
      kind: 'sent',
      intent: 'comment',
      message: PROPOSAL_DONE.reply,
      thread: thread.id,
    })
    expect(await post({ id, intent: 'resolve', thread: String(thread.id), resolved: 'true' })).toMatchObject({ kind: 'sent', message: PROPOSAL_DONE.resolved })
    const [read] = (await listItineraryProposals(as.expert!, id)).threads
    expect(read).toMatchObject({ id: thread.id, item_key: 'dinner', open: false })
    expect(read!.comments.map((c) => [c.body, c.from_traveler])).toEqual([
      ['Can we eat later?', true],
      ['Of course: 20:30.', false],
    ])

    // Without JavaScript the answer is the builder again, at the thread, with a toast.
    const back = (await builderAction(as.expert!, id, { intent: 'resolve', thread: String(thread.id), resolved: 'false', day: '1' })) as Response
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`/dashboard/itineraries/${id}?day=1#thread-${thread.id}`)
    expect(back.headers.get('Set-Cookie')).toContain('meridian_flash')
  })

  it('is for those who edit the itinerary: the traveler and the specialist are refused before anything', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    for (const who of ['traveler', 'specialist']) {
      const refused = await builderAction(as[who]!, String(start.id), { intent: 'publish', js: '1' }).then(
        () => null,
        (e: unknown) => e,
      )
      expect(refused).toBeInstanceOf(Response)
      expect([403, 404]).toContain((refused as Response).status)
    }
  })
})
