import { DomainError, type VoucherFile } from '@meridian/core'
import { notFoundResponse } from '../kit/not-found.server.ts'

/**
 * A voucher (or a trip's vouchers) as a download for the signed-in browser (docs/bookings.md "Supplier confirmations
 * and vouchers"): what one may not see is the 404 page, a cancelled booking or a trip with no live booking a 409 with
 * the service's words.
 */
export async function voucherResponse(load: () => Promise<VoucherFile>): Promise<Response> {
  try {
    const file = await load()
    return new Response(new Uint8Array(file.body), {
      headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
    })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') throw new Response(error.message, { status: 409 })
    return notFoundResponse(error)
  }
}
