import {
  activities,
  and,
  asc,
  bookings,
  type Database,
  desc,
  eq,
  flights,
  inArray,
  itineraries,
  itineraryItems,
  itineraryVersions,
  sql,
  suppliers,
  users,
} from '@meridian/db'
import {
  AWAITING_CONFIRMATION,
  BOOKING_STATUS_LABELS,
  BOOKING_TYPE_LABELS,
  CABIN_CLASS_LABELS,
  type BookingStatus,
  type BookingType,
  type CabinClass,
} from '@meridian/validators/booking-constants'
import { describePolicy } from '@meridian/validators/booking-terms'
import { formatDate } from '../documents/pdf.ts'
import { airportsByIds } from '../flights/airports.ts'
import { knownZone, localParts } from '../flights/time.ts'
import { DEMO_TRIP_LABEL } from '../trips/seed-trips.ts'

/*
 * What a voucher says (docs/bookings.md "Supplier confirmations and vouchers"): read for one booking or a trip's live
 * bookings in one statement (and one for the flights' airports, one a trip package for its plan), as plain strings
 * the PDF draws.
 */

export interface Voucher {
  reference: string
  title: string
  /** The supplier's confirmation number, or AWAITING_CONFIRMATION. */
  confirmation: string
  demo: boolean
  facts: { label: string; value: string }[]
  included: string[]
  supplier: { name: string; lines: string[] } | null
  policy: string[]
  notes: string[]
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const nightsBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
const PARTY_LABELS: Record<BookingType, string> = {
  flight: 'Passengers',
  hotel: 'Guests',
  activity: 'Participants',
  trip: 'Travellers',
  transfer: 'Passengers',
}

/** "Mon, Jun 1, 2030, 23:59 (Europe/Lisbon)": an instant as the clock reads it in a zone. */
function instantIn(at: Date, zone: string): string {
  const z = knownZone(zone)
  const local = localParts(at, z)
  return `${formatDate(local.date)}, ${local.time} (${z})`
}

/** The rows of the bookings, with what each voucher needs besides the booking itself. */
async function voucherRows(db: Database, ids: number[]) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      type: bookings.bookingType,
      status: bookings.status,
      title: bookings.title,
      tripId: bookings.tripId,
      date: bookings.serviceDate,
      endDate: bookings.endDate,
      partySize: bookings.partySize,
      rooms: bookings.rooms,
      cabinClass: bookings.cabinClass,
      details: bookings.details,
      notes: bookings.notes,
      currency: bookings.currency,
      cancellationTerms: bookings.cancellationTerms,
      policyTimeZone: bookings.policyTimeZone,
      freeCancelUntil: bookings.freeCancelUntil,
      supplierConfirmation: bookings.supplierConfirmation,
      supplierNotes: bookings.supplierNotes,
      travelerFirst: users.firstName,
      travelerLast: users.lastName,
      travelerUsername: users.username,
      supplier: {
        name: suppliers.name,
        contactPerson: suppliers.contactPerson,
        phone: suppliers.phone,
        email: suppliers.email,
        website: suppliers.website,
        address: suppliers.address,
        city: suppliers.city,
        stateProvince: suppliers.stateProvince,
        postalCode: suppliers.postalCode,
      },
      activity: {
        durationHours: activities.durationHours,
        durationDescription: activities.durationDescription,
        includedServices: activities.includedServices,
        includesText: activities.includesText,
      },
      itemStart: itineraryItems.startTime,
      flight: {
        airline: flights.airlineName,
        number: flights.flightNumber,
        departureAt: flights.departureAt,
        arrivalAt: flights.arrivalAt,
        from: flights.departureAirportId,
        to: flights.arrivalAirportId,
      },
      demo: sql<boolean>`(${bookings.notes} like ${`${DEMO_TRIP_LABEL}%`} or exists (select 1 from demo_rows d where d.table_name = 'bookings' and d.row_id = ${bookings.id}))`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .leftJoin(activities, eq(activities.id, bookings.activityId))
    .leftJoin(suppliers, sql`${suppliers.id} = coalesce(${bookings.supplierId}, ${activities.supplierId})`)
    .leftJoin(itineraryItems, eq(itineraryItems.id, bookings.itineraryItemId))
    .leftJoin(flights, eq(flights.id, bookings.flightId))
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.serviceDate), asc(bookings.id))
}
type Row = Awaited<ReturnType<typeof voucherRows>>[number]
type PlanDay = { date: string; title?: string; items?: { title: string }[] }

/** A trip package's plan: the version it was booked from, else its trip's newest approved one; its days. */
async function packageDays(db: Database, row: Row): Promise<PlanDay[]> {
  const d = row.details as { itinerary_id?: unknown; itinerary_version?: unknown }
  const booked = typeof d.itinerary_id === 'number' && typeof d.itinerary_version === 'number'
  const where = booked
    ? and(eq(itineraryVersions.itineraryId, d.itinerary_id as number), eq(itineraryVersions.version, d.itinerary_version as number))
    : row.tripId === null
      ? undefined
      : and(eq(itineraries.tripId, row.tripId), eq(itineraryVersions.version, itineraries.approvedVersion))
  if (!where) return []
  const [plan] = await db
    .select({ snapshot: itineraryVersions.snapshot })
    .from(itineraryVersions)
    .innerJoin(itineraries, eq(itineraries.id, itineraryVersions.itineraryId))
    .where(where)
    .orderBy(desc(itineraries.updatedAt), desc(itineraries.id))
    .limit(1)
  const days = (plan?.snapshot as { days?: PlanDay[] } | undefined)?.days
  return Array.isArray(days) ? days : []
}

