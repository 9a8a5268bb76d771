import { bookings, type Database, type SQL, sql } from '@meridian/db'
import { BOOKINGS_PAGE_SIZE, DueSoonQuery } from '@meridian/validators'
import { DUE_SOON_DAYS } from '@meridian/validators/booking-constants'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { decodeCursor, encodeCursor } from '../lists/cursor.ts'
import type { PageWindow } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { type BookingScope, requireBookingScope } from './access.ts'
import { addDays } from './book-shared.ts'
import { handledBy } from './bookings.ts'
import { BOOKING_MESSAGES } from './messages.ts'

export type DueSoonKind = 'payment' | 'cancellation'
type Scope = Exclude<BookingScope, 'own'>

interface DueRow {
  kind: DueSoonKind
  line_kind: 'deposit' | 'balance' | 'full' | null
  item_id: number
  booking_id: number
  reference: string
  title: string
  booking_status: string
  traveler_id: number
  first_name: string
  last_name: string
  username: string
  trip_id: number | null
  trip_title: string | null
  amount: string | null
  currency: string | null
  due_on: string
  deadline: string | null
  status: string
  overdue: boolean
  days_left: number
}

/**
 * The open schedule lines due by the horizon (every overdue one among them: an unpaid line past its date is overdue
 * whether or not the sweep marked it yet) and the free-cancellation deadlines from now to the horizon, of live
 * bookings. Each part reads its partial index (payment_schedule_lines_open_idx, bookings_free_cancel_idx). An open line
 * is a live booking's (cancelling waives its open lines), so staff who see every booking read the lines alone; for an
 * expert a line's booking is looked up by its id in a scalar subquery, which PostgreSQL keeps a per-row index lookup: as a join it
 * misjudged how few open lines fall due soon (paid lines lie in the past) and read every booking.
 */
function dueItems(scope: Scope, kind: DueSoonKind | undefined, overdueOnly: boolean): SQL {
  const mine = scope === 'handled' ? sql`and ${handledBy(sql.placeholder('actor'))}` : sql``
  const today = sql`${sql.placeholder('today')}::date`
  const lines = sql`
    select 'payment' as kind, l.kind as line_kind, l.id as item_id, l.booking_id, l.due_on, null::timestamptz as deadline,
      l.amount::text as amount, l.currency, case when l.due_on < ${today} then 'overdue' else l.status end as status,
      l.due_on < ${today} as overdue
    from payment_schedule_lines l
    where l.status in ('due', 'overdue') and l.due_on <= ${overdueOnly ? sql`${today} - 1` : sql`${sql.placeholder('horizon')}::date`}
      ${scope === 'handled' ? sql`and (select ${bookings.status} <> 'cancelled' ${mine} from ${bookings} where ${bookings.id} = l.booking_id)` : sql``}`
  const deadlines = sql`
    select 'cancellation' as kind, null as line_kind, ${bookings.id} as item_id, ${bookings.id} as booking_id,
      (${bookings.freeCancelUntil} at time zone 'UTC')::date as due_on, ${bookings.freeCancelUntil} as deadline, null as amount,
      null as currency, 'open' as status, false as overdue
    from ${bookings}
    where ${bookings.status} <> 'cancelled' and ${bookings.freeCancelUntil} is not null
      and ${bookings.freeCancelUntil} > ${sql.placeholder('now')}::timestamptz
      and ${bookings.freeCancelUntil} < (${sql.placeholder('horizon')}::date + 1)::timestamp at time zone 'UTC' ${mine}`
  if (overdueOnly || kind === 'payment') return lines
  if (kind === 'cancellation') return deadlines
  return sql`${lines} union all ${deadlines}`
}

const ORDER = sql.raw('d.overdue desc, d.due_on, d.deadline nulls first, d.kind, d.item_id')

