import {
  activities,
  bookings,
  chatConversations,
  chatMessages,
  chatParticipants,
  conversionRates,
  countries,
  currencies,
  currencySettings,
  type DatabaseHandle,
  eq,
  flights,
  locations,
  mailOutbox,
  notifications,
  proposals,
  tripAssignments,
  trips,
  users,
} from '@meridian/db'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertTestActivity } from '../activities/test-helpers.ts'
import { confirmBooking } from '../bookings/change-booking.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary, getItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { acceptProposal, requestProposalChanges } from './accept.ts'
import { getProposal, listItineraryProposals, listProposals, publishProposal } from './proposals.ts'
import { commentOnProposal, listProposalComments, resolveProposalThread } from './threads.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (name: string) => number
let activityId: number
let flightIds: { economy: number; business: number }
let eurId: number
let usdId: number

const DAY = 86_400_000
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)

/** A trip of the traveler planned by the demo expert (accepted), 3 days from 2030-05-01, for 2 adults. */
async function newTrip(traveler = 'traveler') {
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Lisbon, Portugal',
      startDate: '2030-05-01',
      endDate: '2030-05-03',
      travelers: 2,
      budgetTotal: '5000',
      travelerId: userId(traveler),
      expertId: userId('expert'),
    })
    .returning({ id: trips.id })
  await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userId('expert'), status: 'accepted', assignedById: userId('specialist') })
  return trip!.id
}

/** Two hotels for the same nights (EUR and USD), two excursions, a flight leg in economy or business, and a meal. */
const plan = (extra: Record<string, unknown>[] = []) => [
  {
    date: '2030-05-01',
    title: 'Arrival',
    items: [
      { key: 'flight-eco', type: 'transport', title: 'Flight in economy', flight_id: flightIds.economy, option_group: 'flight', recommended: true },
      { key: 'flight-biz', type: 'transport', title: 'Flight in business', flight_id: flightIds.business, option_group: 'flight' },
      {
        key: 'hotel-a',
        type: 'accommodation',
        title: 'Palácio hotel',
        unit_price: '100.00',
        currency: 'EUR',
        nights: 2,
        option_group: 'hotel',
        recommended: true,
      },
      { key: 'hotel-b', type: 'accommodation', title: 'Alfama guesthouse', unit_price: '80.00', currency: 'USD', nights: 2, option_group: 'hotel' },
      { key: 'dinner', type: 'meal', title: 'Fado dinner', unit_price: '45.50', currency: 'USD' },
      ...extra,
    ],
  },
  {
    date: '2030-05-02',
    title: 'Sintra',
    items: [
      { key: 'tour', type: 'activity', title: 'Sintra palaces', activity_id: activityId, option_group: 'morning', recommended: true },
      { key: 'walk', type: 'free_time', title: 'A slow morning', option_group: 'morning' },
    ],
  },
  { date: '2030-05-03', title: 'Home', items: [] },
]

