import {
  and,
  bookings,
  countries,
  customerNotes,
  type Database,
  desc,
  eq,
  inArray,
  or,
  payments,
  quizDefinitions,
  quizSubmissions,
  type SQL,
  sql,
  travelerExperts,
  tripRequests,
  trips,
  users,
} from '@meridian/db'
import { CustomerFilters, CustomerNoteInput, type CustomerStatus, QUIZ_REVIEW_MESSAGES, type TripType } from '@meridian/validators'
import { recordActivity } from '../activity/record-activity.ts'
import { displayName } from '../auth/serialize-user.ts'
import { conversionFor, sumIn } from '../bookings/money.ts'
import { Dec } from '../currencies/money.ts'
import { baseCurrencyCode } from '../currencies/currencies.ts'
import { escapeLike } from '../catalogue/shared.ts'
import type { ServiceContext } from '../context.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { requireCustomerStaff } from '../quiz-review/access.ts'
import { expandTrips, type TripDto } from '../trips/serialize.ts'
import { parseInput } from '../validation.ts'

/*
 * Raw SQL here spells "users"."id": a one-table statement (the count) renders Drizzle's columns unqualified, and a
 * bare "id" inside a subquery would name the subquery's own table.
 */
const USER_ID = sql.raw('"users"."id"')

/**
 * Matched: the traveler has an expert (for every trip type or one), or a trip with an expert. Written as one IN over
 * both sets, which PostgreSQL hashes once per statement instead of probing two indexes for every traveler counted.
 */
const MATCHED = sql`(${USER_ID} in (select te.traveler_id from ${travelerExperts} te
  union all select t.traveler_id from ${trips} t where t.expert_id is not null))`

/**
 * A traveler's status (docs/customers.md): inactive when the account is deactivated; otherwise active once they work
 * with an expert, pending while they wait to be matched.
 */
export const CUSTOMER_STATUS_SQL = sql<CustomerStatus>`(case when not "users"."is_active" then 'inactive' when ${MATCHED} then 'active' else 'pending' end)`

const TRAVELER_ROLE = sql`"users"."role_id" = (select r.id from roles r where r.name = 'traveler')`

/** The list's filters, for a placeholder (the prepared page) or a value (the page by spend). */
const statusIs = (value: unknown) => sql`${CUSTOMER_STATUS_SQL} = ${value}`
const searchMatches = (value: unknown) => sql`"users"."search_text" like ${value}`

/** What a customer row reads of the account. */
const customerColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phoneNumber,
  city: users.city,
  country: users.country,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  dateJoined: users.dateJoined,
}

/** Travelers newest first (the users_role_joined index), by status and search; the counters beside the count. */
const customerList = pagedList({
  name: 'customers',
  table: users,
  id: users.id,
  keys: [
    { expr: users.dateJoined, type: 'timestamp' },
    { expr: users.id, type: 'int' },
  ],
  direction: 'desc',
  where: TRAVELER_ROLE,
  filters: {
    status: (p) => statusIs(p()),
    search: (p) => searchMatches(p()),
  },
  totals: {
    inactive: sql`count(*) filter (where not "users"."is_active")`,
    active: sql`count(*) filter (where "users"."is_active" and ${MATCHED})`,
  },
  rows: (db, page) =>
    db
      .select({ ...customerColumns, ...page.cursor })
      .from(page.from)
      .innerJoin(users, eq(users.id, page.id)),
})

type CustomerRow = {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  phone: string
  city: string
  country: string
  isActive: boolean
  lastLogin: Date | null
  dateJoined: Date
}

