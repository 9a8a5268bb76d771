import type { PaymentProviderName } from '@meridian/validators/booking-constants'
import type { AppConfig, PaymentSettings } from '../../config.ts'
import { manualProvider } from './manual.ts'
import { stripeProvider } from './stripe.ts'
import type { PaymentProvider } from './types.ts'

export * from './types.ts'

const built = new WeakMap<PaymentSettings, Partial<Record<PaymentProviderName, PaymentProvider>>>()

/** The provider new payments go through (PAYMENT_PROVIDER), built once per configuration. */
export function activePaymentProvider(config: AppConfig): PaymentProvider {
  return paymentProviderNamed(config, config.payments.provider)!
}

/**
 * The provider a stored payment was made with, or null when it is not configured now (a Stripe payment after the
 * site went back to manual: it is then handled by hand, as the manual provider's are).
 */
export function paymentProviderNamed(config: AppConfig, name: PaymentProviderName): PaymentProvider | null {
  let providers = built.get(config.payments)
  if (!providers) built.set(config.payments, (providers = {}))
  if (name === 'manual') return (providers.manual ??= manualProvider(config.payments.bankDetails))
  if (!config.payments.stripe) return null
  return (providers.stripe ??= stripeProvider(config.payments.stripe))
}