/** A planned, approved itinerary of a new trip; its id. */
async function approvedItinerary(days = plan(), traveler = 'traveler') {
  const tripId = await newTrip(traveler)
  const made = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
  const saved = await saveItinerary(as.expert!, made.id, { version: 1, days })
  await changeItineraryStatus(as.expert!, made.id, { status: 'review', version: saved.version })
  await changeItineraryStatus(as.specialist!, made.id, { status: 'approved', version: saved.version })
  return { id: made.id, tripId }
}

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  userId = bed.userId
  Object.assign(as, bed.as)
  const code = async (c: string) => (await handle.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, c)))[0]!.id
  eurId = await code('EUR')
  usdId = await code('USD')
  // 1 EUR = 1.10 USD, in force since 2020; no margin.
  await handle.db.insert(conversionRates).values({ fromCurrencyId: eurId, toCurrencyId: usdId, rate: '1.1', effectiveDate: '2020-01-01' })
  activityId = await insertTestActivity(handle.db, 'Sintra palaces')
  await handle.db.update(activities).set({ pricingModel: 'fixed', fixedPrice: '60.00' }).where(eq(activities.id, activityId))
  const [country] = await handle.db.insert(countries).values({ name: 'Airportland', continent: 'Europe' }).returning()
  const airport = async (code: string) =>
    (
      await handle.db
        .insert(locations)
        .values({ name: `${code} Airport`, countryId: country!.id, locationType: 'airport', airportCode: code, timezone: 'Europe/Lisbon' })
        .returning()
    )[0]!.id
  const [lhr, lis] = [await airport('LHR'), await airport('LIS')]
  const flight = async (cabin: 'economy' | 'business', price: string, seats: number) =>
    (
      await handle.db
        .insert(flights)
        .values({
          airlineCode: 'TP',
          airlineName: 'TAP',
          flightNumber: cabin === 'economy' ? 'TP1351' : 'TP1353',
          departureAirportId: lhr,
          arrivalAirportId: lis,
          departureAt: new Date('2030-05-01T08:00:00Z'),
          arrivalAt: new Date('2030-05-01T10:40:00Z'),
          cabinClass: cabin,
          price,
          currency: 'USD',
          seatsTotal: seats,
          seatsLeft: seats,
        })
        .returning()
    )[0]!.id
  flightIds = { economy: await flight('economy', '150.00', 100), business: await flight('business', '600.00', 100) }
})
afterAll(async () => {
  await handle?.close()
})

describe('options in the builder', () => {
  it('count the recommended option of each slot only, in the totals and in the list', async () => {
    const tripId = await newTrip()
    const made = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const saved = await saveItinerary(as.expert!, made.id, { version: 1, days: plan() })
    // Economy 2 × 150 = 300; hotel A 2 × 100 EUR = 220 USD; dinner 45.50; tour 60 (the free morning is free).
    expect(saved.total_cost).toBe('625.50')
    expect(saved.days[0]!.total_cost).toBe('565.50')
    const items = saved.days[0]!.items
    expect(items.find((i) => i.key === 'flight-biz')).toMatchObject({
      option_group: 'flight',
      recommended: false,
      flight_id: flightIds.business,
      details: { converted_cost: '1200.0000' },
    })
    expect(items.find((i) => i.key === 'flight-eco')!.pricing).toMatchObject({ source: 'flight', seats: 2, fare: '150.00' })
  })

  it('marks the first option recommended when none is, and refuses two recommended or a slot over two days', async () => {
    const tripId = await newTrip()
    const made = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const day = (items: Record<string, unknown>[], date = '2030-05-01') => ({ date, title: 'Day', items })
    const meal = (key: string, price: string, extra: Record<string, unknown> = {}) => ({
      key,
      type: 'meal',
      title: key,
      unit_price: price,
      currency: 'USD',
      option_group: 'lunch',
      ...extra,
    })
    const saved = await saveItinerary(as.expert!, made.id, { version: 1, days: [day([meal('a', '10.00'), meal('b', '30.00')])] })
    expect(saved.days[0]!.items.map((i) => i.recommended)).toEqual([true, false])
    expect(saved.total_cost).toBe('10.00')
    const two = await domainErrorOf(
      saveItinerary(as.expert!, made.id, { version: 2, days: [day([meal('a', '10.00', { recommended: true }), meal('b', '30.00', { recommended: true })])] }),
    )
    expect(two.fields).toEqual({ 'days.0.items.1.recommended': ['Only one option of a slot can be recommended.'] })
    const apart = await domainErrorOf(
      saveItinerary(as.expert!, made.id, { version: 2, days: [day([meal('a', '10.00')]), day([meal('b', '30.00')], '2030-05-02')] }),
    )
    expect(apart.fields).toEqual({ 'days.1.items.0.option_group': ['The options of a slot must be on the same day.'] })
  })
})

