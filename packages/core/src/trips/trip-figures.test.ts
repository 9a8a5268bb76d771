import { bookings, conversionRates, currencies, type DatabaseHandle, eq, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tripTestBed } from './test-bed.ts'
import { insertBooking, type NewBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { listExpertTrips, getTrip, listTrips } from './trips.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let tripId: number
let travelerId: number

const DAY = 86_400_000
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)
const FIGURES = ['budget_spent', 'budget_remaining', 'flights_count', 'accommodations_count', 'activities_count'] as const

/** The figures each one sees on the trip, through the trip calls they use. */
async function seen() {
  const all = await Promise.all(['traveler', 'expert', 'admin', 'specialist'].map((who) => getTrip(as[who]!, tripId)))
  const pick = (t: (typeof all)[number]) => Object.fromEntries(FIGURES.map((f) => [f, t[f]]))
  // Everyone who sees the trip sees the same figures: they come from its confirmed bookings.
  for (const t of all.slice(1)) expect(pick(t)).toEqual(pick(all[0]!))
  return pick(all[0]!)
}

const book = (values: Partial<NewBooking>) =>
  insertBooking(handle.db, {
    bookingType: 'activity',
    travelerId,
    tripId,
    title: 'x',
    serviceDate: day(30),
    partySize: 2,
    amount: '10.00',
    currency: 'EUR',
    ...values,
  })

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  travelerId = bed.userId('traveler')
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Porto, Portugal',
      startDate: day(30),
      endDate: day(34),
      travelers: 2,
      budgetTotal: '3000.00',
      currency: 'EUR',
      travelerId,
      expertId: bed.userId('expert'),
    })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: bed.userId('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

it('spent and the counts come from the trip’s confirmed bookings, converted exactly into the trip’s currency', async () => {
  expect(await seen()).toEqual({ budget_spent: '0.00', budget_remaining: '3000.00', flights_count: 0, accommodations_count: 0, activities_count: 0 })

  // Pending and cancelled bookings count for nothing.
  await book({ amount: '500.00' })
  const cancelled = await book({ amount: '700.00', status: 'confirmed' })
  await handle.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id))
  expect((await seen()).budget_spent).toBe('0.00')

  await book({ bookingType: 'hotel', amount: '1200.10', status: 'confirmed', endDate: day(34), rooms: 1 })
  await book({ amount: '0.10', status: 'confirmed' })
  await book({ amount: '0.20', status: 'confirmed' })
  await book({ bookingType: 'flight', amount: '333.33', status: 'confirmed' })
  // A package counts in spent, not in the counts.
  await book({ bookingType: 'trip', amount: '100.00', status: 'confirmed', endDate: day(34) })
  expect(await seen()).toEqual({ budget_spent: '1633.73', budget_remaining: '1366.27', flights_count: 1, accommodations_count: 1, activities_count: 2 })

  // Another currency: left out while no rate is in force, then converted at the rate in force (inverse here).
  await book({ amount: '100.00', currency: 'USD', status: 'confirmed' })
  expect((await seen()).budget_spent).toBe('1633.73')
  const ids = Object.fromEntries((await handle.db.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [c.code, c.id]))
  // 1 EUR = 1.08 USD: 100 USD = 100 / 1.08 EUR = 92.592592… EUR, rounded once with the rest: 1726.322592… → 1726.32.
  await handle.db.insert(conversionRates).values({ fromCurrencyId: ids.EUR!, toCurrencyId: ids.USD!, rate: '1.08', effectiveDate: day(-1) })
  expect(await seen()).toEqual({ budget_spent: '1726.32', budget_remaining: '1273.68', flights_count: 1, accommodations_count: 1, activities_count: 3 })

  // The lists agree with the details.
  const [mine, assigned] = await Promise.all([listTrips(as.traveler!, {}, { limit: 10, offset: 0 }), listExpertTrips(as.expert!, {}, { limit: 10, offset: 0 })])
  expect(mine.results.find((t) => t.id === tripId)).toMatchObject({ budget_spent: '1726.32', activities_count: 3 })
  expect(assigned.results.find((t) => t.id === tripId)).toMatchObject({ budget_spent: '1726.32', flights_count: 1 })
})