export interface CustomerDto {
  id: number
  name: string
  username: string
  email: string
  phone: string
  status: CustomerStatus
  /** The expert for every trip type, else the latest for one trip type; null while unmatched. */
  assigned_expert: { id: number; name: string; trip_type: TripType | null } | null
  total_trips: number
  /**
   * What the traveler has paid: their payments received (status succeeded; a refunded or refund-due payment is left
   * out), each currency's exact sum converted into the base currency with the rates in force today (as the trip
   * figures are), rounded once to 2 places; "0.00" before any payment.
   */
  total_spent: string
  /** The currency of total_spent: the base currency. */
  total_spent_currency: string
  /** The average of their trip ratings (1 to 5, one decimal); null before any rating. */
  satisfaction: number | null
  last_activity: string | null
  preferred_destinations: string[]
  join_date: string
  /** The current note (the latest edit); '' when none. */
  notes: string
  notes_updated_at: string | null
}

/** Everything the rows of a page show beyond the user, in one statement per figure for the whole page. */
async function expand(db: Database, rows: CustomerRow[]): Promise<CustomerDto[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [experts, tripFigures, requestCountries, quizzes, notes, definitions, spent] = await Promise.all([
    db
      .select({ travelerId: travelerExperts.travelerId, tripType: travelerExperts.tripType, id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, updatedAt: travelerExperts.updatedAt })
      .from(travelerExperts)
      .innerJoin(users, eq(users.id, travelerExperts.expertId))
      .where(inArray(travelerExperts.travelerId, ids)),
    db
      .select({
        travelerId: trips.travelerId,
        total: sql<number>`count(*)`.mapWith(Number),
        withExpert: sql<number>`count(*) filter (where ${trips.expertId} is not null)`.mapWith(Number),
        rating: sql<string | null>`avg(${trips.rating})`,
        latest: sql<Date | null>`max(${trips.updatedAt})`.mapWith((x) => (x === null ? null : new Date(x))),
        places: sql<string[] | null>`array_agg(${trips.countryId} order by ${trips.createdAt} desc) filter (where ${trips.countryId} is not null)`,
      })
      .from(trips)
      .where(inArray(trips.travelerId, ids))
      .groupBy(trips.travelerId),
    db
      .select({ travelerId: tripRequests.travelerId, countryId: tripRequests.destinationId })
      .from(tripRequests)
      .where(inArray(tripRequests.travelerId, ids))
      .orderBy(desc(tripRequests.createdAt))
      .limit(ids.length * 10),
    db
      .select({ userId: quizSubmissions.userId, quizType: quizSubmissions.quizType, quizData: quizSubmissions.quizData, submittedAt: quizSubmissions.submittedAt })
      .from(quizSubmissions)
      .where(inArray(quizSubmissions.userId, ids))
      .orderBy(desc(quizSubmissions.submittedAt)),
    db
      .selectDistinctOn([customerNotes.travelerId], { travelerId: customerNotes.travelerId, body: customerNotes.body, createdAt: customerNotes.createdAt })
      .from(customerNotes)
      .where(inArray(customerNotes.travelerId, ids))
      .orderBy(customerNotes.travelerId, desc(customerNotes.createdAt), desc(customerNotes.id)),
    db.select({ quizType: quizDefinitions.quizType, questions: quizDefinitions.questions, countryCodes: quizDefinitions.countryCodes }).from(quizDefinitions),
    spentBy(db, inArray(bookings.travelerId, ids)),
  ])

  // Country names for every id and code the page mentions, in one statement.
  const countryIds = new Set<number>()
  const codes = new Set<string>()
  for (const t of tripFigures) for (const c of t.places ?? []) countryIds.add(Number(c))
  for (const r of requestCountries) countryIds.add(r.countryId)
  const definitionOf = new Map(definitions.map((d) => [d.quizType, d]))
  const quizCodes = new Map<number, string[]>()
  for (const q of quizzes) {
    const d = definitionOf.get(q.quizType)
    if (!d || q.userId === null) continue
    const named = [...d.countryCodes, ...d.questions.flatMap((question) => question.options.filter((o) => o.label === q.quizData[question.id]).flatMap((o) => o.countries ?? []))]
    quizCodes.set(q.userId, [...(quizCodes.get(q.userId) ?? []), ...named])
    named.forEach((c) => codes.add(c))
  }
  const names =
    countryIds.size + codes.size === 0
      ? []
      : await db
          .select({ id: countries.id, code: countries.code, name: countries.name })
          .from(countries)
          .where(or(countryIds.size ? inArray(countries.id, [...countryIds]) : undefined, codes.size ? inArray(countries.code, [...codes]) : undefined))
  const byId = new Map(names.map((n) => [n.id, n.name]))
  const byCode = new Map(names.filter((n) => n.code).map((n) => [n.code, n.name]))

  return rows.map((r) => {
    const mine = experts.filter((e) => e.travelerId === r.id)
    const expert = mine.find((e) => e.tripType === null) ?? mine.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
    const figures = tripFigures.find((t) => t.travelerId === r.id)
    const places = [
      ...(figures?.places ?? []).map((c) => byId.get(Number(c))),
      ...requestCountries.filter((q) => q.travelerId === r.id).map((q) => byId.get(q.countryId)),
      ...(quizCodes.get(r.id) ?? []).map((c) => byCode.get(c)),
    ].filter((x): x is string => Boolean(x))
    const quizLatest = quizzes.find((q) => q.userId === r.id)?.submittedAt ?? null
    const times = [r.lastLogin, figures?.latest ?? null, quizLatest].filter((x): x is Date => x !== null)
    const note = notes.find((n) => n.travelerId === r.id)
    // As CUSTOMER_STATUS_SQL says: an expert for the traveler, or a trip with an expert.
    const matched = Boolean(expert) || (figures?.withExpert ?? 0) > 0
    return {
      id: r.id,
      name: displayName(r),
      username: r.username,
      email: r.email,
      phone: r.phone,
      status: !r.isActive ? 'inactive' : matched ? 'active' : 'pending',
      assigned_expert: expert ? { id: expert.id, name: displayName(expert), trip_type: expert.tripType } : null,
      total_trips: figures?.total ?? 0,
      total_spent: spent.totals.get(r.id)?.total.toFixed(2) ?? '0.00',
      total_spent_currency: spent.currency,
      satisfaction: figures?.rating ? Math.round(Number(figures.rating) * 10) / 10 : null,
      last_activity: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))).toISOString() : null,
      preferred_destinations: [...new Set(places)].slice(0, 3),
      join_date: r.dateJoined.toISOString(),
      notes: note?.body ?? '',
      notes_updated_at: note?.createdAt.toISOString() ?? null,
    } satisfies CustomerDto
  })
}

