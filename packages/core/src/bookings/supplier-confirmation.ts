import { bookings, eq } from '@meridian/db'
import { SupplierConfirmationInput } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { notify } from '../notifications/notify.ts'
import { parseInput } from '../validation.ts'
import { requireBookingStaff } from './access.ts'
import { type BookingDetail, detailOf, findVisibleBooking } from './bookings.ts'
import { BOOKING_NOTIFICATION_KIND } from './notify-booking.ts'

export const SUPPLIER_MESSAGES = {
  cancelled: 'A cancelled booking takes no supplier confirmation.',
  denied: 'Only staff, the expert of its trip or the traveler’s expert can record a supplier’s confirmation.',
} as const

/**
 * POST /api/bookings/{id}/supplier-confirmation/ `{supplier_confirmation, supplier_notes}`: staff who may confirm the
 * booking (admins, the superadmin, the accepted expert of its trip, the traveler's standing expert) record the
 * supplier's confirmation number and notes on a booking that is not cancelled. A new number stamps
 * supplier_confirmed_at and tells the traveler (bell, booking.status, linking to the booking); a blank one clears both.
 * 403 for travelers and a pending expert, 404 for a booking the actor may not see, 409 for a cancelled one.
 */
export async function recordSupplierConfirmation(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<BookingDetail> {
  const { actor } = requireBookingStaff(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { booking, roles } = await findVisibleBooking(ctx, rawId, { lock: true, db: tx })
    if (!roles.staff) throw new DomainError('forbidden', SUPPLIER_MESSAGES.denied)
    if (booking.status === 'cancelled') throw new DomainError('conflict', SUPPLIER_MESSAGES.cancelled)
    const data = parseInput(SupplierConfirmationInput, input ?? {})
    const number = data.supplier_confirmation
    const fresh = number !== '' && number !== booking.supplierConfirmation
    await tx
      .update(bookings)
      .set({
        supplierConfirmation: number,
        supplierNotes: data.supplier_notes,
        supplierConfirmedAt: number === '' ? null : fresh ? new Date() : booking.supplierConfirmedAt,
      })
      .where(eq(bookings.id, booking.id))
    if (fresh && booking.travelerId !== actor.id) {
      await notify(tx, [booking.travelerId], {
        kind: BOOKING_NOTIFICATION_KIND,
        title: `Supplier confirmation for ${booking.reference}`,
        body: `${booking.title}: confirmation number ${number}. Your voucher is ready to download.`,
        link: `/dashboard/bookings/${booking.id}`,
        subjectKey: `booking:${booking.id}`,
      })
    }
    return booking.id
  })
  const { booking, roles } = await findVisibleBooking(ctx, id)
  return detailOf(ctx.db, booking, roles)
}
