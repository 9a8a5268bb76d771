import { hasPermission } from '@meridian/auth'
import { bookingSettings, bookings, eq } from '@meridian/db'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { CancellationPolicyInput, describePolicy, describeTerms, PaymentTermsInput, ReminderDaysInput } from '@meridian/validators/booking-terms'
import * as v from 'valibot'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { requireBookingStaff } from './access.ts'
import { type BookingDetail, detailOf, findVisibleBooking } from './bookings.ts'
import { BOOKING_MESSAGES } from './messages.ts'
import { freeCancelUntil } from './schedule-math.ts'
import { type BookingSettingsRow, loadBookingSettings, settingsTerms, writeSchedule } from './terms.ts'

/*
 * The defaults of payment schedules, cancellation policies and reminders (docs/bookings.md "Payment schedules"), and
 * one booking's own terms. Staff read them; admins and the superadmin change the defaults; staff handling a booking
 * change its terms.
 */

function serializeSettings(s: BookingSettingsRow) {
  const terms = settingsTerms(s)
  return {
    deposit_percent: s.depositPercent,
    deposit_amount: s.depositAmount,
    deposit_due: s.depositDue,
    balance_days: s.balanceDays,
    cancellation_policy: s.cancellationTerms,
    reminder_days: s.reminderDays,
    schedule_text: describeTerms(terms),
    policy_text: describePolicy(s.cancellationTerms),
    updated_at: s.updatedAt.toISOString(),
  }
}
export type BookingSettingsDto = ReturnType<typeof serializeSettings>

/** GET /api/bookings/settings/: the defaults. Staff (admins, the superadmin, experts). */
export async function getBookingSettings(ctx: ServiceContext): Promise<BookingSettingsDto> {
  requireBookingStaff(ctx)
  return serializeSettings(await loadBookingSettings(ctx.db))
}

/** Changing the defaults: manage_trips (admins; the superadmin through '*'). */
export function requireSettingsAdmin(ctx: ServiceContext) {
  const found = requireBookingStaff(ctx)
  if (!hasPermission(found.actor, 'manage_trips')) throw new DomainError('forbidden', BOOKING_MESSAGES.settingsDenied)
  return found
}

const SCHEDULE_KEYS = ['deposit_percent', 'deposit_amount', 'deposit_due', 'balance_days'] as const

const Patch = v.object({
  deposit_percent: v.optional(v.unknown()),
  deposit_amount: v.optional(v.unknown()),
  deposit_due: v.optional(v.unknown()),
  balance_days: v.optional(v.unknown()),
  cancellation_policy: v.optional(v.unknown()),
  reminder_days: v.optional(v.unknown()),
})
type Patch = v.InferOutput<typeof Patch>

/** Parses a nested part, keying its field errors under the part's name (`cancellation_policy.steps`). */
function part<T>(schema: v.GenericSchema<unknown, T>, value: unknown, name: string): T {
  try {
    return parseInput(schema, value ?? {})
  } catch (error) {
    if (error instanceof DomainError && error.fields) {
      throw DomainError.invalid(Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [k === 'non_field_errors' ? name : `${name}.${k}`, m])))
    }
    throw error
  }
}

/**
 * The payment terms a partial write gives, over the current ones (undefined when it names none of their fields). A
 * fixed deposit amount, when set, counts instead of the percentage (docs/bookings.md "Payment schedules").
 */
function mergedSchedule(current: PaymentTerms, data: Patch): PaymentTerms | undefined {
  if (!SCHEDULE_KEYS.some((k) => data[k] !== undefined)) return undefined
  return parseInput(PaymentTermsInput, {
    deposit_percent: data.deposit_percent !== undefined ? data.deposit_percent : current.deposit_percent,
    deposit_amount: data.deposit_amount !== undefined ? data.deposit_amount : current.deposit_amount,
    deposit_due: data.deposit_due ?? current.deposit_due,
    balance_days: data.balance_days ?? current.balance_days,
  })
}

/**
 * PATCH /api/bookings/settings/ (any of `deposit_percent`, `deposit_amount`, `deposit_due`, `balance_days`,
 * `cancellation_policy: {steps}`, `reminder_days`): new defaults, for bookings made from now on (a booking keeps the
 * terms it was made with). Admins and the superadmin.
 */
export async function updateBookingSettings(ctx: ServiceContext, input: unknown): Promise<BookingSettingsDto> {
  requireSettingsAdmin(ctx)
  const data = parseInput(Patch, input ?? {})
  return ctx.db.transaction(async (tx) => {
    const current = await loadBookingSettings(tx)
    const schedule = mergedSchedule(settingsTerms(current), data)
    const policy = data.cancellation_policy !== undefined ? part(CancellationPolicyInput, data.cancellation_policy, 'cancellation_policy') : undefined
    const reminders = data.reminder_days !== undefined ? part(ReminderDaysInput, data.reminder_days, 'reminder_days') : undefined
    const [row] = await tx
      .update(bookingSettings)
      .set({
        ...(schedule
          ? { depositPercent: schedule.deposit_percent, depositAmount: schedule.deposit_amount, depositDue: schedule.deposit_due, balanceDays: schedule.balance_days }
          : {}),
        ...(policy ? { cancellationTerms: policy } : {}),
        ...(reminders ? { reminderDays: reminders } : {}),
        updatedAt: new Date(),
      })
      .where(eq(bookingSettings.id, 1))
      .returning()
    return serializeSettings(row!)
  })
}

/**
 * POST /api/bookings/{id}/terms/ (any of `deposit_percent`, `deposit_amount`, `deposit_due`, `balance_days`,
 * `cancellation_policy`): a booking's own terms over the ones it has, by staff handling it.
 * Its free-cancellation deadline is worked out again, and its schedule cut again from what is left to pay (paid and
 * waived lines stay). Refused (409) for a cancelled booking.
 */
export async function setBookingTerms(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<BookingDetail> {
  requireBookingStaff(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { booking, roles } = await findVisibleBooking(ctx, rawId, { lock: true, db: tx })
    if (!roles.staff) throw new DomainError('forbidden', BOOKING_MESSAGES.termsDenied)
    if (booking.status === 'cancelled') throw new DomainError('conflict', BOOKING_MESSAGES.termsCancelled)
    const data = parseInput(Patch, input ?? {})
    const schedule = mergedSchedule(booking.scheduleTerms ?? settingsTerms(await loadBookingSettings(tx)), data)
    const policy: CancellationPolicy | undefined =
      data.cancellation_policy !== undefined ? part(CancellationPolicyInput, data.cancellation_policy, 'cancellation_policy') : undefined
    if (!schedule && !policy) throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.termsEmpty] })
    const [updated] = await tx
      .update(bookings)
      .set({
        ...(schedule ? { scheduleTerms: schedule } : {}),
        ...(policy ? { cancellationTerms: policy, freeCancelUntil: freeCancelUntil(policy, booking.serviceDate, booking.policyTimeZone) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, booking.id))
      .returning()
    if (schedule) await writeSchedule(tx, updated!)
    return booking.id
  })
  const { booking, roles } = await findVisibleBooking(ctx, id)
  return detailOf(ctx.db, booking, roles)
}
