import { activities, bookings, count, eq, flights, suppliers, tripAssignments, trips, users } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestStay } from '../accommodations/request-stay.ts'
import { insertTestActivity } from '../activities/test-helpers.ts'
import { bookFlight } from '../flights/book-flight.ts'
import { bookFlightItinerary } from '../flights/book-flight-itinerary.ts'
import { createFlight } from '../flights/manage-flights.ts'
import { day, type FlightWorld, flightWorld, offer } from '../flights/test-setup.ts'
import { createItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { domainErrorOf } from '../trips/test-bed.ts'
import { bookActivity } from './book-activity.ts'
import { bookItineraryItem, itineraryBookables } from './book-item.ts'
import { bookTrip } from './book-trip.ts'
import { BOOKING_MESSAGES } from './messages.ts'

/**
 * A completed or cancelled trip takes no booking of any kind: an activity, an item of its approved itinerary, the
 * trip as a package, a flight, a multi-city itinerary, a stay. Each refuses as the activity booking always has, with
 * nothing written and no seat taken.
 */
let world: FlightWorld
let kayak: number
let hotel: number
const userId: Record<string, number> = {}

beforeAll(async () => {
  world = await flightWorld()
  const db = world.handle.db
  for (const u of await db.select({ id: users.id, username: users.username }).from(users)) userId[u.username] = u.id
  kayak = await insertTestActivity(db, 'Harbour kayak')
  await db.update(activities).set({ pricingModel: 'fixed', fixedPrice: '40.00' }).where(eq(activities.id, kayak))
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: 'Casa do Chiado', supplierType: 'accommodation', city: 'Lisbon', email: 'stay@example.test' })
    .returning({ id: suppliers.id })
  hotel = supplier!.id
})
afterAll(async () => {
  await world?.close()
})

/** A trip of the traveler with an approved itinerary holding one activity item, then moved to `status`. */
async function tripWithPlan(status: 'planning' | 'completed' | 'cancelled') {
  const db = world.handle.db
  const [trip] = await db
    .insert(trips)
    .values({ title: `Lisbon (${status})`, startDate: day(20), endDate: day(25), travelers: 2, travelerId: userId.traveler!, expertId: userId.expert! })
    .returning()
  await db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userId.expert!, status: 'accepted' })
  const expert = await world.as('expert')
  const plan = await createItinerary(expert, { trip_id: trip!.id })
  const first = plan.days[0]!
  await saveItinerary(expert, plan.id, {
    version: 1,
    days: [{ key: first.key, date: first.date, title: 'Day 1', items: [{ type: 'activity', title: 'Kayak', activity_id: kayak }] }],
  })
  await changeItineraryStatus(expert, plan.id, { status: 'review' })
  await changeItineraryStatus(await world.as('specialist'), plan.id, { status: 'approved', version: 2 })
  const itemId = Object.values((await itineraryBookables(await world.as('traveler'), plan.id)).items)[0]!.item_id
  await db.update(trips).set({ status }).where(eq(trips.id, trip!.id))
  return { tripId: trip!.id, itemId, date: first.date }
}

const bookingCount = async () => (await world.handle.db.select({ n: count() }).from(bookings))[0]!.n
const seatsLeft = async (id: number) => (await world.handle.db.select({ n: flights.seatsLeft }).from(flights).where(eq(flights.id, id)))[0]!.n
const closedOn = (field: string) => ({ code: 'invalid', fields: { [field]: [BOOKING_MESSAGES.tripClosed] } })

