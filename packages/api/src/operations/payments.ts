import * as core from '@meridian/core'
import * as v from 'valibot'
import { rawBody } from '../rest/raw-body.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { operations, restOnly, type At } from './kit.ts'

/**
 * Payments (1-platform-core §7, docs/bookings.md "Payments"): create-intent and confirm as the spec names them, the
 * caller's history (DRF-paged, newest first), the staff's marks, and the provider's webhook (REST only, no session:
 * the provider's signature on the raw body is the credential). Fields are the service's to judge after the gate (the
 * same messages on both fronts); ids like another's answer 404.
 */
const base = '/api/payments'
const payers = operations(gatedProcedure(core.requirePayer))
const scoped = operations(gatedProcedure(core.requirePaymentScope))
const staff = operations(gatedProcedure(core.requirePaymentStaff), { id: v.unknown() })
/** The documented body: the services read their fields by hand, so there is no valibot schema to convert. */
const jsonBody = (properties: Record<string, unknown>, required?: string[]) => ({ jsonSchema: { type: 'object', properties, ...(required && { required }) } })

/** A staff mark on a payment: tRPC `{id, method?, refund_reference?}`, the whole input the service's; REST POST on the payment's path. */
const mark = (service: typeof core.markPaymentReceived, at: At, summary: string, body: Record<string, unknown>) =>
  staff.flat(service, { method: v.optional(v.unknown()), refund_reference: v.optional(v.unknown()) }, { at, summary, body: jsonBody(body), errors: [409] })

export const payments = {
  createIntent: payers.create(core.createPaymentIntent, {
    at: `POST ${base}/create-intent/`,
    summary: 'Start paying a line of a booking’s schedule: the one named, else the next due (201; 200 for an intent already open)',
    body: jsonBody({ booking_id: { type: 'integer', minimum: 1 }, line_id: { type: 'integer', minimum: 1, description: 'A schedule line still due; the next one when left out.' } }, ['booking_id']),
    alsoStatus: [200],
    errors: [409, 503],
  }),
  confirm: scoped.write(core.confirmPayment, {
    at: `POST ${base}/confirm/`,
    summary: 'Confirm a payment after the provider took it',
    body: jsonBody({ payment_intent_id: { type: 'string' } }, ['payment_intent_id']),
    errors: [409, 503],
  }),
  history: scoped.list(core.listPaymentHistory, core.PAYMENTS_PAGE_SIZE, { at: `GET ${base}/history/`, summary: "The caller's payments, newest first" }),
  markReceived: mark(core.markPaymentReceived, `POST ${base}/{id}/mark-received/`, 'Mark a manual payment received (staff)', {
    method: { type: 'string', description: 'How it was paid (bank transfer, cash…).' },
  }),
  markRefunded: mark(core.markRefundPaid, `POST ${base}/{id}/mark-refunded/`, 'Mark a refund paid out (staff)', { refund_reference: { type: 'string' } }),
  webhook: restOnly({
    at: `POST ${base}/webhook/`,
    auth: 'public',
    summary: "The payment provider's webhook (signed body)",
    description: 'Stripe events; the Stripe-Signature header over the raw body is the credential.',
    body: { jsonSchema: { type: 'object', description: 'A provider event.' } },
    returns: 'handlePaymentWebhook',
    handler: async ({ ctx, req }) => {
      const signature = req.headers['stripe-signature']
      return { body: await core.handlePaymentWebhook(ctx, await rawBody(req), Array.isArray(signature) ? signature[0] : signature) }
    },
  }),
}
