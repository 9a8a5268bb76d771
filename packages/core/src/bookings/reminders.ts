import { bookingReminders, type Database, rowsOf, sql } from '@meridian/db'
import { DEFAULT_REMINDER_DAYS, type ReminderKind } from '@meridian/validators/booking-constants'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { notifyEach } from '../notifications/notify.ts'
import { addDays } from './book-shared.ts'
import { dayText } from './notify-booking.ts'
import { loadBookingSettings, utcDay } from './terms.ts'

/**
 * The reminder sweep (docs/bookings.md "Reminders and Due soon"): run every few minutes by each process and once at
 * its start. A reminder is a row of booking_reminders (kind, booking, line, days before) inserted with ON CONFLICT DO
 * NOTHING; only the process whose insert went in tells anyone, in the same transaction, so however many processes
 * sweep at once and however long the server was down, each reminder goes out once.
 */

/** The most targets one sweep handles per kind: a first sweep over a large backlog is spread over a few runs. */
export const SWEEP_BATCH = 500

const DAY_MS = 86_400_000
const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`)
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
const LINE_NAMES = { deposit: 'deposit', balance: 'balance', full: 'payment' } as const

/**
 * Which reminder a target gets with `daysLeft` days to go: the smallest of the reminder days that is at least the
 * days left (7 and 1: the 7-day reminder from 7 days before, the 1-day one from the day before), or none when the
 * date is further off than every reminder day. A booking made 3 days before a due date gets the 7-day one at once
 * and the 1-day one later; a server down through the 7-day window sends only the 1-day one.
 */
export function reminderDayFor(days: readonly number[], daysLeft: number): number | null {
  if (daysLeft < 0) return null
  const fitting = days.filter((n) => Number.isInteger(n) && n >= daysLeft)
  return fitting.length ? Math.min(...fitting) : null
}

export interface SweepOptions {
  /** The moment the sweep takes as now (tests); the clock otherwise. */
  now?: Date
  /** The site's origin for the links in mails. */
  origin?: string
}

export interface SweepReport {
  /** Payment and free-cancellation reminders sent. */
  reminded: number
  /** Lines marked overdue by this sweep. */
  markedOverdue: number
  /** Overdue lines told to their traveler and expert. */
  overdueTold: number
}

interface Target {
  booking_id: number
  line_id: number
  reference: string
  title: string
  traveler_id: number
  email: string
  first_name: string
  last_name: string
  username: string
  expert_id: number | null
  line_kind: 'deposit' | 'balance' | 'full' | null
  amount: string | null
  currency: string | null
  /** The due date, or the deadline's day (UTC). */
  due_on: string
  deadline: string | null
}

const travelerName = (t: Target) => [t.first_name, t.last_name].filter(Boolean).join(' ') || t.username

/**
 * The expert told of an overdue line: the trip's expert who accepted it, else the traveler's standing expert for the
 * trip's type, else their standing expert for any type.
 */
const expertOf = sql`coalesce(
  (select t.expert_id from trips t where t.id = b.trip_id and exists (
    select 1 from trip_assignments a where a.trip_id = t.id and a.expert_id = t.expert_id and a.status = 'accepted')),
  (select te.expert_id from traveler_experts te left join trips t2 on t2.id = b.trip_id
    where te.traveler_id = b.traveler_id and (te.trip_type is null or te.trip_type = t2.trip_type)
    order by te.trip_type is null, te.id limit 1))`

const people = sql`b.id as booking_id, b.reference, b.title, b.traveler_id, u.email, u.first_name, u.last_name, u.username`

/** Mark the unpaid lines past their due date overdue (live bookings only). The number marked. */
async function markOverdue(db: Database, today: string): Promise<number> {
  const marked = rowsOf(
    await db.execute(sql`
      update payment_schedule_lines l set status = 'overdue', updated_at = now()
      from bookings b
      where b.id = l.booking_id and b.status <> 'cancelled' and l.status = 'due' and l.due_on < ${today}::date
      returning l.id`),
  )
  return marked.length
}

/** Claim one reminder: true when this transaction's row went in (nobody sent it before, nobody is sending it now). */
async function claim(tx: Database, kind: ReminderKind, bookingId: number, lineId: number, daysBefore: number): Promise<boolean> {
  const made = await tx
    .insert(bookingReminders)
    .values({ kind, bookingId, lineId, daysBefore })
    .onConflictDoNothing({ target: [bookingReminders.kind, bookingReminders.bookingId, bookingReminders.lineId, bookingReminders.daysBefore] })
    .returning({ id: bookingReminders.id })
  return made.length === 1
}

/** Send one reminder in its own transaction (a failure of one leaves the others sent). Whether it was sent now. */
async function send(db: Database, kind: ReminderKind, t: Target, daysBefore: number, today: string, origin: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claim(tx as unknown as Database, kind, t.booking_id, t.line_id, daysBefore))) return false
    const link = `/dashboard/bookings/${t.booking_id}`
    const left = daysBetween(today, t.due_on)
    const what = t.line_kind ? `${LINE_NAMES[t.line_kind]} of ${t.currency} ${t.amount}` : ''
    const subjectKey = `booking-reminder:${t.booking_id}`
    let traveler: { title: string; body: string }
    const events: Parameters<typeof notifyEach>[1][number][] = []
    if (kind === 'payment_due') {
      traveler = {
        title: `Payment due for booking ${t.reference}`,
        body: `The ${what} for ${t.title} is due ${inDays(left)} (${dayText(t.due_on)}).`,
      }
    } else if (kind === 'free_cancellation') {
      traveler = {
        title: `Free cancellation of booking ${t.reference} ends ${inDays(left)}`,
        body: `${t.title} can be cancelled without a fee until ${dayText(t.due_on)} (${t.deadline} UTC); after that a cancellation fee applies.`,
      }
    } else {
      traveler = {
        title: `Payment overdue for booking ${t.reference}`,
        body: `The ${what} for ${t.title} was due on ${dayText(t.due_on)} and has not been paid.`,
      }
      events.push({
        to: [t.expert_id],
        input: {
          kind: 'booking.reminder',
          title: `${travelerName(t)}'s ${LINE_NAMES[t.line_kind ?? 'full']} for booking ${t.reference} is overdue`,
          body: `The ${what} for ${t.title} was due on ${dayText(t.due_on)}.`,
          link,
          subjectKey,
        },
      })
    }
    events.push({ to: [t.traveler_id], input: { kind: 'booking.reminder', ...traveler, link, subjectKey } })
    await notifyEach(tx, events)
    if (t.email) await enqueueMail(tx as unknown as Database, { to: t.email, subject: traveler.title, body: `${traveler.body}\n\nSee the booking: ${origin}${link}\n` })
    return true
  })
}

