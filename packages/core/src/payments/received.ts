import { DomainError } from '../errors.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { toMinorUnits } from './money.ts'
import type { IntentState } from './providers/types.ts'

/**
 * Whether a provider's intent carries exactly the payment's money: succeeded, with the payment's amount in the
 * currency's smallest unit (compared as integers, never floats) and in its currency. The one rule of every path that
 * records a provider's payment: confirm, create-intent taking up a live intent, the webhook.
 */
export function receivedInFull(payment: { amount: string; currency: string }, state: IntentState): boolean {
  return (
    state.status === 'succeeded' &&
    state.amountReceived === toMinorUnits(payment.amount, payment.currency) &&
    state.currency?.toUpperCase() === payment.currency.toUpperCase()
  )
}

/** A succeeded intent that is not the payment's money: 409, and nothing is recorded. */
export function assertReceivedInFull(payment: { amount: string; currency: string }, state: IntentState): void {
  if (!receivedInFull(payment, state)) throw new DomainError('conflict', PAYMENT_MESSAGES.amountMismatch)
}
