import {
  activities,
  activityPricingTiers,
  and,
  asc,
  bookings,
  countries,
  currencies,
  type Database,
  eq,
  inArray,
  itineraries,
  itineraryItems,
  itineraryVersions,
  paymentScheduleLines,
  sql,
  trips,
  users,
} from '@meridian/db'
import type { BookingStatus } from '@meridian/validators/booking-constants'
import { computePrice } from '../activities/pricing.ts'
import { DEMO_TRIP_LABEL } from '../trips/seed-trips.ts'
import { insertBooking, type NewBooking } from './record.ts'

/** Every demo booking's notes start with this, like the other demo rows. */
export const DEMO_BOOKING_LABEL = DEMO_TRIP_LABEL

const DAY = 86_400_000
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
const CURRENCY = 'USD'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type TripRow = typeof trips.$inferSelect

interface Planned {
  booking: NewBooking
  /** Days ago it was made. */
  madeDaysAgo: number
  cancel?: string
}

const CONFIRMATION_PREFIX: Record<string, string> = { hotel: 'HTL', activity: 'ACT', trip: 'PKG', flight: 'FLT', transfer: 'TRF' }
const SUPPLIER_NOTES: Record<string, string> = {
  hotel: 'the hotel holds the room under this number; check-in from 15:00.',
  activity: 'show this voucher to the guide at the meeting point, 15 minutes early.',
  trip: 'the ground operator’s number for the whole package; keep it for every transfer and guide.',
}

/** A demo supplier confirmation: a number that says it is demo data, and notes labelled like every demo text. */
function demoSupplierConfirmation(type: string, n: number, at: Date) {
  return {
    supplierConfirmation: `DEMO-${CONFIRMATION_PREFIX[type] ?? 'SUP'}-${4821 + n * 137}`,
    supplierNotes: `${DEMO_BOOKING_LABEL} ${SUPPLIER_NOTES[type] ?? 'confirmed by the supplier.'}`,
    supplierConfirmedAt: at,
  }
}

/** An activity of the catalogue by name in a country, priced for the group (null when it is not there). */
async function activityBooking(tx: Tx, countryId: number | null, name: string, party: number) {
  if (countryId === null) return null
  const [a] = await tx
    .select({
      id: activities.id,
      name: activities.name,
      supplierId: activities.supplierId,
      pricingModel: activities.pricingModel,
      fixedPrice: activities.fixedPrice,
      maxParticipants: activities.maxParticipants,
      currency: currencies.code,
    })
    .from(activities)
    .innerJoin(currencies, eq(currencies.id, activities.currencyId))
    .where(and(eq(activities.countryId, countryId), eq(activities.name, name), eq(activities.isActive, true)))
    .limit(1)
  if (!a) return null
  const tiers = await tx.select().from(activityPricingTiers).where(eq(activityPricingTiers.activityId, a.id)).orderBy(asc(activityPricingTiers.position))
  try {
    const price = computePrice(
      {
        pricing_model: a.pricingModel,
        fixed_price: a.fixedPrice,
        pricing_tiers: tiers.map((t) => ({
          name: t.name,
          min_quantity: t.minQuantity,
          max_quantity: t.maxQuantity,
          price_per_unit: t.pricePerUnit,
          fixed_price: t.fixedPrice,
        })),
        max_participants: a.maxParticipants,
      },
      party,
    )
    return { activity: a, price }
  } catch {
    return null
  }
}

/**
 * Demo bookings for the demo traveler's demo trips (seedDemoTrips, seedDemoItineraries first), labelled as demo data
 * in their notes: stays, activities and trip packages in each status (a stay request waiting for its quote, a paid
 * nothing: payments are the payment step's). All in US dollars, the one currency the seeded rates need not cover.
 * Flight bookings are the flights seed's. Runs once: nothing happens when the traveler already has a booking of
 * these types. The bookings added.
 */
