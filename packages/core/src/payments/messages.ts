/** The words of the payment calls and the pay screen (docs/bookings.md "Payments"). */
export const PAYMENT_MESSAGES = {
  denied: "You don't have permission to perform this action.",
  travelersOnly: 'Only travelers pay for their bookings.',
  staffOnly: 'Only staff, the expert of its trip or the traveler’s expert can mark a payment received or a refund paid.',
  bookingNotFound: 'The requested booking was not found.',
  /** A body's booking_id that names no booking of the caller's (a field error, as DRF's related fields answer). */
  bookingChoice: 'Select one of your bookings.',
  notFound: 'The requested payment was not found.',
  bookingCancelled: 'This booking is cancelled: there is nothing to pay.',
  alreadyPaid: 'This booking is already paid.',
  /** A line_id that names no open line of the booking (docs/bookings.md "Payment schedules"). */
  lineChoice: 'Select a line of this booking’s schedule that is still due.',
  lineAlreadyPaid: 'This line of the schedule is already paid.',
  refundState: (state: string) => `This booking’s payment is ${state === 'refund_due' ? 'due to be refunded' : 'refunded'}: it cannot be paid again.`,
  notQuoted: 'This booking has no price yet: it can be paid once staff have quoted it.',
  notChargeable: (currency: string) => `This amount cannot be charged in ${currency}: the currency has no such fractions. Ask staff to correct the price.`,
  manualConfirm: 'A bank transfer or payment on site is confirmed by staff when the money arrives.',
  notManual: 'A card payment is confirmed by Stripe, not marked by hand.',
  paymentCancelled: 'This payment was given up: start a new one from the booking.',
  notRefundDue: 'This payment has no refund due.',
  amountMismatch: 'The amount Stripe received does not match the booking: the payment was not recorded. Contact support.',
  providerOff: 'This payment was made through a provider that is no longer switched on: staff handle it by hand.',
  unavailable: 'The payment provider could not be reached. Please try again in a few seconds.',
  webhooksOff: 'Payment webhooks are not in use: the manual provider has none.',
  badSignature: 'Invalid webhook signature.',
  received: (reference: string) => `Payment received for booking ${reference}`,
  receivedBody: (amount: string, confirmed: boolean) => `${amount} received${confirmed ? '; your booking is confirmed.' : '.'}`,
  /** What is left after a payment of a line, when something is (the deposit paid, the balance due on a date). */
  nextDue: (amount: string, dueOn: string) => ` Next: ${amount} due on ${dueOn}.`,
  refundPaid: (reference: string) => `Refund paid for booking ${reference}`,
} as const

/** How a payment was made, as staff record it for the manual provider. */
export const MANUAL_METHODS = ['bank_transfer', 'on_site'] as const
export type ManualMethod = (typeof MANUAL_METHODS)[number]
export const METHOD_LABELS: Record<string, string> = { bank_transfer: 'Bank transfer', on_site: 'Paid on site', card: 'Card' }