describe('publishing', () => {
  it('needs an approved version, and sends it priced today with a quote expiry; the traveler hears of it', async () => {
    const tripId = await newTrip()
    const draft = await createItinerary(as.expert!, { trip_id: tripId, currency: 'USD' })
    const refused = await domainErrorOf(publishProposal(as.expert!, draft.id, {}))
    expect(refused).toMatchObject({ code: 'conflict', message: PROPOSAL_MESSAGES.notApproved })

    const { id } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, { note: 'Two hotels to choose from.', not_included: 'Travel insurance\nTips' })
    expect(round).toMatchObject({
      round: 1,
      status: 'sent',
      expired: false,
      expires_on: inDays(7),
      total: '625.50',
      currency: 'USD',
      note: 'Two hotels to choose from.',
    })
    expect(round.included).toEqual(['Accommodation: 2 nights', 'Flights: 1 leg', 'Activities and excursions: 1 as listed', 'Meals: 1 as listed'])
    expect(round.not_included).toEqual(['Travel insurance', 'Tips'])
    expect(round.slots.map((s) => [s.group, s.options, s.recommended])).toEqual([
      ['flight', ['flight-eco', 'flight-biz'], 'flight-eco'],
      ['hotel', ['hotel-a', 'hotel-b'], 'hotel-a'],
      ['morning', ['tour', 'walk'], 'tour'],
    ])
    const told = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId('traveler')))
    expect(told.some((n) => n.kind === 'proposal.sent' && n.link === `/dashboard/proposals/${round.id}`)).toBe(true)
    const [traveler] = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId('traveler')))
    const mail = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, traveler!.email))
    expect(mail.some((m) => m.subject.startsWith('Your proposal for'))).toBe(true)

    expect((await domainErrorOf(publishProposal(as.expert!, id, { valid_days: 91 }))).fields).toEqual({
      valid_days: ['Enter a whole number of days from 1 to 90.'],
    })
    expect((await domainErrorOf(publishProposal(as.expert!, id, { expires_on: inDays(0) }))).fields).toEqual({ expires_on: [PROPOSAL_MESSAGES.expiryRange] })
    expect((await domainErrorOf(publishProposal(as.traveler!, id, {}))).code).toBe('forbidden')
  })
})

describe("the traveler's reading", () => {
  it('totals the options chosen in exact decimals, per person and per day, with each option’s difference', async () => {
    const { id } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    const read = await getProposal(as.traveler!, round.id, { choices: 'hotel:hotel-b,flight:flight-biz' })
    // Business 1200 + guesthouse 160 + dinner 45.50 + tour 60.
    expect(read.totals).toMatchObject({ total: '1465.50', per_person: '732.75', per_day: '488.50' })
    expect(read.totals.differences).toMatchObject({ 'hotel-a': '+60.00', 'hotel-b': '0.00', 'flight-eco': '-900.00', tour: '0.00', walk: '-60.00' })
    // The form's fields say the same.
    const form = await getProposal(as.traveler!, round.id, { 'choice.hotel': 'hotel-b', 'choice.flight': 'flight-biz' })
    expect(form.totals.total).toBe('1465.50')
    const wrong = await domainErrorOf(getProposal(as.traveler!, round.id, { choices: { hotel: 'dinner', spa: 'x' } }))
    expect(wrong.fields).toEqual({ 'choices.hotel': ['"dinner" is not an option of this slot.'], 'choices.spa': ['"spa" is not a slot of this proposal.'] })
  })

  it('is the traveler’s, the trip’s expert’s and staff’s; anyone else gets 404', async () => {
    const { id } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    for (const who of ['traveler', 'expert', 'admin', 'superadmin']) expect((await getProposal(as[who]!, round.id)).id).toBe(round.id)
    for (const who of ['other', 'specialist', 'editor']) expect((await domainErrorOf(getProposal(as[who]!, round.id))).code).toBe('not_found')
    expect((await listProposals(as.traveler!, {}, { limit: 50 })).results.some((r) => r.id === round.id)).toBe(true)
    expect((await listProposals(as.other!, {}, { limit: 50 })).results.some((r) => r.id === round.id)).toBe(false)
    expect((await domainErrorOf(acceptProposal(as.expert!, round.id, {}))).code).toBe('forbidden')
  })
})