type Airports = Awaited<ReturnType<typeof airportsByIds>>

/** The dates and times, and what is included, by the kind of booking. */
function timesAndIncluded(r: Row, airports: Airports, plan: PlanDay[]) {
  const facts: { label: string; value: string }[] = []
  const included: string[] = []
  const details = r.details as Record<string, unknown>
  if (r.type === 'flight' && r.flight) {
    const from = airports.get(r.flight.from)
    const to = airports.get(r.flight.to)
    const end = (at: Date, a: typeof from) => {
      const local = localParts(at, knownZone(a?.timezone))
      return `${formatDate(local.date)}, ${local.time} local time · ${a ? `${a.name} (${a.code})` : ''}`
    }
    facts.push({ label: 'Flight', value: `${r.flight.airline} ${r.flight.number}` })
    facts.push({ label: 'Departure', value: end(r.flight.departureAt, from) })
    facts.push({ label: 'Arrival', value: end(r.flight.arrivalAt, to) })
    included.push(`${plural(r.partySize, 'seat')}${r.cabinClass ? `, ${CABIN_CLASS_LABELS[r.cabinClass as CabinClass]}` : ''}`)
    const names = Array.isArray(details.passenger_names) ? details.passenger_names.filter((n): n is string => typeof n === 'string' && n !== '') : []
    if (names.length) included.push(`Passengers: ${names.join(', ')}`)
  } else if (r.type === 'hotel') {
    facts.push({ label: 'Check-in', value: formatDate(r.date) })
    if (r.endDate) facts.push({ label: 'Check-out', value: formatDate(r.endDate) })
    const nights = r.endDate ? nightsBetween(r.date, r.endDate) : 0
    included.push([plural(r.rooms ?? 1, 'room'), nights > 0 ? plural(nights, 'night') : ''].filter(Boolean).join(', '))
  } else if (r.type === 'activity') {
    facts.push({ label: 'Day', value: formatDate(r.date) })
    if (r.itemStart) facts.push({ label: 'Starts', value: r.itemStart.slice(0, 5) })
    if (r.activity) facts.push({ label: 'Duration', value: r.activity.durationDescription || `${r.activity.durationHours.replace(/\.0$/, '')} hours` })
    for (const s of r.activity?.includedServices ?? []) included.push(s)
    if (r.activity?.includesText) included.push(r.activity.includesText)
  } else {
    facts.push({ label: 'Dates', value: r.endDate && r.endDate !== r.date ? `${formatDate(r.date)} – ${formatDate(r.endDate)}` : formatDate(r.date) })
    plan.forEach((day, i) => {
      const items = Array.isArray(day.items) ? day.items.length : 0
      included.push(`Day ${i + 1} · ${formatDate(day.date)}${day.title ? ` · ${day.title}` : ''}${items ? ` (${plural(items, 'item')})` : ''}`)
    })
  }
  return { facts, included }
}

function supplierBlock(r: Row): Voucher['supplier'] {
  const s = r.supplier
  if (!s?.name) return null
  const place = [s.address, [s.postalCode, s.city].filter(Boolean).join(' '), s.stateProvince].filter(Boolean).join(', ')
  const lines = [
    s.contactPerson ? `Contact: ${s.contactPerson}` : '',
    s.phone ? `Phone: ${s.phone}` : '',
    s.email ? `Email: ${s.email}` : '',
    place ? `Address: ${place}` : '',
    s.website ? `Website: ${s.website}` : '',
  ]
  return { name: s.name, lines: lines.filter(Boolean) }
}

function policyLines(r: Row): string[] {
  const lines = [
    r.cancellationTerms ? describePolicy(r.cancellationTerms, r.currency) : 'No cancellation policy is recorded for this booking: ask your expert.',
  ]
  if (r.freeCancelUntil) lines.push(`Free cancellation until ${instantIn(r.freeCancelUntil, r.policyTimeZone)}.`)
  return lines
}

/** The vouchers of these bookings, in date order. */
export async function vouchersOf(db: Database, ids: number[]): Promise<Voucher[]> {
  if (!ids.length) return []
  const rows = await voucherRows(db, ids)
  const airports = await airportsByIds(
    db,
    rows.flatMap((r) => (r.flight ? [r.flight.from, r.flight.to] : [])),
  )
  const out: Voucher[] = []
  for (const r of rows) {
    const plan = r.type === 'trip' ? await packageDays(db, r) : []
    const { facts, included } = timesAndIncluded(r, airports, plan)
    const traveler = [r.travelerFirst, r.travelerLast].filter(Boolean).join(' ') || r.travelerUsername
    out.push({
      reference: r.reference,
      title: r.title,
      confirmation: r.supplierConfirmation || AWAITING_CONFIRMATION,
      demo: Boolean(r.demo),
      facts: [
        { label: 'Type', value: BOOKING_TYPE_LABELS[r.type as BookingType] ?? r.type },
        { label: 'Status', value: BOOKING_STATUS_LABELS[r.status as BookingStatus] ?? r.status },
        { label: 'Traveler', value: traveler },
        ...facts,
        { label: PARTY_LABELS[r.type as BookingType] ?? 'Party', value: String(r.partySize) },
      ],
      included: included.filter(Boolean),
      supplier: supplierBlock(r),
      policy: policyLines(r),
      notes: [r.supplierNotes, r.notes].filter(Boolean),
    })
  }
  return out
}
