import type { LoaderFunctionArgs } from '@remix-run/node'
import { tripVouchers } from '@meridian/core'
import { voucherResponse } from '../components/bookings/voucher-response.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/** Download all vouchers, on the trip screen: the vouchers of the trip's live bookings as one PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return voucherResponse(() => tripVouchers(ctx, params.id))
}
