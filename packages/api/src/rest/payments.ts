import type { IncomingMessage } from 'node:http'
import {
  confirmPayment,
  createPaymentIntent,
  handlePaymentWebhook,
  listPaymentHistory,
  markPaymentReceived,
  markRefundPaid,
  PAYMENTS_PAGE_SIZE,
} from '@meridian/core'
import { ClientGoneError, HttpError, JSON_BODY_LIMIT } from './http.ts'
import { pagedList } from './pagination.ts'
import type { RouteTable } from './router.ts'

/** The body exactly as it came (a webhook's signature covers these bytes, not a re-encoding of them), up to 1 MiB. */
async function rawBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_LIMIT) throw new HttpError(413, { detail: 'Request body is too large.' })
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > JSON_BODY_LIMIT) throw new HttpError(413, { detail: 'Request body is too large.' })
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new ClientGoneError('the client closed the connection before its request body arrived', { cause: error })
  }
  return Buffer.concat(chunks)
}

/**
 * Payments (1-platform-core §7, docs/bookings.md "Payments"): create-intent and confirm as the spec names them,
 * the caller's history (DRF-paged, newest first), the staff's marks, and the provider's webhook (no session: the
 * provider's signature on the raw body is the credential).
 */
export function paymentRoutes(table: RouteTable) {
  const base = '/api/payments'
  table
    .add(
      'POST',
      `${base}/create-intent/`,
      async ({ ctx, body }) => {
        const made = await createPaymentIntent(ctx, await body())
        return { status: made.created ? 201 : 200, body: made }
      },
      {
        summary: 'Start paying a booking (201; 200 for an intent already open)',
        body: { jsonSchema: { type: 'object', properties: { booking_id: { type: 'integer', minimum: 1 } }, required: ['booking_id'] } },
        status: 201,
        errors: [409, 503],
      },
    )
    .add('POST', `${base}/confirm/`, async ({ ctx, body }) => ({ body: await confirmPayment(ctx, await body()) }), {
      summary: 'Confirm a payment after the provider took it',
      body: { jsonSchema: { type: 'object', properties: { payment_intent_id: { type: 'string' } }, required: ['payment_intent_id'] } },
      errors: [409, 503],
    })
    .add('GET', `${base}/history/`, pagedList(listPaymentHistory, PAYMENTS_PAGE_SIZE), { summary: "The caller's payments, newest first", paginated: true })
    .add('POST', `${base}/{id}/mark-received/`, async ({ ctx, params, body }) => ({ body: await markPaymentReceived(ctx, params.id, await body()) }), {
      summary: 'Mark a manual payment received (staff)',
      body: { jsonSchema: { type: 'object', properties: { method: { type: 'string', description: 'How it was paid (bank transfer, cash…).' } } } },
      errors: [409],
    })
    .add('POST', `${base}/{id}/mark-refunded/`, async ({ ctx, params, body }) => ({ body: await markRefundPaid(ctx, params.id, await body()) }), {
      summary: 'Mark a refund paid out (staff)',
      body: { jsonSchema: { type: 'object', properties: { refund_reference: { type: 'string' } } } },
      errors: [409],
    })
    .add(
      'POST',
      `${base}/webhook/`,
      async ({ ctx, req }) => {
        const signature = req.headers['stripe-signature']
        return { body: await handlePaymentWebhook(ctx, await rawBody(req), Array.isArray(signature) ? signature[0] : signature) }
      },
      'public',
      {
        summary: "The payment provider's webhook (signed body)",
        description: 'Stripe events; the Stripe-Signature header over the raw body is the credential.',
        body: { jsonSchema: { type: 'object', description: 'A provider event.' } },
      },
    )
}
