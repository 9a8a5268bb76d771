import {
  confirmPayment,
  createPaymentIntent,
  listPaymentHistory,
  markPaymentReceived,
  markRefundPaid,
  PAYMENTS_PAGE_SIZE,
  requirePayer,
  requirePaymentScope,
  requirePaymentStaff,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Fields are the service's to judge after the gate (the same messages as REST); ids like another's answer 404.
const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: v.unknown(), method: v.optional(v.unknown()), refund_reference: v.optional(v.unknown()) })

/** The /api/payments/… calls as procedures (docs/bookings.md "Payments"), with the same shapes. */
export const paymentsRouter = router({
  createIntent: gatedProcedure(requirePayer)
    .input(data)
    .mutation(({ ctx, input }) => createPaymentIntent(ctx.service, input)),
  confirm: gatedProcedure(requirePaymentScope)
    .input(data)
    .mutation(({ ctx, input }) => confirmPayment(ctx.service, input)),
  history: gatedProcedure(requirePaymentScope)
    .input(listInput(PAYMENTS_PAGE_SIZE))
    .query(({ ctx, input }) => listPaymentHistory(ctx.service, input.filters, pageWindow(input, PAYMENTS_PAGE_SIZE))),
  markReceived: gatedProcedure(requirePaymentStaff)
    .input(byId)
    .mutation(({ ctx, input }) => markPaymentReceived(ctx.service, input.id, input)),
  markRefunded: gatedProcedure(requirePaymentStaff)
    .input(byId)
    .mutation(({ ctx, input }) => markRefundPaid(ctx.service, input.id, input)),
})
