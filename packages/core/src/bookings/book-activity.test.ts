import { activities, activityPricingTiers, and, type DatabaseHandle, eq, itineraryItems, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertTestActivity } from '../activities/test-helpers.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { bookActivity } from './book-activity.ts'
import { bookItineraryItem, itineraryBookables } from './book-item.ts'
import { bookTrip } from './book-trip.ts'
import { cancelBooking } from './change-booking.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let id: (username: string) => number
let kayak: number
let tripId: number

const DAY = 86_400_000
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)
/** The next day from `from` days ahead that falls on ISO weekday `weekday` (Monday 1). */
const nextWeekday = (weekday: number, from = 3) => {
  for (let n = from; ; n++) if (((new Date(Date.now() + n * DAY).getUTCDay() + 6) % 7) + 1 === weekday) return day(n)
}

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  id = bed.userId
  // Tiered: 1–3 people at 40.00 each, 4–8 at a group price of 150.00; at most 8; Monday to Saturday.
  kayak = await insertTestActivity(handle.db, 'Harbour kayak')
  await handle.db
    .update(activities)
    .set({ maxParticipants: 8, daysOfWeek: [1, 2, 3, 4, 5, 6], instantConfirmation: false })
    .where(eq(activities.id, kayak))
  await handle.db.insert(activityPricingTiers).values([
    { activityId: kayak, position: 0, name: 'Small group', minQuantity: 1, maxQuantity: 3, pricePerUnit: '40.00' },
    { activityId: kayak, position: 1, name: 'Group', minQuantity: 4, maxQuantity: 8, pricePerUnit: '0', fixedPrice: '150.00' },
  ])
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Kotor, Montenegro', startDate: day(20), endDate: day(22), travelers: 3, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('booking an activity', () => {
  it('prices the group with the pricing engine, in the activity’s currency, pending unless it confirms instantly', async () => {
    const monday = nextWeekday(1)
    const three = await bookActivity(as.traveler!, kayak, { date: monday, participants: 3, trip_id: tripId })
    expect(three).toMatchObject({ type: 'activity', status: 'pending', amount: '120.00', currency: 'USD', party_size: 3, date: monday, trip: { id: tripId } })
    expect(three.details).toMatchObject({ basis: 'tier_per_unit', tier: 'Small group', unit_price: '40.00' })
    const five = await bookActivity(as.traveler!, String(kayak), { date: monday, participants: '5' })
    expect(five).toMatchObject({ amount: '150.00', trip: null })
    await handle.db.update(activities).set({ instantConfirmation: true }).where(eq(activities.id, kayak))
    expect((await bookActivity(as.traveler!, kayak, { date: monday, participants: 1 })).status).toBe('confirmed')
    await handle.db.update(activities).set({ instantConfirmation: false }).where(eq(activities.id, kayak))
  })

  it('refuses what cannot be booked: too many people, a day it does not run, a past day, another’s trip, an inactive activity', async () => {
    const fields = async (input: Record<string, unknown>) => (await domainErrorOf(bookActivity(as.traveler!, kayak, input))).fields
    expect(await fields({ date: nextWeekday(1), participants: 9 })).toHaveProperty('participants')
    expect(await fields({ date: nextWeekday(7), participants: 2 })).toMatchObject({ date: ['This activity does not run on Sundays.'] })
    expect(await fields({ date: day(-1), participants: 2 })).toHaveProperty('date')
    expect(await fields({ date: '2031-02-30', participants: 2 })).toHaveProperty('date')
    expect(await fields({ date: day(800), participants: 2 })).toHaveProperty('date')
    expect(await fields({ date: nextWeekday(1), participants: 0 })).toHaveProperty('participants')
    const [theirs] = await handle.db
      .insert(trips)
      .values({ title: 'Not mine', startDate: day(9), endDate: day(10), travelerId: id('other') })
      .returning({ id: trips.id })
    expect(await fields({ date: nextWeekday(1), participants: 2, trip_id: theirs!.id })).toHaveProperty('trip_id')
    expect((await domainErrorOf(bookActivity(as.expert!, kayak, { date: nextWeekday(1), participants: 2 }))).code).toBe('forbidden')
    expect((await domainErrorOf(bookActivity(as.traveler!, 999_999, { date: nextWeekday(1), participants: 2 }))).code).toBe('not_found')
    const closed = await insertTestActivity(handle.db, 'Closed cave')
    await handle.db.update(activities).set({ isActive: false }).where(eq(activities.id, closed))
    expect((await domainErrorOf(bookActivity(as.traveler!, closed, { date: nextWeekday(1), participants: 2 }))).code).toBe('not_found')
  })
})