describe('comments and change requests', () => {
  it('threads on an item, answered by the expert, linked from the chat, resolved; a change request goes back with them', async () => {
    const { id, tripId } = await approvedItinerary()
    const [conversation] = await handle.db
      .insert(chatConversations)
      .values({ travelerId: userId('traveler'), tripId })
      .returning()
    await handle.db.insert(chatParticipants).values([
      { conversationId: conversation!.id, userId: userId('traveler'), role: 'traveler' },
      { conversationId: conversation!.id, userId: userId('expert'), role: 'expert' },
    ])
    const round = await publishProposal(as.expert!, id, {})
    const thread = await commentOnProposal(as.traveler!, round.id, { item_key: 'hotel-a', body: 'Can we do this a day later?' })
    expect(thread).toMatchObject({ item_key: 'hotel-a', item_title: 'Palácio hotel', open: true, round: 1 })
    const answered = await commentOnProposal(as.expert!, round.id, { thread: thread.id, body: 'Yes, I will move it.' })
    expect(answered.comments.map((c) => [c.body, c.from_traveler])).toEqual([
      ['Can we do this a day later?', true],
      ['Yes, I will move it.', false],
    ])
    const chat = await handle.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation!.id))
    expect(chat.map((m) => m.content)).toEqual([`New comment on “Palácio hotel” (round 1): /dashboard/proposals/${round.id}#thread-${thread.id}`])
    expect((await domainErrorOf(commentOnProposal(as.traveler!, round.id, { item_key: 'nope', body: 'x' }))).fields).toEqual({
      item_key: [PROPOSAL_MESSAGES.unknownItem('nope')],
    })
    expect((await domainErrorOf(commentOnProposal(as.traveler!, round.id, { body: '  ' }))).fields).toEqual({ body: [PROPOSAL_MESSAGES.commentEmpty] })
    expect((await domainErrorOf(commentOnProposal(as.other!, round.id, { body: 'hi' }))).code).toBe('not_found')

    const changed = await requestProposalChanges(as.traveler!, round.id, { message: 'A cheaper hotel, please.' })
    expect(changed.status).toBe('changes_requested')
    const threads = await listProposalComments(as.expert!, round.id)
    expect(threads).toMatchObject({ count: 2, open: 2 })
    const told = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId('expert')))
    expect(told.find((n) => n.kind === 'proposal.changes')?.body).toBe('“A cheaper hotel, please.” 2 open comments.')
    expect((await resolveProposalThread(as.expert!, round.id, { thread: thread.id })).open).toBe(false)
    expect((await listItineraryProposals(as.expert!, id)).threads.filter((t) => t.open)).toHaveLength(1)
  })
})

describe('rounds', () => {
  it('a new round supersedes the open one and shows what changed since the round the traveler last saw', async () => {
    const { id } = await approvedItinerary()
    const first = await publishProposal(as.expert!, id, {})
    await getProposal(as.traveler!, first.id)
    // The expert re-plans: the dinner re-priced, a transfer-free day trip added, the free morning dropped as an option.
    const current = await getItinerary(as.expert!, id)
    const days = plan([{ key: 'museum', type: 'meal', title: 'Pastéis tasting', unit_price: '12.00', currency: 'USD' }])
    days[0]!.items[4] = { key: 'dinner', type: 'meal', title: 'Fado dinner', unit_price: '50.00', currency: 'USD' }
    days[1]!.items = [
      { key: 'tour', type: 'activity', title: 'Sintra palaces', activity_id: activityId },
      { ...days[1]!.items[1]!, option_group: null },
    ]
    const saved = await saveItinerary(as.expert!, id, { version: current.version, days: days.map((d, i) => ({ ...d, key: current.days[i]!.key })) })
    await changeItineraryStatus(as.expert!, id, { status: 'draft', version: saved.version })
    await changeItineraryStatus(as.expert!, id, { status: 'review', version: saved.version })
    await changeItineraryStatus(as.specialist!, id, { status: 'approved', version: saved.version })
    const second = await publishProposal(as.expert!, id, {})
    expect(second.round).toBe(2)
    const seen = await getProposal(as.traveler!, second.id)
    expect(seen.changes?.since_round).toBe(1)
    const lines = Object.fromEntries(seen.changes!.lines.map((l) => [`${l.key}:${l.change}`, [l.from, l.to, l.difference]]))
    expect(lines).toEqual({
      'museum:added': [null, '12.00', '+12.00'],
      'dinner:repriced': ['45.50', '50.00', '+4.50'],
      'tour:option_dropped': ['60.00', '60.00', '0.00'],
      'walk:option_dropped': [null, null, '0.00'],
    })
    expect(seen.changes!.total).toEqual({ from: '625.50', to: '642.00', difference: '+16.50' })
    const old = await domainErrorOf(acceptProposal(as.traveler!, first.id, {}))
    expect(old).toMatchObject({ code: 'conflict', message: PROPOSAL_MESSAGES.superseded(2) })
    expect((await domainErrorOf(acceptProposal(as.traveler!, second.id, { round: 1 }))).message).toBe(PROPOSAL_MESSAGES.staleRound(1, 2))
  })
})

