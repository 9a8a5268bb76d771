import { randomBytes } from 'node:crypto'
import { type PaymentProvider, WebhookSignatureError } from './types.ts'

/**
 * Bank transfer or pay on site (the default): an intent is a payment awaiting money, with the booking's reference to
 * quote. Nothing happens at a provider: staff mark the payment received (the confirm of this provider) and pay
 * refunds out themselves, then mark them paid.
 */
export function manualProvider(bankDetails: string): PaymentProvider {
  return {
    name: 'manual',
    selfConfirm: false,
    async createIntent({ reference }) {
      return { intentId: `man_${randomBytes(12).toString('hex')}`, clientSecret: null, nextAction: this.nextAction(reference) }
    },
    async retrieve() {
      return { status: 'requires_payment', amountReceived: null, currency: null, method: '', clientSecret: null }
    },
    async cancel() {},
    async refund() {
      return 'unsupported'
    },
    verifyWebhook() {
      throw new WebhookSignatureError('Payment webhooks are not in use: the manual provider has none.')
    },
    nextAction(reference) {
      return { type: 'manual', reference, bank_details: bankDetails }
    },
  }
}
