import { bookings, type Database, eq, getTableColumns, sql, travelerExperts, trips, users } from '@meridian/db'
import type { BookingStatus } from '@meridian/validators/booking-constants'
import type { Actor, ServiceContext } from '../context.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { type BookingScope, requireBookingScope, rolesOnBooking, seesBooking } from './access.ts'
import { BOOKINGS_PAGE_SIZE, ListBookingsQuery } from '@meridian/validators'
import { BOOKING_MESSAGES } from './messages.ts'
import { type BookingRow, serializeBooking } from './record.ts'
import { allowedBookingMoves } from './transitions.ts'
import { describePolicy, describeTerms } from '@meridian/validators/booking-terms'
import { type ScheduleLine, scheduleOf, scheduleSummary, serializeLine } from '../payments/lines.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

// Every column but the search key, which no answer shows.
const { searchText: _searchText, ...bookingColumns } = getTableColumns(bookings)

/** What a booking's row is read with: its trip's title and its traveler's name (to-one, joined to the page only). */
const related = {
  tripTitle: trips.title,
  travelerFirst: users.firstName,
  travelerLast: users.lastName,
  travelerUsername: users.username,
}
type ListedRow = Omit<BookingRow, 'searchText'> & { tripTitle: string | null; travelerFirst: string; travelerLast: string; travelerUsername: string }

/**
 * The bookings an expert handles: those of the trips they are the expert of, and every booking of the travelers they
 * are the standing expert of (traveler_experts). `p` is the expert's id.
 */
export const handledBy = (p: ReturnType<typeof sql.placeholder> | number) =>
  sql`(${bookings.tripId} in (select t.id from trips t where t.expert_id = ${p})
    or ${bookings.travelerId} in (select te.traveler_id from traveler_experts te where te.expert_id = ${p}))`