describe.each(['completed', 'cancelled'] as const)('a %s trip', (status) => {
  it('takes no activity booking', async () => {
    const { tripId, date } = await tripWithPlan(status)
    const before = await bookingCount()
    expect(await domainErrorOf(bookActivity(await world.as('traveler'), kayak, { date, participants: 2, trip_id: tripId }))).toMatchObject(closedOn('trip_id'))
    expect(await bookingCount()).toBe(before)
  })

  it('takes no booking of an item of its approved itinerary', async () => {
    const { itemId } = await tripWithPlan(status)
    const before = await bookingCount()
    expect(await domainErrorOf(bookItineraryItem(await world.as('traveler'), itemId, {}))).toMatchObject(closedOn('non_field_errors'))
    expect(await bookingCount()).toBe(before)
  })

  it('is not booked as a package', async () => {
    const { tripId } = await tripWithPlan(status)
    const before = await bookingCount()
    expect(await domainErrorOf(bookTrip(await world.as('traveler'), tripId))).toMatchObject(closedOn('non_field_errors'))
    expect(await bookingCount()).toBe(before)
  })

  it('takes no flight booking, and no seat is taken', async () => {
    const { tripId } = await tripWithPlan(status)
    const f = await createFlight(await world.as('admin'), offer({ seats_total: 20 }))
    const before = await bookingCount()
    expect(await domainErrorOf(bookFlight(await world.as('traveler'), f.id, { passengers: 2, trip_id: tripId }))).toMatchObject(closedOn('trip_id'))
    expect(await bookingCount()).toBe(before)
    expect(await seatsLeft(f.id)).toBe(20)
  })

  it('takes no multi-city itinerary, and no leg’s seat is taken', async () => {
    const { tripId } = await tripWithPlan(status)
    const admin = await world.as('admin')
    const first = await createFlight(admin, offer({ from: 'LHR', to: 'CDG', departure: `${day(10)}T09:15`, arrival: `${day(10)}T11:30`, seats_total: 20 }))
    const second = await createFlight(admin, offer({ from: 'CDG', to: 'JFK', departure: `${day(12)}T10:00`, arrival: `${day(12)}T12:30`, seats_total: 20 }))
    const before = await bookingCount()
    const refused = bookFlightItinerary(await world.as('traveler'), { flights: [first.id, second.id], passengers: 1, trip_id: tripId })
    expect(await domainErrorOf(refused)).toMatchObject(closedOn('trip_id'))
    expect(await bookingCount()).toBe(before)
    expect([await seatsLeft(first.id), await seatsLeft(second.id)]).toEqual([20, 20])
  })

  it('takes no stay request', async () => {
    const { tripId } = await tripWithPlan(status)
    const before = await bookingCount()
    const refused = requestStay(await world.as('traveler'), hotel, { check_in: day(20), check_out: day(23), rooms: 1, guests: 2, trip_id: tripId })
    expect(await domainErrorOf(refused)).toMatchObject(closedOn('trip_id'))
    expect(await bookingCount()).toBe(before)
  })
})

describe('an open trip', () => {
  it('takes a flight, an itinerary and a stay as before', async () => {
    const { tripId } = await tripWithPlan('planning')
    const traveler = await world.as('traveler')
    const admin = await world.as('admin')
    const f = await createFlight(admin, offer({ seats_total: 20 }))
    expect(await bookFlight(traveler, f.id, { passengers: 2, trip_id: tripId })).toMatchObject({ trip_id: tripId, party_size: 2 })
    const first = await createFlight(admin, offer({ from: 'LHR', to: 'CDG', departure: `${day(10)}T09:15`, arrival: `${day(10)}T11:30` }))
    const second = await createFlight(admin, offer({ from: 'CDG', to: 'JFK', departure: `${day(12)}T10:00`, arrival: `${day(12)}T12:30` }))
    const itinerary = await bookFlightItinerary(traveler, { flights: [first.id, second.id], passengers: 1, trip_id: tripId })
    expect(itinerary.bookings.map((b) => b.trip_id)).toEqual([tripId, tripId])
    expect(await requestStay(traveler, hotel, { check_in: day(20), check_out: day(23), rooms: 1, guests: 2, trip_id: tripId })).toMatchObject({ trip_id: tripId })
  })
})
