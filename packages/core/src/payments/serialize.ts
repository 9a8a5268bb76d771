import type { payments } from '@meridian/db'

export type PaymentRow = typeof payments.$inferSelect

/** What the booking adds to a payment on the wire. */
export interface PaymentBookingRef {
  reference: string
  title: string
  travelerId: number
}

/**
 * A payment as every call answers it (docs/bookings.md "Payments"): the same fields on REST and tRPC.
 * `payment_intent_id` is what POST /api/payments/confirm/ takes.
 */
export function serializePayment(p: PaymentRow, booking: PaymentBookingRef) {
  return {
    id: p.id,
    booking_id: p.bookingId,
    booking_reference: booking.reference,
    booking_title: booking.title,
    traveler_id: booking.travelerId,
    provider: p.provider,
    payment_intent_id: p.intentId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    method: p.method,
    created_at: p.createdAt.toISOString(),
    confirmed_at: p.confirmedAt?.toISOString() ?? null,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    refund_reference: p.refundReference,
  }
}
export type PaymentDto = ReturnType<typeof serializePayment>

/** A payment with where its booking stands after the call (confirm, mark received, mark refunded). */
export function paymentAnswer(p: PaymentRow, booking: PaymentBookingRef & { status: string; paymentState: string }) {
  return { ...serializePayment(p, booking), booking_status: booking.status, booking_payment_status: booking.paymentState }
}
export type PaymentAnswer = ReturnType<typeof paymentAnswer>
