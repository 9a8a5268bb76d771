import { and, asc, bookings, eq, sql, travelerExperts, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { formatDate, numberPages, openPdf, pdfText } from '../documents/pdf.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { requireBookingScope, seesBooking } from './access.ts'
import { findVisibleBooking } from './bookings.ts'
import { AWAITING_CONFIRMATION } from '@meridian/validators/booking-constants'
import { type Voucher, vouchersOf } from './voucher-content.ts'

export const VOUCHER_MESSAGES = {
  cancelled: 'A cancelled booking has no voucher.',
  noLiveBooking: 'This trip has no booking that is not cancelled: there is no voucher to download.',
} as const

export interface VoucherFile {
  filename: string
  contentType: 'application/pdf'
  body: Buffer
}

const GREY = '#555555'

/** Vouchers as a PDF, one a page (a long one runs on), with the page numbers at the foot. */
export async function vouchersPdf(vouchers: Voucher[], heading: string): Promise<Buffer> {
  const { pdf, done } = await openPdf({ title: heading, subject: 'Voucher', when: new Date() })
  const left = pdf.page.margins.left
  const width = pdf.page.width - left - pdf.page.margins.right
  const room = (height: number) => {
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage()
  }
  const row = (label: string, value: string) => {
    pdf.font('Helvetica').fontSize(10)
    room(pdf.heightOfString(pdfText(value), { width: width - 125 }) + 2)
    const y = pdf.y
    pdf.fillColor(GREY).text(pdfText(label), left, y, { width: 120 })
    pdf.fillColor('black').text(pdfText(value), left + 125, y, { width: width - 125 })
    pdf.x = left
  }
  const section = (title: string, lines: string[]) => {
    if (!lines.length) return
    pdf.moveDown(0.8)
    room(40)
    pdf.font('Helvetica-Bold').fontSize(12).fillColor('black').text(pdfText(title), left, pdf.y, { width })
    pdf.moveDown(0.2)
    pdf.font('Helvetica').fontSize(10)
    for (const line of lines) {
      room(pdf.heightOfString(pdfText(line), { width }) + 2)
      pdf.text(pdfText(line), left, pdf.y, { width })
    }
  }

  vouchers.forEach((v, i) => {
    if (i > 0) pdf.addPage()
    pdf.font('Helvetica-Bold').fontSize(18).fillColor('#1c4e80').text('Meridian Travel', left, pdf.y, { width, continued: false })
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(`Voucher${vouchers.length > 1 ? ` ${i + 1} of ${vouchers.length}` : ''}`, { width })
    if (v.demo) pdf.font('Helvetica-Bold').fontSize(10).fillColor('#b42318').text('Demo data: not a real booking', { width })
    pdf.moveDown(0.8)
    pdf.font('Helvetica-Bold').fontSize(16).fillColor('black').text(pdfText(v.title), left, pdf.y, { width })
    pdf.moveDown(0.4)
    row('Booking reference', v.reference)
    row('Supplier confirmation', v.confirmation)
    if (v.confirmation === AWAITING_CONFIRMATION)
      pdf
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor(GREY)
        .text('Your expert adds the number once the supplier confirms.', left + 125, pdf.y, { width: width - 125 })
    pdf.moveDown(0.4)
    for (const f of v.facts) row(f.label, f.value)
    section('What is included', v.included)
    if (v.supplier) section(`Supplier: ${v.supplier.name}`, v.supplier.lines)
    section('Cancellation policy', v.policy)
    section('Notes', v.notes)
  })

  numberPages(pdf, `${heading} · ${formatDate(new Date().toISOString().slice(0, 10))}`)
  pdf.end()
  return done
}

/**
 * GET /api/bookings/{id}/voucher/: the booking's voucher as `meridian-voucher-{reference}.pdf`, for whoever sees the
 * booking (GET booking's rule; 404 otherwise); 409 for a cancelled booking.
 */
export async function bookingVoucher(ctx: ServiceContext, rawId: unknown): Promise<VoucherFile> {
  const { booking } = await findVisibleBooking(ctx, rawId)
  if (booking.status === 'cancelled') throw new DomainError('conflict', VOUCHER_MESSAGES.cancelled)
  const vouchers = await vouchersOf(ctx.db, [booking.id])
  return {
    filename: `meridian-voucher-${booking.reference}.pdf`,
    contentType: 'application/pdf',
    body: await vouchersPdf(vouchers, `Voucher ${booking.reference}`),
  }
}

/**
 * A trip's bookings that are not cancelled, in date order, with the trip. The trip is reached as its bookings are (a
 * traveler their own, an expert the trips they are the expert of and their standing travelers', admins every one):
 * 404 otherwise, 403 for a role without bookings.
 */
async function liveTripBookings(ctx: ServiceContext, rawTripId: unknown) {
  const { actor, scope } = requireBookingScope(ctx)
  const tripId = idOf(rawTripId, TRIP_MESSAGES.notFound)
  const [trip] = await ctx.db
    .select({
      id: trips.id,
      title: trips.title,
      travelerId: trips.travelerId,
      tripExpertId: trips.expertId,
      standingExpert: sql<boolean>`exists (select 1 from ${travelerExperts} te where te.traveler_id = ${trips.travelerId} and te.expert_id = ${actor.id})`,
    })
    .from(trips)
    .where(eq(trips.id, tripId))
  if (!trip || !seesBooking(actor, scope, { ...trip, standingExpert: Boolean(trip.standingExpert), tripExpertAccepted: false }))
    throw new DomainError('not_found', TRIP_MESSAGES.notFound)
  const live = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.tripId, trip.id), sql`${bookings.status} <> 'cancelled'`))
    .orderBy(asc(bookings.serviceDate), asc(bookings.id))
  return { trip, ids: live.map((b) => b.id) }
}

/** How many vouchers a trip has (its live bookings): the trip screen offers Download all vouchers when there are any. */
export async function tripVoucherCount(ctx: ServiceContext, rawTripId: unknown): Promise<number> {
  return (await liveTripBookings(ctx, rawTripId)).ids.length
}

/**
 * GET /api/trips/{id}/vouchers/: the vouchers of a trip's bookings that are not cancelled, in date order, as one PDF
 * (`meridian-vouchers-trip-{id}.pdf`), for whoever sees the trip's bookings (404 otherwise); 409 with no live booking.
 */
export async function tripVouchers(ctx: ServiceContext, rawTripId: unknown): Promise<VoucherFile> {
  const { trip, ids } = await liveTripBookings(ctx, rawTripId)
  if (!ids.length) throw new DomainError('conflict', VOUCHER_MESSAGES.noLiveBooking)
  const vouchers = await vouchersOf(ctx.db, ids)
  return { filename: `meridian-vouchers-trip-${trip.id}.pdf`, contentType: 'application/pdf', body: await vouchersPdf(vouchers, `Vouchers · ${trip.title}`) }
}
