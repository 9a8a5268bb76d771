/** Words and colours of payments on the screens (docs/bookings.md "Payments"). Browser-safe. */
import type { PaymentState, PaymentStatus } from '@meridian/validators/booking-constants'

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment: 'Awaiting payment',
  succeeded: 'Received',
  cancelled: 'Given up',
  refunded: 'Refunded',
  refund_due: 'Refund due',
}
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  requires_payment: 'yellow',
  succeeded: 'green',
  cancelled: 'gray',
  refunded: 'blue',
  refund_due: 'orange',
}

/** A booking's payment state. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Deposit paid',
  paid: 'Paid',
  refunded: 'Refunded',
  refund_due: 'Refund due',
}
export const PAYMENT_STATE_COLORS: Record<PaymentState, string> = {
  unpaid: 'yellow',
  partly_paid: 'cyan',
  paid: 'green',
  refunded: 'blue',
  refund_due: 'orange',
}

export const METHOD_LABELS: Record<string, string> = { bank_transfer: 'Bank transfer', on_site: 'Paid on site', card: 'Card' }
export const PROVIDER_LABELS: Record<string, string> = { manual: 'Bank transfer or on site', stripe: 'Card (Stripe)' }