/**
 * One sweep: unpaid lines past their due date marked overdue and told (traveler and expert, once); then the payment
 * and free-cancellation reminders due by now, each once. Safe to run in several processes at once.
 */
export async function sweepReminders(db: Database, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? new Date()
  const today = utcDay(now)
  const origin = options.origin ?? ''
  const settings = await loadBookingSettings(db)
  const days = (Array.isArray(settings.reminderDays) ? settings.reminderDays : [...DEFAULT_REMINDER_DAYS]).filter((n) => Number.isInteger(n) && n >= 0)
  const daysArray = `{${days.join(',')}}`
  const horizon = addDays(today, days.length ? Math.max(...days) : -1)
  const report: SweepReport = { reminded: 0, markedOverdue: await markOverdue(db, today), overdueTold: 0 }

  const overdue = rowsOf<Target>(
    await db.execute(sql`
      select ${people}, l.id as line_id, l.kind as line_kind, l.amount::text as amount, l.currency, l.due_on::text as due_on,
        null as deadline, ${expertOf} as expert_id
      from payment_schedule_lines l
      join bookings b on b.id = l.booking_id
      join users u on u.id = b.traveler_id
      where l.status = 'overdue' and b.status <> 'cancelled'
        and not exists (select 1 from booking_reminders r
          where r.kind = 'payment_overdue' and r.booking_id = l.booking_id and r.line_id = l.id and r.days_before = 0)
      order by l.due_on, l.id
      limit ${SWEEP_BATCH}`),
  )
  for (const t of overdue) if (await send(db, 'payment_overdue', t, 0, today, origin)) report.overdueTold++

  if (!days.length) return report
  // The reminder day each target is at now, as reminderDayFor chooses it, so that targets already reminded are skipped.
  const dayFor = (left: ReturnType<typeof sql>) => sql`(select min(n) from unnest(${daysArray}::int[]) n where n >= ${left})`
  const lines = rowsOf<Target>(
    await db.execute(sql`
      select ${people}, l.id as line_id, l.kind as line_kind, l.amount::text as amount, l.currency, l.due_on::text as due_on,
        null as deadline, null as expert_id
      from payment_schedule_lines l
      join bookings b on b.id = l.booking_id
      join users u on u.id = b.traveler_id
      where l.status in ('due', 'overdue') and l.due_on >= ${today}::date and l.due_on <= ${horizon}::date and b.status <> 'cancelled'
        and not exists (select 1 from booking_reminders r
          where r.kind = 'payment_due' and r.booking_id = l.booking_id and r.line_id = l.id
            and r.days_before = ${dayFor(sql`l.due_on - ${today}::date`)})
      order by l.due_on, l.id
      limit ${SWEEP_BATCH}`),
  )
  for (const t of lines) {
    const n = reminderDayFor(days, daysBetween(today, t.due_on))
    if (n !== null && (await send(db, 'payment_due', t, n, today, origin))) report.reminded++
  }

  const deadlines = rowsOf<Target>(
    await db.execute(sql`
      select ${people}, 0 as line_id, null as line_kind, null as amount, null as currency,
        to_char(b.free_cancel_until at time zone 'UTC', 'YYYY-MM-DD') as due_on,
        to_char(b.free_cancel_until at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as deadline, null as expert_id
      from bookings b
      join users u on u.id = b.traveler_id
      where b.status <> 'cancelled' and b.free_cancel_until is not null
        and b.free_cancel_until > ${now.toISOString()}::timestamptz and b.free_cancel_until < (${horizon}::date + 1)::timestamp at time zone 'UTC'
        and not exists (select 1 from booking_reminders r
          where r.kind = 'free_cancellation' and r.booking_id = b.id and r.line_id = 0
            and r.days_before = ${dayFor(sql`(b.free_cancel_until at time zone 'UTC')::date - ${today}::date`)})
      order by b.free_cancel_until, b.id
      limit ${SWEEP_BATCH}`),
  )
  for (const t of deadlines) {
    const n = reminderDayFor(days, daysBetween(today, t.due_on))
    if (n !== null && (await send(db, 'free_cancellation', t, n, today, origin))) report.reminded++
  }
  return report
}