export async function seedDemoBookings(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert']))
  const traveler = people.find((p) => p.username === 'traveler')?.id
  const expert = people.find((p) => p.username === 'expert')?.id ?? null
  if (!traveler) return 0
  const [have] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.travelerId, traveler), inArray(bookings.bookingType, ['hotel', 'activity', 'trip'])))
    .limit(1)
  if (have) return 0
  const mine = await db
    .select({ trip: trips, country: countries.name })
    .from(trips)
    .leftJoin(countries, eq(countries.id, trips.countryId))
    .where(and(eq(trips.travelerId, traveler), sql`${trips.description} like ${`${DEMO_TRIP_LABEL}%`}`))
  const tripIn = (country: string): TripRow | undefined => mine.find((m) => m.country === country)?.trip
  let added = 0
  await db.transaction(async (tx) => {
    const plans: Planned[] = []
    const stay = (
      trip: TripRow,
      title: string,
      from: number,
      nights: number,
      rooms: number,
      amount: string,
      status: BookingStatus,
      story: string,
    ): NewBooking => ({
      bookingType: 'hotel',
      travelerId: traveler,
      tripId: trip.id,
      title,
      serviceDate: day(from),
      endDate: day(from + nights),
      partySize: trip.travelers,
      rooms,
      amount,
      currency: CURRENCY,
      details: { nights, guests: trip.travelers, rooms },
      notes: `${DEMO_BOOKING_LABEL} ${story}`,
      status,
      confirmedBy: status === 'confirmed' ? expert : null,
    })
    const lisbon = tripIn('Portugal')
    if (lisbon) {
      plans.push({
        booking: stay(lisbon, 'Boutique hotel in Chiado', 20, 6, 1, '1260.00', 'confirmed', 'Six nights near the Baixa, breakfast included.'),
        madeDaysAgo: 12,
      })
      const outings: [string, number, BookingStatus, number, string | undefined][] = [
        ['Sintra palaces day trip', 22, 'confirmed', 11, undefined],
        ['Fado evening in Alfama', 23, 'pending', 3, undefined],
        ['Pastel de nata baking class', 24, 'cancelled', 9, 'We would rather keep that afternoon free.'],
      ]
      for (const [name, at, status, ago, reason] of outings) {
        const found = await activityBooking(tx, lisbon.countryId, name, lisbon.travelers)
        if (!found) continue
        plans.push({
          booking: {
            bookingType: 'activity',
            travelerId: traveler,
            tripId: lisbon.id,
            activityId: found.activity.id,
            supplierId: found.activity.supplierId,
            title: found.activity.name,
            serviceDate: day(at),
            partySize: lisbon.travelers,
            amount: found.price.total,
            currency: found.activity.currency,
            details: { activity_id: found.activity.id, basis: found.price.basis, unit_price: found.price.unit_price, participants: lisbon.travelers },
            notes: `${DEMO_BOOKING_LABEL} booked from the activity's page.`,
            status: status === 'cancelled' ? 'pending' : status,
            confirmedBy: status === 'confirmed' ? expert : null,
          },
          madeDaysAgo: ago,
          cancel: reason,
        })
      }
    }
    const tokyo = tripIn('Japan')
    if (tokyo)
      plans.push({
        booking: stay(tokyo, 'Ryokan stay in Hakone', 47, 2, 1, '0.00', 'pending', 'A stay request: the expert confirms it with the ryokan’s quote.'),
        madeDaysAgo: 1,
      })
    const iceland = tripIn('Iceland')
    if (iceland) {
      plans.push({
        booking: stay(iceland, 'Hotel by the old harbour, Reykjavik', -120, 7, 1, '1480.00', 'confirmed', 'A week by the harbour.'),
        madeDaysAgo: 160,
      })
      plans.push({
        booking: {
          bookingType: 'trip',
          travelerId: traveler,
          tripId: iceland.id,
          title: iceland.title,
          serviceDate: iceland.startDate,
          endDate: iceland.endDate,
          partySize: iceland.travelers,
          amount: '6120.00',
          currency: CURRENCY,
          details: { package: true },
          notes: `${DEMO_BOOKING_LABEL} the whole ring road plan as one package.`,
          status: 'confirmed',
          confirmedBy: expert,
        },
        madeDaysAgo: 158,
      })
    }
    const morocco = tripIn('Morocco')
    if (morocco) {
      plans.push({
        booking: stay(morocco, 'Riad in the medina, Rabat', 60, 3, 2, '540.00', 'pending', 'Two rooms around a courtyard.'),
        madeDaysAgo: 20,
        cancel: 'The trip was cancelled.',
      })
      plans.push({
        booking: {
          bookingType: 'trip',
          travelerId: traveler,
          tripId: morocco.id,
          title: morocco.title,
          serviceDate: morocco.startDate,
          endDate: morocco.endDate,
          partySize: morocco.travelers,
          amount: '5130.00',
          currency: CURRENCY,
          details: { package: true },
          notes: `${DEMO_BOOKING_LABEL} riads, the Atlas and a desert night as one package.`,
          status: 'pending',
        },
        madeDaysAgo: 19,
        cancel: 'The trip was cancelled.',
      })
    }
    // An activity item of the approved Peru plan, booked from the itinerary (a day still ahead).
    const peru = tripIn('Peru')
    if (peru) {
      const [plan] = await tx
        .select({ itineraryId: itineraries.id, version: itineraries.approvedVersion, snapshot: itineraryVersions.snapshot })
        .from(itineraries)
        .innerJoin(itineraryVersions, and(eq(itineraryVersions.itineraryId, itineraries.id), eq(itineraryVersions.version, itineraries.approvedVersion)))
        .where(eq(itineraries.tripId, peru.id))
        .limit(1)
      const days = (
        (plan?.snapshot as { days?: { date: string; items: { id: number; key: string; type: string; title: string; activity_id: number | null }[] }[] })
          ?.days ?? []
      ).filter((d) => d.date > day(0))
      const item = days.flatMap((d) => d.items.map((i) => ({ ...i, date: d.date }))).find((i) => i.type === 'activity' && i.activity_id !== null)
      const found = item ? await activityBooking(tx, peru.countryId, item.title, peru.travelers) : null
      const [live] = item ? await tx.select({ id: itineraryItems.id }).from(itineraryItems).where(eq(itineraryItems.id, item.id)) : []
      if (plan && item && found) {
        plans.push({
          booking: {
            bookingType: 'activity',
            travelerId: traveler,
            tripId: peru.id,
            activityId: found.activity.id,
            supplierId: found.activity.supplierId,
            itineraryItemId: live ? item.id : null,
            title: found.activity.name,
            serviceDate: item.date,
            partySize: peru.travelers,
            amount: found.price.total,
            currency: found.activity.currency,
            details: {
              activity_id: found.activity.id,
              basis: found.price.basis,
              participants: peru.travelers,
              itinerary_id: plan.itineraryId,
              itinerary_version: plan.version,
              item_key: item.key,
            },
            notes: `${DEMO_BOOKING_LABEL} booked from the approved itinerary.`,
            status: 'confirmed',
            confirmedBy: expert,
          },
          madeDaysAgo: 6,
        })
      }
    }
    for (const p of plans) {
      const row = await insertBooking(tx, p.booking)
      const made = new Date(Date.now() - p.madeDaysAgo * DAY)
      const confirmed = p.booking.status === 'confirmed' && !p.cancel
      await tx
        .update(bookings)
        .set({
          createdAt: made,
          updatedAt: made,
          confirmedAt: p.booking.status === 'confirmed' ? made : null,
          // A confirmed booking's voucher carries the supplier's number (docs/bookings.md "Supplier confirmations and vouchers").
          ...(confirmed ? demoSupplierConfirmation(p.booking.bookingType, added, made) : {}),
          ...(p.cancel ? { status: 'cancelled' as const, cancelledAt: made, cancelledBy: traveler, cancelReason: p.cancel } : {}),
        })
        .where(eq(bookings.id, row.id))
      // A cancelled booking's open lines are waived, as cancelling does (docs/bookings.md "Payment schedules").
      if (p.cancel) {
        await tx
          .update(paymentScheduleLines)
          .set({ status: 'waived', waivedAt: made })
          .where(and(eq(paymentScheduleLines.bookingId, row.id), inArray(paymentScheduleLines.status, ['due', 'overdue'])))
      }
      added++
    }
  })
  return added
}
