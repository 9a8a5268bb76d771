import { activities, and, bookingSettings, bookings, type Database, eq, inArray, paymentScheduleLines, payments, suppliers } from '@meridian/db'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { knownZone } from '../flights/time.ts'
import { balanceDueOn, cutSchedule, freeCancelUntil } from './schedule-math.ts'

/*
 * Which terms a booking is held to (docs/bookings.md "Payment schedules", "Cancellation policies"): its own, where staff
 * set them, else its activity's (a cancellation policy only), its supplier's, the booking settings'. Resolved and
 * copied onto the booking when it is made, so a later change of a supplier's terms does not rewrite a booking's.
 */

export type BookingSettingsRow = typeof bookingSettings.$inferSelect
/** A booking's row (as record.ts names it; written out here, which record.ts imports). */
type BookingRow = typeof bookings.$inferSelect

/** The one row of booking settings (made with the defaults when missing). */
export async function loadBookingSettings(db: Database): Promise<BookingSettingsRow> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1))
  if (row) return row
  const [made] = await db.insert(bookingSettings).values({ id: 1 }).onConflictDoNothing().returning()
  return made ?? (await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1)))[0]!
}

export function settingsTerms(s: BookingSettingsRow): PaymentTerms {
  return { deposit_percent: s.depositPercent, deposit_amount: s.depositAmount, deposit_due: s.depositDue, balance_days: s.balanceDays }
}

export interface ResolvedTerms {
  schedule: PaymentTerms
  cancellation: CancellationPolicy
  zone: string
}

interface Source {
  scheduleTerms?: PaymentTerms | null
  cancellationTerms?: CancellationPolicy | null
  timeZone?: string
}

/** The terms in force: the first given of booking, activity (cancellation only), supplier, settings. */
export function resolveTerms(settings: BookingSettingsRow, sources: { booking?: Source; activity?: Source | null; supplier?: Source | null }): ResolvedTerms {
  const { booking, activity, supplier } = sources
  return {
    schedule: booking?.scheduleTerms ?? supplier?.scheduleTerms ?? settingsTerms(settings),
    cancellation: booking?.cancellationTerms ?? activity?.cancellationTerms ?? supplier?.cancellationTerms ?? settings.cancellationTerms,
    zone: knownZone(supplier?.timeZone || 'UTC'),
  }
}

/** The UTC day of an instant (a deposit due the day one accepts or books). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Gives new bookings, inside the caller's transaction, their terms, their free-cancellation deadline and their
 * schedule lines (none for a 0.00 amount: a stay is scheduled when it is quoted). Answers the updated rows, in order.
 */
export async function applyLifecycle(tx: Database, rows: BookingRow[], options: { packageReference?: string | null } = {}): Promise<BookingRow[]> {
  if (!rows.length) return rows
  const settings = await loadBookingSettings(tx)
  const supplierIds = [...new Set(rows.map((r) => r.supplierId).filter((id): id is number => id !== null))]
  const activityIds = [...new Set(rows.map((r) => r.activityId).filter((id): id is number => id !== null))]
  const supplierRows = supplierIds.length
    ? await tx
        .select({ id: suppliers.id, scheduleTerms: suppliers.scheduleTerms, cancellationTerms: suppliers.cancellationTerms, timeZone: suppliers.timeZone })
        .from(suppliers)
        .where(inArray(suppliers.id, supplierIds))
    : []
  const activityRows = activityIds.length
    ? await tx
        .select({ id: activities.id, supplierId: activities.supplierId, cancellationTerms: activities.cancellationTerms })
        .from(activities)
        .where(inArray(activities.id, activityIds))
    : []
  const supplierOf = new Map(supplierRows.map((s) => [s.id, s]))
  const activityOf = new Map(activityRows.map((a) => [a.id, a]))
  // An activity's supplier counts for a booking that names only the activity.
  const missing = activityRows.map((a) => a.supplierId).filter((id): id is number => id !== null && !supplierOf.has(id))
  if (missing.length) {
    const more = await tx
      .select({ id: suppliers.id, scheduleTerms: suppliers.scheduleTerms, cancellationTerms: suppliers.cancellationTerms, timeZone: suppliers.timeZone })
      .from(suppliers)
      .where(inArray(suppliers.id, [...new Set(missing)]))
    for (const s of more) supplierOf.set(s.id, s)
  }
  const out: BookingRow[] = []
  for (const row of rows) {
    const activity = row.activityId !== null ? activityOf.get(row.activityId) : undefined
    const supplierId = row.supplierId ?? activity?.supplierId ?? null
    const terms = resolveTerms(settings, {
      booking: { scheduleTerms: row.scheduleTerms, cancellationTerms: row.cancellationTerms },
      activity,
      supplier: supplierId !== null ? supplierOf.get(supplierId) : null,
    })
    const [updated] = await tx
      .update(bookings)
      .set({
        scheduleTerms: terms.schedule,
        cancellationTerms: terms.cancellation,
        policyTimeZone: terms.zone,
        freeCancelUntil: freeCancelUntil(terms.cancellation, row.serviceDate, terms.zone),
        ...(options.packageReference !== undefined ? { packageReference: options.packageReference } : {}),
      })
      .where(eq(bookings.id, row.id))
      .returning()
    await writeSchedule(tx, updated!)
    out.push(updated!)
  }
  return out
}

/**
 * Cuts (or cuts again) a booking's schedule from its amount and terms: the open lines are replaced, the paid and
 * waived ones kept, and the new lines share what is left of the amount. Called when a booking is made and when a stay
 * is quoted or re-quoted.
 */
export async function writeSchedule(tx: Database, booking: BookingRow): Promise<void> {
  const existing = await tx.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, booking.id))
  const settled = existing.filter((l) => l.status === 'paid' || l.status === 'waived')
  const open = existing.filter((l) => l.status === 'due' || l.status === 'overdue')
  if (open.length) {
    const ids = open.map((l) => l.id)
    // Payments started for the old lines are given up: nobody pays a line that is no more.
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(inArray(payments.scheduleLineId, ids), eq(payments.status, 'requires_payment')))
    await tx.delete(paymentScheduleLines).where(inArray(paymentScheduleLines.id, ids))
  }
  const settledCents = settled.reduce((sum, l) => sum + BigInt(l.amount.replace('.', '')), 0n)
  const leftCents = BigInt(booking.amount.replace('.', '')) - settledCents
  if (leftCents <= 0n) return
  const left = `${leftCents / 100n}.${String(leftCents % 100n).padStart(2, '0')}`
  const terms = booking.scheduleTerms ?? { deposit_percent: null, deposit_amount: null, deposit_due: 'booking' as const, balance_days: 0 }
  // Due the day it was booked, or today when the schedule is cut again later (never in the past).
  const today = [utcDay(booking.createdAt), utcDay(new Date())].sort()[1]!
  const balanceOn = balanceDueOn(booking.serviceDate, terms)
  // Cut again after a payment: no second deposit, what is left is the balance, due on its day (or today if that passed).
  const cut = settled.length
    ? [{ kind: 'balance' as const, amount: left, currency: booking.currency, dueOn: balanceOn > today ? balanceOn : today }]
    : cutSchedule({ amount: left, currency: booking.currency, terms, depositDueOn: today, serviceDate: booking.serviceDate })
  const base = existing.reduce((max, l) => Math.max(max, l.position), 0)
  if (cut.length) {
    await tx
      .insert(paymentScheduleLines)
      .values(cut.map((l, i) => ({ bookingId: booking.id, position: base + i + 1, kind: l.kind, amount: l.amount, currency: l.currency, dueOn: l.dueOn })))
  }
}