/** Bookings newest first (decision 021): a traveler's own, an expert's handled, or all; by type, status, search, date and trip. */
const bookingList = pagedList({
  name: 'bookings',
  table: bookings,
  id: bookings.id,
  keys: [
    { expr: bookings.createdAt, type: 'timestamp' },
    { expr: bookings.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    traveler: (p) => sql`${bookings.travelerId} = ${p()}`,
    handler: (p) => handledBy(p()),
    type: (p) => sql`${bookings.bookingType} = ${p()}`,
    status: (p) => sql`${bookings.status} = ${p()}`,
    search: (p) => sql`${bookings.searchText} like ${p()}`,
    from: (p) => sql`${bookings.serviceDate} >= ${p()}::date`,
    before: (p) => sql`${bookings.serviceDate} < ${p()}::date`,
    trip: (p) => sql`${bookings.tripId} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({ ...bookingColumns, ...related, ...page.cursor })
      .from(page.from)
      .innerJoin(bookings, eq(bookings.id, page.id))
      .innerJoin(users, eq(users.id, bookings.travelerId))
      .leftJoin(trips, eq(trips.id, bookings.tripId)),
})

/** The list filters the scope imposes. */
export function bookingScopeFilters(actor: Actor, scope: BookingScope) {
  return scope === 'own' ? { traveler: actor.id } : scope === 'handled' ? { handler: actor.id } : {}
}

/** The SQL condition of a scope, for the figures and the export (the list uses its filters). */
export function bookingScopeCondition(actor: Actor, scope: BookingScope) {
  return scope === 'own' ? eq(bookings.travelerId, actor.id) : scope === 'handled' ? handledBy(actor.id) : undefined
}

const displayName = (first: string, last: string, username: string) => [first, last].filter(Boolean).join(' ') || username

/** A booking with its trip and traveler, as the lists and the detail answer it (docs/bookings.md "The booking"). */
export function bookingDto(r: ListedRow) {
  return {
    ...serializeBooking(r),
    trip: r.tripId === null ? null : { id: r.tripId, title: r.tripTitle ?? '' },
    traveler: { id: r.travelerId, name: displayName(r.travelerFirst, r.travelerLast, r.travelerUsername) },
  }
}
export type BookingDto = ReturnType<typeof bookingDto>

/** The list's filters from a parsed query, with today for upcoming and past. */
function filtersOf(q: ListBookingsQuery, today = todayUtc()) {
  const key = normalizeSearch(q.search)
  return {
    type: q.type || undefined,
    status: q.status || undefined,
    search: key ? `%${escapeLike(key)}%` : undefined,
    from: q.when === 'upcoming' ? today : undefined,
    before: q.when === 'past' ? today : undefined,
    trip: q.trip_id ?? undefined,
  }
}

/**
 * Bookings newest first, as the actor may see them: a traveler's own, the bookings an expert handles, every booking
 * for admins and the superadmin; filters type, status, search (reference or title), when (upcoming: dated today or
 * later; past: before today) and trip_id. The page is `page` (REST, loaders) or the query's page_size and cursor.
 * Answers `{count, results, next_cursor}`. view_bookings, manage_assigned_trips or manage_trips; else 403.
 */
export async function listBookings(ctx: ServiceContext, query: unknown, page?: PageWindow) {
  const { actor, scope } = requireBookingScope(ctx)
  const q = parseInput(ListBookingsQuery, query ?? {})
  const window = page ?? { limit: q.page_size ?? BOOKINGS_PAGE_SIZE, after: q.cursor }
  const { count, rows, next_cursor } = await bookingList.page(ctx.db, { ...filtersOf(q), ...bookingScopeFilters(actor, scope) }, window)
  return { count, results: (rows as ListedRow[]).map(bookingDto), next_cursor }
}

/** The SQL and parameters of a list page (plan and statement checks in tests). */
export const bookingListQueries = (db: Database, filters: Parameters<typeof bookingList.queries>[1], window: PageWindow) =>
  bookingList.queries(db, filters, window)

/**
 * One booking with what the actor's access to it depends on: its trip's expert (and whether they accepted) and
 * whether the actor is the traveler's standing expert. `lock` takes the booking's row lock (status changes).
 */
export async function loadBooking(db: Database | Tx, actor: Actor, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      ...bookingColumns,
      ...related,
      tripExpertId: trips.expertId,
      // Spelled out: the subqueries compare with the outer tables' columns.
      tripExpertAccepted: sql<boolean>`exists (select 1 from trip_assignments a where a.trip_id = ${bookings.tripId} and a.expert_id = ${trips.expertId} and a.status = 'accepted')`,
      standingExpert: sql<boolean>`exists (select 1 from ${travelerExperts} te where te.traveler_id = ${bookings.travelerId} and te.expert_id = ${actor.id})`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .leftJoin(trips, eq(trips.id, bookings.tripId))
    .where(eq(bookings.id, id))
  const [row] = options.lock ? await query.for('update', { of: bookings }) : await query
  if (!row) throw new DomainError('not_found', BOOKING_MESSAGES.notFound)
  return {
    ...row,
    tripExpertAccepted: Boolean(row.tripExpertAccepted),
    standingExpert: Boolean(row.standingExpert),
  }
}
export type LoadedBooking = Awaited<ReturnType<typeof loadBooking>>

/** A booking the actor may see (else 404: another person's booking is not revealed), with their roles on it. */
export async function findVisibleBooking(ctx: ServiceContext, rawId: unknown, options: { lock?: boolean; db?: Database | Tx } = {}) {
  const { actor, scope } = requireBookingScope(ctx)
  const booking = await loadBooking(options.db ?? ctx.db, actor, idOf(rawId, BOOKING_MESSAGES.notFound), options)
  if (!seesBooking(actor, scope, booking)) throw new DomainError('not_found', BOOKING_MESSAGES.notFound)
  return { actor, scope, booking, roles: rolesOnBooking(actor, scope, booking) }
}

/** The detail: the booking, its trip and traveler, its payment schedule, and what the actor may do with it now. */
export function bookingDetail(booking: LoadedBooking, roles: ReturnType<typeof rolesOnBooking>, lines: ScheduleLine[], today = todayUtc()) {
  const moves = allowedBookingMoves(roles, booking.status as BookingStatus, booking.serviceDate, today)
  const open = booking.status !== 'cancelled'
  const summary = scheduleSummary(lines)
  return {
    ...bookingDto(booking),
    schedule: { lines: lines.map(serializeLine), ...summary },
    /** The payment terms the schedule was cut with, and in words. */
    schedule_terms: booking.scheduleTerms,
    schedule_text: booking.scheduleTerms ? describeTerms(booking.scheduleTerms, booking.currency) : null,
    /** The cancellation policy in force for it (null: none, free), and in words. */
    cancellation_policy: booking.cancellationTerms,
    policy_text: booking.cancellationTerms ? describePolicy(booking.cancellationTerms, booking.currency) : null,
    can: {
      confirm: moves.includes('confirmed'),
      cancel: moves.includes('cancelled'),
      /** A stay request: confirming it takes the quoted total and currency. */
      quote: moves.includes('confirmed') && booking.bookingType === 'hotel',
      /** Staff handling it may set its own schedule and cancellation policy. */
      terms: open && roles.staff,
      pay: open && roles.traveler && summary.next_due !== null && (booking.paymentState === 'unpaid' || booking.paymentState === 'partly_paid'),
      /** Record the supplier's confirmation number and notes (staff handling it, while it is not cancelled). */
      supplier_confirmation: open && roles.staff,
      /** Download the voucher (anyone who sees it, while it is not cancelled). */
      voucher: open,
    },
  }
}
export type BookingDetail = ReturnType<typeof bookingDetail>

/** The detail of a booking read with its schedule. */
export async function detailOf(db: Database | Tx, booking: LoadedBooking, roles: ReturnType<typeof rolesOnBooking>): Promise<BookingDetail> {
  return bookingDetail(booking, roles, await scheduleOf(db as Database, booking.id))
}

/** GET /api/bookings/{id}/: one booking the actor may see (404 otherwise), with its schedule and what they may do with it. */
export async function getBooking(ctx: ServiceContext, rawId: unknown): Promise<BookingDetail> {
  const { booking, roles } = await findVisibleBooking(ctx, rawId)
  return detailOf(ctx.db, booking, roles)
}

/** The list's filters of a query, for the export (which reads the same set, unpaged). */
export { filtersOf as bookingFilters }