/**
 * GET /users/api/specialist/customers/: travelers newest first, filters status (active, pending, inactive) and
 * search (name, username, e-mail); `counters` holds all, active, pending and inactive for the search. Specialists,
 * admins, superadmin.
 */
export async function listCustomers(ctx: ServiceContext, query: unknown, page: PageWindow) {
  requireCustomerStaff(ctx)
  const f = parseInput(CustomerFilters, query)
  const search = f.search ? `%${escapeLike(f.search.toLowerCase())}%` : undefined
  const bySpend = f.ordering === '-total_spent'
  // The page by status and search; one count over the search alone answers every counter, the page's count too.
  // Sorted by what was spent, the page is cut below and this statement only counts (one row read).
  const listed = await customerList.page(ctx.db, { status: f.status || undefined, search }, bySpend ? { limit: 1, offset: 0 } : page, { search })
  const all = listed.count
  const active = listed.totals.active ?? 0
  const inactive = listed.totals.inactive ?? 0
  const counters = { all, active, pending: all - active - inactive, inactive }
  const count = f.status ? counters[f.status as CustomerStatus] : all
  if (bySpend) {
    const rows = await pageBySpend(ctx.db, { status: f.status || undefined, search }, page)
    return { count, counters, results: await expand(ctx.db, rows), next_cursor: null }
  }
  return { count, counters, results: await expand(ctx.db, listed.rows as unknown as CustomerRow[]), next_cursor: listed.next_cursor }
}