describe('booking from an approved itinerary, and a trip as a package', () => {
  it('books an activity item once, for the itinerary’s travelers on its day; the package then waits for those to be cancelled', async () => {
    const [trip] = await handle.db
      .insert(trips)
      .values({ title: 'Budva, Montenegro', startDate: nextWeekday(2, 30), endDate: day(60), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
      .returning()
    await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: id('expert'), status: 'accepted' })
    const plan = await createItinerary(as.expert!, { trip_id: trip!.id })
    const first = plan.days[0]!
    await saveItinerary(as.expert!, plan.id, {
      version: 1,
      days: [
        {
          key: first.key,
          date: first.date,
          title: 'Day 1',
          items: [
            { type: 'activity', title: 'Kayak', activity_id: kayak },
            { type: 'meal', title: 'Lunch', unit_price: '20', currency: 'USD' },
          ],
        },
      ],
    })
    // Not approved yet: the traveler cannot see the item, so it is not there for them.
    const itemIdOf = async () => {
      const bookable = await itineraryBookables(as.traveler!, plan.id)
      return Object.values(bookable.items)[0]?.item_id
    }
    expect(await itemIdOf()).toBeUndefined()
    await changeItineraryStatus(as.expert!, plan.id, { status: 'review' })
    await changeItineraryStatus(as.specialist!, plan.id, { status: 'approved', version: 2 })
    const itemId = (await itemIdOf())!
    expect(itemId).toBeGreaterThan(0)

    expect((await domainErrorOf(bookItineraryItem(as.other!, itemId, {}))).code).toBe('not_found')
    const booked = await bookItineraryItem(as.traveler!, itemId, {})
    expect(booked).toMatchObject({ type: 'activity', amount: '80.00', party_size: 2, date: first.date, trip: { id: trip!.id }, itinerary_item_id: itemId })
    expect((await domainErrorOf(bookItineraryItem(as.traveler!, itemId, {}))).code).toBe('conflict')
    expect(Object.values((await itineraryBookables(as.traveler!, plan.id)).items)[0]!.booking).toMatchObject({ id: booked.id })
    // A meal is no catalogue activity.
    const [meal] = await handle.db
      .select({ id: itineraryItems.id })
      .from(itineraryItems)
      .where(and(eq(itineraryItems.itineraryId, plan.id), eq(itineraryItems.type, 'meal')))
    expect((await domainErrorOf(bookItineraryItem(as.traveler!, meal!.id, {}))).fields).toHaveProperty('non_field_errors')

    // The package: refused while an item is booked singly, then booked at the approved total once it is cancelled.
    expect((await domainErrorOf(bookTrip(as.traveler!, trip!.id))).code).toBe('conflict')
    await cancelBooking(as.traveler!, booked.id, {})
    const pkg = await bookTrip(as.traveler!, trip!.id)
    expect(pkg).toMatchObject({ type: 'trip', status: 'pending', amount: '100.00', currency: 'USD', party_size: 2, end_date: trip!.endDate })
    expect((await domainErrorOf(bookTrip(as.traveler!, trip!.id))).code).toBe('conflict')
    expect((await domainErrorOf(bookItineraryItem(as.traveler!, itemId, {}))).code).toBe('conflict')
    expect((await domainErrorOf(bookTrip(as.other!, trip!.id))).code).toBe('not_found')
    // A trip without an approved plan has nothing to book.
    expect((await domainErrorOf(bookTrip(as.traveler!, tripId))).fields).toHaveProperty('non_field_errors')
  })
})
