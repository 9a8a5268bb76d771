import type { LoaderFunctionArgs } from '@remix-run/node'
import { DomainError, getTrip, listItineraries, type ServiceContext, tripVouchers } from '@meridian/core'
import { voucherResponse } from '../components/bookings/voucher-response.server.ts'
import { OFFLINE_MARK, offlineMark } from '../components/trip-view/offline-mark.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The mark that lets the traveler's browser keep their own trip's vouchers offline beside the trip view
 * (docs/traveler-app.md): the same as the view's, with the approved version the traveler reads (the itineraries list
 * answers them approved plans only). Anyone else's download is not marked.
 */
async function markOf(ctx: ServiceContext, tripId: string | undefined): Promise<string | null> {
  const trip = await getTrip(ctx, tripId)
  if (!ctx.actor || trip.traveler?.id !== ctx.actor.id) return null
  const plans = await listItineraries(ctx, { trip: trip.id }, { limit: 1 })
  return offlineMark(trip.id, plans.results[0]?.status === 'approved' ? plans.results[0].version : 0)
}

/** Download all vouchers, on the trip screen and the trip view: the vouchers of the trip's live bookings as one PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const response = await voucherResponse(() => tripVouchers(ctx, params.id))
  // Only once the download was allowed: its own checks (and their 404 and 409) come first. Staff who reach the
  // bookings but not the trip itself (a traveler's standing expert) download it unmarked.
  const mark = await markOf(ctx, params.id).catch((error: unknown) => {
    if (error instanceof DomainError) return null
    throw error
  })
  if (mark) response.headers.set(OFFLINE_MARK, mark)
  return response
}
