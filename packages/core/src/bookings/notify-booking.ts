import type { Database } from '@meridian/db'
import { type NotificationKind, notify } from '../notifications/notify.ts'

type Db = Pick<Database, 'insert' | 'update' | 'select' | 'execute'>

/** Booking news (confirmed, cancelled) and payment news (received, refunded) share one kind of the bell's. */
export const BOOKING_NOTIFICATION_KIND: NotificationKind = 'booking.status'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A day as the notifications write it (Jan 5, 2027). */
export const dayText = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return y && m && d ? `${MONTHS[m - 1]} ${d}, ${y}` : iso
}
const quoted = (text: string) => {
  const clean = text.trim().replace(/\s+/g, ' ')
  return clean ? ` Reason: “${clean.length > 200 ? `${clean.slice(0, 199)}…` : clean}”` : ''
}

interface Told {
  id: number
  reference: string
  title: string
  serviceDate: string
  travelerId: number
}

/**
 * Tell the traveler, inside the caller's transaction, that staff confirmed or cancelled their booking (nothing when
 * they did it themselves). One unread notification per booking: a second event folds into it.
 */
export function notifyBookingStatus(tx: Db, booking: Told, to: 'confirmed' | 'cancelled', byId: number, reason = '') {
  if (booking.travelerId === byId) return Promise.resolve([])
  const what = `${booking.title}, ${dayText(booking.serviceDate)}.`
  return notify(tx, [booking.travelerId], {
    kind: BOOKING_NOTIFICATION_KIND,
    title: to === 'confirmed' ? `Your booking ${booking.reference} is confirmed` : `Your booking ${booking.reference} was cancelled`,
    body: to === 'confirmed' ? what : `${what}${quoted(reason)}`,
    link: `/dashboard/bookings/${booking.id}`,
    subjectKey: `booking:${booking.id}`,
  })
}