function prepareShape(db: Database, scope: Scope, kind: DueSoonKind | undefined, overdueOnly: boolean, name: string) {
  const items = dueItems(scope, kind, overdueOnly)
  const page = db
    .select({
      kind: sql<DueSoonKind>`d.kind`,
      line_kind: sql<DueRow['line_kind']>`d.line_kind`,
      item_id: sql<number>`d.item_id`,
      booking_id: sql<number>`d.booking_id`,
      reference: sql<string>`b.reference`,
      title: sql<string>`b.title`,
      booking_status: sql<string>`b.status`,
      traveler_id: sql<number>`b.traveler_id`,
      first_name: sql<string>`u.first_name`,
      last_name: sql<string>`u.last_name`,
      username: sql<string>`u.username`,
      trip_id: sql<number | null>`b.trip_id`,
      trip_title: sql<string | null>`t.title`,
      amount: sql<string | null>`d.amount`,
      currency: sql<string | null>`d.currency`,
      due_on: sql<string>`to_char(d.due_on, 'YYYY-MM-DD')`,
      deadline: sql<string | null>`to_char(d.deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      status: sql<string>`d.status`,
      overdue: sql<boolean>`d.overdue`,
      days_left: sql<number>`(d.due_on - ${sql.placeholder('today')}::date)`.mapWith(Number),
      total: sql<number>`d.total`.mapWith(Number),
    })
    .from(
      sql`(select x.*, count(*) over () as total from (${items}) x order by ${sql.raw('x.overdue desc, x.due_on, x.deadline nulls first, x.kind, x.item_id')}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) d
        join bookings b on b.id = d.booking_id join users u on u.id = b.traveler_id left join trips t on t.id = b.trip_id`,
    )
    .orderBy(ORDER)
    .prepare(`due_soon_${name}`)
  const count = db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${items}) d`)
    .prepare(`due_soon_${name}_count`)
  return { page, count }
}

const statements = new WeakMap<Database, Map<string, ReturnType<typeof prepareShape>>>()
function shape(db: Database, scope: Scope, kind: DueSoonKind | undefined, overdueOnly: boolean) {
  let byShape = statements.get(db)
  if (!byShape) statements.set(db, (byShape = new Map()))
  const name = `${scope}_${overdueOnly ? 'overdue' : (kind ?? 'any')}`
  let found = byShape.get(name)
  if (!found) byShape.set(name, (found = prepareShape(db, scope, kind, overdueOnly, name)))
  return found
}

/** Who may read the Due soon list: a booking scope beyond one's own (admins, the superadmin, experts); else 401 / 403. */
export function requireDueSoonAccess(ctx: ServiceContext): { actor: NonNullable<ServiceContext['actor']>; scope: Exclude<BookingScope, 'own'> } {
  const { actor, scope } = requireBookingScope(ctx)
  if (scope === 'own') throw new DomainError('forbidden', BOOKING_MESSAGES.denied)
  return { actor, scope }
}

const displayName = (r: DueRow) => [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username

/** One row of the list (docs/bookings.md "Reminders and Due soon"). */
export function dueSoonDto(r: DueRow) {
  return {
    kind: r.kind,
    line_kind: r.line_kind,
    line_id: r.kind === 'payment' ? Number(r.item_id) : null,
    booking: { id: Number(r.booking_id), reference: r.reference, title: r.title, status: r.booking_status },
    traveler: { id: Number(r.traveler_id), name: displayName(r) },
    trip: r.trip_id === null ? null : { id: Number(r.trip_id), title: r.trip_title ?? '' },
    amount: r.amount,
    currency: r.currency,
    due_on: r.due_on,
    deadline: r.deadline,
    status: r.status,
    overdue: Boolean(r.overdue),
    days_left: Number(r.days_left),
  }
}
export type DueSoonItem = ReturnType<typeof dueSoonDto>

/**
 * The staff's Due soon list: open payment schedule lines and free-cancellation deadlines of the next DUE_SOON_DAYS
 * days and every overdue line, of live bookings, overdue first then by date. Filters kind (payment, cancellation) and
 * overdue. Admins and the superadmin see all, an expert the bookings they handle; travelers, specialists and editors
 * 403. Paged by `page` (offset) or the query's cursor (which holds the next offset). `{count, results, next_cursor}`.
 */
export async function listDueSoon(ctx: ServiceContext, query: unknown, page?: PageWindow, now = new Date()) {
  const { actor, scope } = requireDueSoonAccess(ctx)
  const q = parseInput(DueSoonQuery, query ?? {})
  const limit = page?.limit ?? q.page_size ?? BOOKINGS_PAGE_SIZE
  const after = page?.after ?? q.cursor
  const offset = after ? Number(decodeCursor(after, ['int'])[0]) : (page?.offset ?? 0)
  const kind = (q.kind || undefined) as DueSoonKind | undefined
  const today = todayUtc()
  const { page: pageStatement, count } = shape(ctx.db, scope, kind, q.overdue)
  const values = { today, horizon: addDays(today, DUE_SOON_DAYS), now: now.toISOString(), actor: actor.id }
  // The page carries the count of the whole list (a window count over what its sort reads anyway); a page past the
  // end has no row to carry it and counts alone.
  const rows = (await pageStatement.execute({ ...values, limit, offset })) as (DueRow & { total: number })[]
  const total = rows[0]?.total ?? (offset > 0 ? ((await count.execute(values))[0]?.count ?? 0) : 0)
  return {
    count: total,
    results: rows.map(dueSoonDto),
    next_cursor: rows.length === limit && offset + limit < total ? encodeCursor([String(offset + limit)]) : null,
  }
}

/** The SQL of a Due soon page for a shape of filters (plan checks in tests and the bench). */
export const dueSoonPageQuery = (db: Database, scope: Scope, kind: DueSoonKind | undefined, overdueOnly: boolean) =>
  (shape(db, scope, kind, overdueOnly).page as unknown as { getQuery(): { sql: string; params: unknown[] } }).getQuery()
