import { and, bookings, desc, eq, type SQL, sql, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { requireBookingScope } from './access.ts'
import { bookingFilters, bookingScopeCondition } from './bookings.ts'
import { ListBookingsQuery } from '@meridian/validators'

/** The most rows one export holds (the newest); a wider export is a report, not a download. */
export const EXPORT_MAX_ROWS = 10_000
export const EXPORT_FILE_NAME = 'meridian-bookings.csv'

const HEADER = [
  'Reference',
  'Type',
  'Title',
  'Status',
  'Payment status',
  'Date',
  'End date',
  'Party size',
  'Amount',
  'Currency',
  'Trip',
  'Created',
  'Supplier confirmation',
]

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A cell a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with ' so it stays text (OWASP CSV injection).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * GET /api/bookings/export/ and /dashboard/bookings/export: the bookings the actor sees (the list's filters apply
 * when given), newest first, at most EXPORT_MAX_ROWS, as CSV with a header row: reference, type, title, status, payment
 * status, date, end date, party size, amount, currency, trip, created, supplier confirmation. UTF-8 with a byte order mark (spreadsheets then
 * read accented titles right), CRLF line ends.
 */
export async function exportBookingsCsv(ctx: ServiceContext, query: unknown = {}): Promise<string> {
  const { actor, scope } = requireBookingScope(ctx)
  const f = bookingFilters(parseInput(ListBookingsQuery, query ?? {}))
  const where: (SQL | undefined)[] = [
    bookingScopeCondition(actor, scope),
    f.type ? sql`${bookings.bookingType} = ${f.type}` : undefined,
    f.status ? sql`${bookings.status} = ${f.status}` : undefined,
    f.search ? sql`${bookings.searchText} like ${f.search}` : undefined,
    f.from ? sql`${bookings.serviceDate} >= ${f.from}::date` : undefined,
    f.before ? sql`${bookings.serviceDate} < ${f.before}::date` : undefined,
    f.trip ? eq(bookings.tripId, f.trip) : undefined,
  ]
  const rows = await ctx.db
    .select({
      reference: bookings.reference,
      type: bookings.bookingType,
      title: bookings.title,
      status: bookings.status,
      payment: bookings.paymentState,
      date: bookings.serviceDate,
      end: bookings.endDate,
      party: bookings.partySize,
      amount: bookings.amount,
      currency: bookings.currency,
      trip: trips.title,
      created: bookings.createdAt,
      confirmation: bookings.supplierConfirmation,
    })
    .from(bookings)
    .leftJoin(trips, eq(trips.id, bookings.tripId))
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(EXPORT_MAX_ROWS)
  const lines = [HEADER.map(csvCell).join(',')]
  for (const r of rows) {
    lines.push(
      [r.reference, r.type, r.title, r.status, r.payment, r.date, r.end, r.party, r.amount, r.currency, r.trip, r.created.toISOString(), r.confirmation]
        .map(csvCell)
        .join(','),
    )
  }
  return `\ufeff${lines.join('\r\n')}\r\n`
}