/**
 * What each traveler the condition keeps has paid (total_spent): their payments received summed per currency in one
 * statement, converted into the base currency with today's rates and rounded once; travelers who have paid nothing
 * are not in `totals`.
 */
async function spentBy(db: Database, where: SQL): Promise<{ currency: string; totals: Map<number, { total: Dec; joined: Date }> }> {
  const [paid, currency] = await Promise.all([
    db
      .select({ travelerId: bookings.travelerId, joined: users.dateJoined, currency: payments.currency, amount: sql<string>`sum(${payments.amount})::text` })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(users, eq(users.id, bookings.travelerId))
      .where(and(eq(payments.status, 'succeeded'), where))
      .groupBy(bookings.travelerId, users.dateJoined, payments.currency),
    baseCurrencyCode(db),
  ])
  const convert = await conversionFor(db, paid.some((p) => p.currency !== currency) ? [currency, ...paid.map((p) => p.currency)] : [], todayUtc())
  const parts = new Map<number, { joined: Date; paid: { currency: string; amount: string }[] }>()
  for (const p of paid) {
    const entry = parts.get(p.travelerId) ?? { joined: p.joined, paid: [] }
    entry.paid.push({ currency: p.currency, amount: p.amount })
    parts.set(p.travelerId, entry)
  }
  const totals = new Map([...parts].map(([id, e]) => [id, { joined: e.joined, total: new Dec(sumIn(e.paid, currency, convert).total) }] as const))
  return { currency, totals }
}

/**
 * A page of travelers by what they have spent, most first (ties and travelers who have paid nothing newest first).
 * The payments received are summed per traveler and currency in one statement over the travelers the filters keep,
 * converted as total_spent is (today's rates, rounded once), and sorted here; the page's travelers who have paid
 * nothing come from the newest-first order after them. Offset pages only (no cursor: the order moves with the rates).
 */
async function pageBySpend(db: Database, filters: { status?: string; search?: string }, page: PageWindow): Promise<CustomerRow[]> {
  const kept = and(TRAVELER_ROLE, filters.status ? statusIs(filters.status) : undefined, filters.search ? searchMatches(filters.search) : undefined)!
  const { totals } = await spentBy(db, kept)
  const payers = [...totals]
    .map(([id, t]) => ({ id, ...t }))
    .sort((a, b) => b.total.comparedTo(a.total) || b.joined.getTime() - a.joined.getTime() || b.id - a.id)
  const offset = page.offset ?? 0
  const ids = payers.slice(offset, offset + page.limit).map((p) => p.id)
  // The rest of the page: travelers who have paid nothing, newest first, after every payer.
  const more = page.limit - ids.length
  const unpaid =
    more > 0
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              kept,
              sql`not exists (select 1 from ${payments} p join ${bookings} b on b.id = p.booking_id where b.traveler_id = ${USER_ID} and p.status = 'succeeded')`,
            ),
          )
          .orderBy(desc(users.dateJoined), desc(users.id))
          .limit(more)
          .offset(Math.max(0, offset - payers.length))
      : []
  const order = [...ids, ...unpaid.map((u) => u.id)]
  if (order.length === 0) return []
  const rows = await db.select(customerColumns).from(users).where(inArray(users.id, order))
  const at = new Map(order.map((id, i) => [id, i]))
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!)
}

async function loadCustomer(db: Database, rawId: unknown): Promise<CustomerRow> {
  const id = idOf(rawId, QUIZ_REVIEW_MESSAGES.customerNotFound)
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.id, id), TRAVELER_ROLE))
  if (!row) throw new DomainError('not_found', QUIZ_REVIEW_MESSAGES.customerNotFound)
  return row
}

