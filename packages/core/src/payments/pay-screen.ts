import { desc, eq, payments } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { loadPaymentBooking, requirePaymentScope, staffOn, visibleBooking } from './access.ts'
import { assertPayable } from './create-intent.ts'
import { scheduleOf, scheduleSummary, serializeLine } from './lines.ts'
import { MANUAL_METHODS, METHOD_LABELS, PAYMENT_MESSAGES } from './messages.ts'
import { activePaymentProvider, type NextAction } from './providers/index.ts'
import { serializePayment } from './serialize.ts'

/** The booking of the pay screen if the actor may see it: 403 without a booking scope, 404 for another's. */
export async function findPayBooking(ctx: ServiceContext, rawBookingId: unknown) {
  const { actor, scope } = requirePaymentScope(ctx)
  const bookingId = idOf(rawBookingId, PAYMENT_MESSAGES.bookingNotFound)
  return { actor, scope, booking: visibleBooking(actor, scope, await loadPaymentBooking(ctx.db, bookingId, actor)) }
}

/**
 * The pay screen (/dashboard/bookings/{id}/pay): the booking's summary, its payments, and what the actor may do
 * now: the traveler start (or take up) a payment; staff mark a manual payment received or a refund due paid.
 * Whoever may see the booking (its traveler, staff handling it); others 404, specialists and editors 403.
 */
export async function getPayScreen(ctx: ServiceContext, rawBookingId: unknown) {
  const { actor, scope, booking } = await findPayBooking(ctx, rawBookingId)
  const provider = activePaymentProvider(ctx.config)
  const rows = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(desc(payments.id)).limit(20)
  const ref = { reference: booking.reference, title: booking.title, travelerId: booking.travelerId }
  let payable: string | null = null
  try {
    await assertPayable(ctx.db, booking, provider)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    payable = error.message
  }
  const lines = await scheduleOf(ctx.db, booking.id)
  const summary = scheduleSummary(lines)
  const staff = staffOn(actor, scope, booking)
  // The live payment of the next line due (the one Pay now pays).
  const live = rows.find((p) => p.status === 'requires_payment' && p.provider === provider.name && (p.scheduleLineId === null || p.scheduleLineId === summary.next_due?.id)) ?? null
  const due = rows.find((p) => p.status === 'refund_due') ?? null
  const nextAction: NextAction = provider.nextAction(booking.reference)
  return {
    booking: {
      id: booking.id,
      reference: booking.reference,
      title: booking.title,
      type: booking.bookingType,
      status: booking.status,
      payment_status: booking.paymentState,
      date: booking.serviceDate,
      amount: booking.amount,
      currency: booking.currency,
    },
    provider: provider.name,
    next_action: nextAction,
    /** Its payment schedule (docs/bookings.md "Payment schedules"): the lines, what is paid, what is open, the next due. */
    schedule: { lines: lines.map(serializeLine), ...summary },
    /** Why it cannot be paid now (cancelled, paid, not quoted yet), or null. */
    not_payable: payable,
    live_payment: live ? serializePayment(live, ref) : null,
    payments: rows.map((p) => serializePayment(p, ref)),
    methods: MANUAL_METHODS.map((value) => ({ value, label: METHOD_LABELS[value]! })),
    can: {
      pay: booking.travelerId === actor.id && payable === null,
      mark_received: staff && live !== null && live.provider === 'manual',
      mark_refunded: staff && due !== null,
    },
    refund_due_payment_id: due?.id ?? null,
    support_email: ctx.config.supportEmail,
  }
}
export type PayScreen = Awaited<ReturnType<typeof getPayScreen>>
