import { hasPermission } from '@meridian/auth'
import { asc, type Database, eq, payments } from '@meridian/db'
import { requireActor } from '../access.ts'
import { type BookingScope, bookingScope, rolesOnBooking, seesBooking } from '../bookings/access.ts'
import { type LoadedBooking, loadBooking } from '../bookings/bookings.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { PAYMENT_MESSAGES } from './messages.ts'

/**
 * Who reaches which payments (docs/bookings.md "Payments"): the bookings' own rule. A traveler pays for and sees the
 * payments of their own bookings; staff (admins and the superadmin every one, an expert those of the bookings they
 * handle: the expert of the trip, or the traveler's standing expert) see them, mark manual payments received and
 * refunds paid. Specialists and editors hold no booking scope: 403.
 */
export function requirePaymentScope(ctx: ServiceContext): { actor: Actor; scope: BookingScope } {
  const actor = requireActor(ctx)
  const scope = bookingScope(actor)
  if (!scope) throw new DomainError('forbidden', PAYMENT_MESSAGES.denied)
  return { actor, scope }
}

/** Paying (create-intent): create_trips, the travelers (the superadmin through '*'), for their own bookings. */
export function requirePayer(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, 'create_trips')) throw new DomainError('forbidden', PAYMENT_MESSAGES.travelersOnly)
  return actor
}

/** Marking received or refunded: a booking scope beyond one's own (admins, the superadmin, experts). */
export function requirePaymentStaff(ctx: ServiceContext): { actor: Actor; scope: BookingScope } {
  const found = requirePaymentScope(ctx)
  if (found.scope === 'own') throw new DomainError('forbidden', PAYMENT_MESSAGES.staffOnly)
  return found
}

export type PaymentBooking = LoadedBooking

/** A booking with how the actor stands to it (bookings' loadBooking); `lock` takes its row. Null when there is none. */
export async function loadPaymentBooking(db: Database, bookingId: number, actor: Actor, lock = false): Promise<PaymentBooking | null> {
  try {
    return await loadBooking(db, actor, bookingId, { lock })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null
    throw error
  }
}

/** The booking if the actor may see it, else 404 (another's booking is not revealed). */
export function visibleBooking(
  actor: Actor,
  scope: BookingScope,
  booking: PaymentBooking | null,
  message: string = PAYMENT_MESSAGES.bookingNotFound,
): PaymentBooking {
  if (!booking || !seesBooking(actor, scope, booking)) throw new DomainError('not_found', message)
  return booking
}

/** Whether the actor is staff for this booking: admin, superadmin, its trip's accepted expert, the traveler's standing expert. */
export function staffOn(actor: Actor, scope: BookingScope, booking: PaymentBooking): boolean {
  return rolesOnBooking(actor, scope, booking).staff
}

/** A payment the actor may see, with its booking (404 otherwise, another's included). */
export async function visiblePayment(ctx: ServiceContext, where: { id: number } | { intentId: string }) {
  const { actor, scope } = requirePaymentScope(ctx)
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where('id' in where ? eq(payments.id, where.id) : eq(payments.intentId, where.intentId))
    .orderBy(asc(payments.id))
    .limit(1)
  if (!payment) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound)
  const booking = visibleBooking(actor, scope, await loadPaymentBooking(ctx.db, payment.bookingId, actor), PAYMENT_MESSAGES.notFound)
  return { actor, scope, payment, booking }
}
