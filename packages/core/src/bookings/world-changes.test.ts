import { bookings, eq, flights, notifications, paymentScheduleLines, payments, travelerExperts, users } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFlight } from '../flights/book-flight.ts'
import { createFlight, withdrawFlight } from '../flights/manage-flights.ts'
import { day, type FlightWorld, flightWorld, offer } from '../flights/test-setup.ts'
import { domainErrorOf } from '../trips/test-bed.ts'
import { cancelBooking } from './change-booking.ts'
import { rebookBooking, rebookOptions } from './rebook.ts'

let world: FlightWorld
const userId = async (username: string) => (await world.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id
const flight = async (fields: Record<string, unknown> = {}) =>
  createFlight(await world.as('admin'), offer({ price: '250.00', currency: 'USD', seats_total: 10, ...fields }))
const bookingRow = async (id: number) => (await world.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
const seatsOf = async (id: number) => (await world.handle.db.select({ seats: flights.seatsLeft }).from(flights).where(eq(flights.id, id)))[0]!.seats
const noticesOf = async (username: string) =>
  world.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, await userId(username)))

/** Marks every schedule line of a booking paid by hand (one succeeded manual payment a line). */
async function payAll(bookingId: number) {
  const lines = await world.handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, bookingId))
  for (const line of lines) {
    await world.handle.db
      .insert(payments)
      .values({
        bookingId,
        provider: 'manual',
        intentId: `man_${bookingId}_${line.id}`,
        amount: line.amount,
        currency: line.currency,
        status: 'succeeded',
        scheduleLineId: line.id,
        confirmedAt: new Date(),
      })
    await world.handle.db.update(paymentScheduleLines).set({ status: 'paid', paidAt: new Date() }).where(eq(paymentScheduleLines.id, line.id))
  }
  await world.handle.db.update(bookings).set({ paymentState: 'paid' }).where(eq(bookings.id, bookingId))
}

beforeAll(async () => {
  world = await flightWorld()
  await world.handle.db.insert(travelerExperts).values({ travelerId: await userId('traveler'), expertId: await userId('expert'), tripType: null })
})
afterAll(async () => world?.close())

describe('a withdrawn flight', () => {
  it('tells its booked travelers and their experts, and staff rebook at the price paid, the money carried over', async () => {
    const old = await flight({ departure: `${day(40)}T09:00`, arrival: `${day(40)}T11:00` })
    const dearer = await flight({ price: '400.00', departure: `${day(41)}T09:00`, arrival: `${day(41)}T11:00` })
    await flight({ class: 'business', departure: `${day(40)}T12:00`, arrival: `${day(40)}T14:00` })
    const otherRoute = await flight({ to: 'JFK', departure: `${day(41)}T09:00`, arrival: `${day(41)}T18:00` })
    const booked = await bookFlight(await world.as('traveler'), old.id, { passengers: 2 })
    await payAll(booked.id)
    const expertBefore = (await noticesOf('expert')).length

    await withdrawFlight(await world.as('admin'), old.id)
    const told = (await noticesOf('traveler')).filter((n) => n.link === `/dashboard/bookings/${booked.id}`)
    expect(told.at(-1)).toMatchObject({ kind: 'booking.status', title: `The flight of your booking ${booked.reference} was withdrawn` })
    expect((await noticesOf('expert')).length).toBe(expertBefore + 1)

    const options = await rebookOptions(await world.as('expert'), booked.id)
    expect(options.map((o) => o.id)).toEqual([dearer.id])
    expect((await domainErrorOf(rebookBooking(await world.as('traveler'), booked.id, { flight_id: dearer.id }))).code).toBe('forbidden')
    expect((await domainErrorOf(rebookBooking(await world.as('admin'), booked.id, { flight_id: otherRoute.id }))).fields).toEqual({
      flight_id: ['Choose a scheduled flight on the same route with enough seats.'],
    })

    const moved = await rebookBooking(await world.as('expert'), booked.id, { flight_id: dearer.id })
    expect(moved).toMatchObject({ flight_id: dearer.id, amount: '500.00', currency: 'USD', payment_status: 'paid', rebooked_from_id: booked.id, party_size: 2 })
    const lines = await world.handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, moved.id))
    expect(lines.every((l) => l.status === 'paid')).toBe(true)
    expect(lines.reduce((sum, l) => sum + Number(l.amount) * 100, 0)).toBe(50000)
    const moneyNow = await world.handle.db.select().from(payments).where(eq(payments.bookingId, moved.id))
    expect(moneyNow.map((p) => p.scheduleLineId).sort()).toEqual(lines.map((l) => l.id).sort())
    expect(await bookingRow(booked.id)).toMatchObject({
      status: 'cancelled',
      cancellationFee: '0.00',
      cancelReason: `Flight withdrawn; rebooked on ${moved.reference}`,
    })
    expect(await seatsOf(dearer.id)).toBe(8)
    expect(await seatsOf(old.id)).toBe(10)
    expect((await domainErrorOf(rebookBooking(await world.as('admin'), booked.id, { flight_id: dearer.id }))).code).toBe('conflict')
    expect((await domainErrorOf(rebookBooking(await world.as('admin'), moved.id, { flight_id: old.id }))).code).toBe('conflict')
  })

  it('or staff cancel with a full refund, whatever the policy says', async () => {
    const old = await flight({ departure: `${day(5)}T09:00`, arrival: `${day(5)}T11:00` })
    const booked = await bookFlight(await world.as('traveler'), old.id, { passengers: 1 })
    await payAll(booked.id)
    await withdrawFlight(await world.as('admin'), old.id)
    const done = await cancelBooking(await world.as('admin'), booked.id, { reason: 'Flight withdrawn' })
    expect(done).toMatchObject({ status: 'cancelled', cancellation_fee: '0.00', refund_owed: '250.00', payment_status: 'refund_due' })
  })
})
