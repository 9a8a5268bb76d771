import { DomainError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { AmountNotChargeableError } from './money.ts'
import { ProviderRefusedError, ProviderUnavailableError } from './providers/types.ts'

/**
 * A provider call as the services make it: its failures become DomainErrors (unreachable: 503 with Retry-After;
 * refused: 409 with the provider's words; an amount the currency cannot carry: 409), so nothing is half-written.
 */
export async function viaProvider<T>(work: () => Promise<T>, currency = ''): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw new DomainError('unavailable', PAYMENT_MESSAGES.unavailable, { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS })
    }
    if (error instanceof ProviderRefusedError) throw new DomainError('conflict', error.message)
    if (error instanceof AmountNotChargeableError) throw new DomainError('conflict', PAYMENT_MESSAGES.notChargeable(currency))
    throw error
  }
}