export interface CustomerDetailDto extends CustomerDto {
  /** Every expert the traveler works with: for every trip type (trip_type null) first, then by trip type. */
  experts: { id: number; name: string; trip_type: TripType | null }[]
  /** Every edit of the note, newest first, with its author and time. */
  note_history: { id: number; body: string; author: { id: number; name: string } | null; created_at: string }[]
  trips: TripDto[]
  quizzes: { id: number; quiz_type: string; status: string; submitted_at: string; score: number | null }[]
}

/** One traveler with the note's history, their latest trips and quizzes. */
export async function getCustomer(ctx: ServiceContext, rawId: unknown): Promise<CustomerDetailDto> {
  requireCustomerStaff(ctx)
  const row = await loadCustomer(ctx.db, rawId)
  const [[dto], experts, history, tripRows, quizzes] = await Promise.all([
    expand(ctx.db, [row]),
    ctx.db
      .select({ tripType: travelerExperts.tripType, id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(travelerExperts)
      .innerJoin(users, eq(users.id, travelerExperts.expertId))
      .where(eq(travelerExperts.travelerId, row.id))
      .orderBy(sql`${travelerExperts.tripType} is not null`, travelerExperts.tripType),
    ctx.db
      .select({ id: customerNotes.id, body: customerNotes.body, createdAt: customerNotes.createdAt, authorId: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(customerNotes)
      .leftJoin(users, eq(users.id, customerNotes.authorId))
      .where(eq(customerNotes.travelerId, row.id))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
      .limit(100),
    ctx.db.select().from(trips).where(eq(trips.travelerId, row.id)).orderBy(desc(trips.createdAt), desc(trips.id)).limit(20),
    ctx.db
      .select({ id: quizSubmissions.id, quizType: quizSubmissions.quizType, status: quizSubmissions.status, submittedAt: quizSubmissions.submittedAt, score: quizSubmissions.score })
      .from(quizSubmissions)
      .where(eq(quizSubmissions.userId, row.id))
      .orderBy(desc(quizSubmissions.submittedAt))
      .limit(20),
  ])
  return {
    ...dto!,
    experts: experts.map((e) => ({ id: e.id, name: displayName(e), trip_type: e.tripType })),
    note_history: history.map((h) => ({
      id: h.id,
      body: h.body,
      author: h.authorId === null ? null : { id: h.authorId, name: displayName({ firstName: h.firstName ?? '', lastName: h.lastName ?? '', username: h.username ?? '' }) },
      created_at: h.createdAt.toISOString(),
    })),
    trips: await expandTrips(ctx.db, tripRows, ctx.actor),
    quizzes: quizzes.map((q) => ({ id: q.id, quiz_type: q.quizType, status: q.status, submitted_at: q.submittedAt.toISOString(), score: q.score === null ? null : Number(q.score) })),
  }
}

/**
 * POST /users/api/specialist/customers/{id}/notes/ `{body}`: the note's new text. Every edit is kept (author, time);
 * the same text again adds nothing. Answers the customer.
 */
export async function saveCustomerNote(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<CustomerDetailDto> {
  const actor = requireCustomerStaff(ctx)
  const row = await loadCustomer(ctx.db, rawId)
  const { body } = parseInput(CustomerNoteInput, input)
  await ctx.db.transaction(async (tx) => {
    // One writer at a time per traveler, so "the same text again" is judged against the latest edit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.id)).for('update')
    const [latest] = await tx
      .select({ body: customerNotes.body })
      .from(customerNotes)
      .where(eq(customerNotes.travelerId, row.id))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
      .limit(1)
    if ((latest?.body ?? '') === body) return
    await tx.insert(customerNotes).values({ travelerId: row.id, authorId: actor.id, body })
    await recordActivity(tx, { actorId: actor.id, action: 'customer.note', subjectType: 'user', subjectId: row.id, summary: `${actor.username} edited the note on ${displayName(row)}` })
  })
  return getCustomer(ctx, row.id)
}

