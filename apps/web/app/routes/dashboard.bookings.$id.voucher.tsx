import type { LoaderFunctionArgs } from '@remix-run/node'
import { bookingVoucher } from '@meridian/core'
import { voucherResponse } from '../components/bookings/voucher-response.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/** Download voucher, on the booking screen: meridian-voucher-{reference}.pdf for whoever sees the booking. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return voucherResponse(() => bookingVoucher(ctx, params.id))
}