describe('acceptance', () => {
  it('freezes the chosen lines and books them pending at their frozen prices; the trip moves on once all are confirmed', async () => {
    const { id, tripId } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    const accepted = await acceptProposal(as.traveler!, round.id, { choices: { hotel: 'hotel-b' }, round: 1 })
    expect(accepted).toMatchObject({ status: 'accepted', accepted_total: '565.50' })
    const made = await handle.db.select().from(bookings).where(eq(bookings.tripId, tripId))
    expect(made.map((b) => [b.bookingType, b.title, b.amount, b.currency, b.status]).sort()).toEqual([
      ['activity', 'Sintra palaces', '60.00', 'USD', 'pending'],
      ['flight', 'TAP TP1351 · LHR → LIS', '300.00', 'USD', 'pending'],
      ['hotel', 'Alfama guesthouse', '160.00', 'USD', 'pending'],
    ])
    const [economy] = await handle.db.select({ seatsLeft: flights.seatsLeft }).from(flights).where(eq(flights.id, flightIds.economy))
    expect(economy!.seatsLeft).toBe(98)
    expect((await domainErrorOf(acceptProposal(as.traveler!, round.id, {}))).message).toBe(PROPOSAL_MESSAGES.alreadyAccepted)
    expect((await domainErrorOf(publishProposal(as.expert!, id, {}))).code).toBe('conflict')
    const told = await handle.db.select().from(notifications).where(eq(notifications.kind, 'proposal.accepted'))
    expect(new Set(told.map((n) => n.userId))).toEqual(new Set([userId('expert'), userId('specialist')]))
    // Each is sent where they can open it: the expert the round, the specialist (who cannot read proposals) the itinerary.
    expect(told.find((n) => n.userId === userId('expert'))!.link).toBe(`/dashboard/proposals/${round.id}`)
    expect(told.find((n) => n.userId === userId('specialist'))!.link).toBe(`/dashboard/itineraries/${id}`)

    // A frozen price cannot be changed at confirmation; confirming every booking moves the trip to booked.
    const hotel = made.find((b) => b.bookingType === 'hotel')!
    expect((await domainErrorOf(confirmBooking(as.expert!, hotel.id, { amount: '10.00', currency: 'USD' }))).fields).toHaveProperty('amount')
    for (const b of made) await confirmBooking(as.expert!, b.id, {})
    const [trip] = await handle.db.select({ status: trips.status }).from(trips).where(eq(trips.id, tripId))
    expect(trip!.status).toBe('booked')
  })

  it('holds the accepted total whatever happens to the rates, the margin and the catalogue afterwards', async () => {
    const { id, tripId } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    const accepted = await acceptProposal(as.traveler!, round.id, { choices: { hotel: 'hotel-a', flight: 'flight-biz' } })
    expect(accepted.accepted_total).toBe('1525.50')
    const before = (await handle.db.select({ amount: bookings.amount }).from(bookings).where(eq(bookings.tripId, tripId))).map((b) => b.amount).sort()
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 99_999 }),
        async (rate, margin, price) => {
          await handle.db
            .insert(conversionRates)
            .values({ fromCurrencyId: eurId, toCurrencyId: usdId, rate: (rate / 100_000).toFixed(5), effectiveDate: inDays(0) })
            .onConflictDoNothing()
          await handle.db.update(currencySettings).set({ globalMarginPercentage: (margin / 100).toFixed(2) })
          await handle.db
            .update(activities)
            .set({ fixedPrice: (price / 100).toFixed(2) })
            .where(eq(activities.id, activityId))
          await handle.db.update(flights).set({ price: (price / 10).toFixed(2) })
          const read = await getProposal(as.traveler!, round.id)
          expect(read.accepted_total).toBe('1525.50')
          expect(read.totals.total).toBe('1525.50')
          const after = (await handle.db.select({ amount: bookings.amount }).from(bookings).where(eq(bookings.tripId, tripId))).map((b) => b.amount).sort()
          expect(after).toEqual(before)
        },
      ),
      { numRuns: 15 },
    )
    await handle.db.update(currencySettings).set({ globalMarginPercentage: '0' })
    await handle.db.update(activities).set({ fixedPrice: '60.00' }).where(eq(activities.id, activityId))
    await handle.db.update(flights).set({ price: '150.00' }).where(eq(flights.id, flightIds.economy))
    await handle.db.update(flights).set({ price: '600.00' }).where(eq(flights.id, flightIds.business))
    await handle.db.delete(conversionRates).where(eq(conversionRates.effectiveDate, inDays(0)))
  })

  it('is refused after the quote expiry until the expert re-prices it; the traveler can ask for that', async () => {
    const { id } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, { valid_days: 1 })
    await handle.db
      .update(proposals)
      .set({ expiresOn: inDays(-1) })
      .where(eq(proposals.id, round.id))
    const read = await getProposal(as.traveler!, round.id)
    expect(read).toMatchObject({ expired: true, can: { accept: false, request_changes: true } })
    expect(await domainErrorOf(acceptProposal(as.traveler!, round.id, {}))).toMatchObject({ code: 'conflict', message: PROPOSAL_MESSAGES.expired(inDays(-1)) })
    await requestProposalChanges(as.traveler!, round.id, { message: 'Please re-price it.' })
    const again = await publishProposal(as.expert!, id, {})
    expect((await acceptProposal(as.traveler!, again.id, {})).status).toBe('accepted')
  })

  it('is refused whole when a flight option’s seats ran out since it was sent: nothing is booked', async () => {
    const { id, tripId } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    await handle.db.update(flights).set({ seatsLeft: 1 }).where(eq(flights.id, flightIds.business))
    const refused = await domainErrorOf(acceptProposal(as.traveler!, round.id, { choices: { flight: 'flight-biz' } }))
    expect(refused.code).toBe('conflict')
    expect(refused.message).toBe(PROPOSAL_MESSAGES.flightSeats('TP1353', 'Only 1 seat left on this flight.'))
    expect(await handle.db.select().from(bookings).where(eq(bookings.tripId, tripId))).toEqual([])
    expect((await getProposal(as.traveler!, round.id)).status).toBe('sent')
    const [business] = await handle.db.select({ seatsLeft: flights.seatsLeft }).from(flights).where(eq(flights.id, flightIds.business))
    expect(business!.seatsLeft).toBe(1)
    await handle.db.update(flights).set({ seatsLeft: 100 }).where(eq(flights.id, flightIds.business))
  })

  it('from two tabs at once: one acceptance, one set of bookings', async () => {
    const { id, tripId } = await approvedItinerary()
    const round = await publishProposal(as.expert!, id, {})
    const results = await Promise.allSettled([
      acceptProposal(as.traveler!, round.id, {}),
      acceptProposal(as.traveler!, round.id, { choices: { hotel: 'hotel-b' } }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(failed.reason.message).toBe(PROPOSAL_MESSAGES.alreadyAccepted)
    expect(await handle.db.select().from(bookings).where(eq(bookings.tripId, tripId))).toHaveLength(3)
  })
})
