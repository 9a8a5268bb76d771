import { parseRecordId } from '@meridian/validators'
import { bookings, type Database, eq, getTableColumns, payments, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { requirePaymentScope } from './access.ts'
import { serializePayment, type PaymentRow } from './serialize.ts'

/** Rows a page of the payment history holds by default. */
export const PAYMENTS_PAGE_SIZE = 20

/**
 * Payments newest first. The order is the id (the primary key's index, read backwards): a payment's id is drawn as
 * it is written, so it follows creation, and the table has no index on its creation time alone (decision 021).
 * A traveler's payments are those they made (payments_created_by_idx): only a booking's own traveler makes them.
 */
const paymentList = pagedList({
  name: 'payments',
  table: payments,
  id: payments.id,
  keys: [{ expr: payments.id, type: 'int' }],
  direction: 'desc',
  filters: {
    createdBy: (p) => sql`${payments.createdBy} = ${p()}`,
    // The bookings an expert handles (bookings/access.ts): their trip's expert, or the traveler's standing expert.
    handledBy: (p) => sql`exists (select 1 from bookings b left join trips t on t.id = b.trip_id
      where b.id = ${payments.bookingId}
        and (t.expert_id = ${p()} or b.traveler_id = ${p()}
             or exists (select 1 from traveler_experts te where te.traveler_id = b.traveler_id and te.expert_id = ${p()})))`,
    booking: (p) => sql`${payments.bookingId} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({
        ...getTableColumns(payments),
        bookingReference: bookings.reference,
        bookingTitle: bookings.title,
        travelerId: bookings.travelerId,
        ...page.cursor,
      })
      .from(page.from)
      .innerJoin(payments, eq(payments.id, page.id))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId)),
})

type HistoryRow = PaymentRow & { bookingReference: string; bookingTitle: string; travelerId: number }

function filtersFor(scope: 'all' | 'handled' | 'own', actorId: number, query: unknown) {
  const raw = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).booking : undefined
  let booking: number | undefined
  if (raw !== undefined && raw !== null && raw !== '') {
    const id = parseRecordId(raw)
    if (id === null) throw DomainError.invalid({ booking: ['A valid integer is required.'] })
    booking = id
  }
  return {
    createdBy: scope === 'own' ? actorId : undefined,
    handledBy: scope === 'handled' ? actorId : undefined,
    booking,
  }
}

/**
 * GET /api/payments/history/: the payments the caller may see, newest first, keyset-paged (`next_cursor`): a
 * traveler's own, an expert's of the bookings they handle, every one for admins and the superadmin; `booking`
 * narrows to one booking. Specialists and editors: 403.
 */
export async function listPaymentHistory(ctx: ServiceContext, query: unknown, page: PageWindow = { limit: PAYMENTS_PAGE_SIZE }) {
  const { actor, scope } = requirePaymentScope(ctx)
  const { count, rows, next_cursor } = await paymentList.page(ctx.db, filtersFor(scope, actor.id, query), page)
  return {
    count,
    results: rows.map((r) => {
      const row = r as HistoryRow
      return serializePayment(row, { reference: row.bookingReference, title: row.bookingTitle, travelerId: row.travelerId })
    }),
    next_cursor,
  }
}

/** The history's statements for a scope (plan checks in tests). */
export const paymentHistoryQueries = (db: Database, scope: 'all' | 'handled' | 'own', actorId: number, query: unknown, page: PageWindow) =>
  paymentList.queries(db, filtersFor(scope, actorId, query), page)
