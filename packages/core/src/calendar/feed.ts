import { createHash, randomBytes } from 'node:crypto'
import { hasPermission } from '@meridian/auth'
import { alias, and, bookings, calendarFeeds, type Database, eq, flights, inArray, locations, ne, rowsOf, sql } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { acceptedChoices, itineraryEvents, planTimeZone, removedItems } from '../itineraries/export.ts'
import type { ItineraryDto } from '../itineraries/serialize.ts'
import { partyOf } from '../trips/party.ts'
import { isKnownZone } from '@meridian/validators/zones'
import { calendarText, dateStamp, icsText, timezones, utcStamp, zonedStamp } from './ical.ts'

/*
 * The traveler's calendar feed (docs/traveler-app.md "Calendar feed"): a private address whose secret token is its only
 * credential, serving every timed item of their trips' plans (the approved version), their flights and their stays as
 * one iCalendar. Calendars poll it; it answers 304 to an unchanged ETag.
 */

export const CALENDAR_MESSAGES = {
  travelersOnly: 'Only travelers have a calendar feed.',
  notFound: 'This calendar address is not valid any more. Get a new one in Settings.',
} as const

/** The feed's path under the site (`token` is the secret). */
export const feedPath = (token: string) => `/api/calendar/feed/${token}/`

/** A traveler (create_trips): the feed is theirs; staff are refused (403). */
export function requireFeedOwner(ctx: ServiceContext) {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, 'create_trips')) throw new DomainError('forbidden', CALENDAR_MESSAGES.travelersOnly)
  return actor
}

function subscriptionAnswer(ctx: ServiceContext, row: typeof calendarFeeds.$inferSelect | undefined) {
  if (!row) return { active: false as const, url: null, webcal_url: null, created_at: null, last_fetched_at: null }
  const origin = ctx.request.linkOrigin ?? ctx.config.appOrigin ?? ''
  const url = `${origin}${feedPath(row.token)}`
  return {
    active: true as const,
    /** The feed's address (absolute where the site's origin is known). */
    url,
    /** The same address for calendar apps that subscribe on a click (webcal://). */
    webcal_url: /^https?:\/\//.test(url) ? url.replace(/^https?:/, 'webcal:') : null,
    created_at: row.createdAt.toISOString(),
    last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
  }
}
export type CalendarSubscription = ReturnType<typeof subscriptionAnswer>

/** GET /api/calendar/subscription/: the traveler's feed address, or `active: false` when they have none. */
export async function getCalendarSubscription(ctx: ServiceContext): Promise<CalendarSubscription> {
  const actor = requireFeedOwner(ctx)
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.id))
  return subscriptionAnswer(ctx, row)
}

/**
 * POST /api/calendar/subscription/: a new address for the traveler's feed (201). Asked again, the address is replaced:
 * the old one stops answering at once (404), so a leaked address is mended by replacing it.
 */
export async function replaceCalendarSubscription(ctx: ServiceContext): Promise<CalendarSubscription> {
  const actor = requireFeedOwner(ctx)
  const token = randomBytes(32).toString('base64url')
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: actor.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date(), lastFetchedAt: null } })
    .returning()
  return subscriptionAnswer(ctx, row)
}

/** DELETE /api/calendar/subscription/: the feed is turned off (204); its address answers 404 from then on. */
export async function revokeCalendarSubscription(ctx: ServiceContext): Promise<void> {
  const actor = requireFeedOwner(ctx)
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id))
}

/** A token as it can be (43 base64url characters); anything else names no feed. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface CalendarFeedAnswer {
  status: 200 | 304
  body: string
  etag: string
}

/**
 * GET /api/calendar/feed/{token}/ (no sign-in: the token is the credential; 404 for an unknown, replaced or revoked
 * one): the traveler's calendar. `ifNoneMatch` (the request's If-None-Match) equal to the feed's ETag answers 304 with
 * no body. The ETag is a hash of the calendar itself, so any change (a republished plan, a booking) changes it.
 */
export async function calendarFeed(db: Database, rawToken: unknown, ifNoneMatch?: string | null, rawPerson?: unknown): Promise<CalendarFeedAnswer> {
  const token = typeof rawToken === 'string' ? rawToken : ''
  if (!TOKEN.test(token)) throw new DomainError('not_found', CALENDAR_MESSAGES.notFound)
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
  if (!feed) throw new DomainError('not_found', CALENDAR_MESSAGES.notFound)
  // `?for=`: one person of a party's calendar (what is for everyone, and what is for them).
  const person = typeof rawPerson === 'string' && /^[1-9]\d{0,9}$/.test(rawPerson) ? Number(rawPerson) : null
  const body = await feedCalendar(db, feed.userId, person)
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
  // When it was last read, at most one write a minute however often calendars poll.
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(
      and(eq(calendarFeeds.userId, feed.userId), sql`(${calendarFeeds.lastFetchedAt} is null or ${calendarFeeds.lastFetchedAt} < now() - interval '1 minute')`),
    )
  const matches = (ifNoneMatch ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*')
  return matches ? { status: 304, body: '', etag } : { status: 200, body, etag }
}

interface PlanRow extends Record<string, unknown> {
  itinerary_id: number
  trip_id: number
  trip_title: string
  snapshot: ItineraryDto
}

/** The traveler's calendar: each live trip's newest approved plan, then their flights and stays. */
async function feedCalendar(db: Database, userId: number, person: number | null): Promise<string> {
  // The plan the trip screen shows the traveler: the newest itinerary with an approved version, as approved.
  const plans = rowsOf<PlanRow>(
    await db.execute(sql`
      select distinct on (t.id) i.id as itinerary_id, t.id as trip_id, t.title as trip_title, v.snapshot
      from trips t
      join itineraries i on i.trip_id = t.id and i.approved_version is not null
      join itinerary_versions v on v.itinerary_id = i.id and v.version = i.approved_version
      where t.traveler_id = ${userId} and t.status <> 'cancelled'
      order by t.id, i.updated_at desc, i.id desc`),
  )
  const events: string[] = []
  const zones = new Set<string>()
  const dates: string[] = []
  for (const plan of plans) {
    const dto = { ...plan.snapshot, id: plan.itinerary_id }
    const zone = await planTimeZone(db, { timeZone: dto.time_zone, tripId: plan.trip_id })
    if (zone) zones.add(zone)
    // The plan as it stands: the options chosen on accepting its proposal, else the recommended ones.
    const chosen = await acceptedChoices(db, plan.itinerary_id)
    const removed = await removedItems(db, dto, chosen)
    dates.push(...dto.days.map((d) => d.date), ...removed.map((r) => r.date))
    events.push(...itineraryEvents(dto, zone, removed, { party: await partyOf(db, plan.trip_id), person, chosen }))
  }
  const own = await bookingEvents(db, userId, new Set(plans.map((p) => p.itinerary_id)))
  events.push(...own.events)
  for (const z of own.zones) zones.add(z)
  dates.push(...own.dates)
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meridian Travel//Trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Meridian Travel trips',
    // Calendars poll a subscription at their own pace; this asks for at most every hour.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...timezones(zones, dates),
    ...events,
    'END:VCALENDAR',
  ])
}

/**
 * The traveler's flights (each end in its airport's zone) and stays (all-day, check-in to check-out) that are not
 * cancelled. A booking made from a plan's item is left out when that plan is in the feed: the item is there already.
 */
async function bookingEvents(db: Database, userId: number, plansInFeed: Set<number>) {
  const from = alias(locations, 'from_airport')
  const to = alias(locations, 'to_airport')
  const rows = await db
    .select({
      id: bookings.id,
      type: bookings.bookingType,
      reference: bookings.reference,
      title: bookings.title,
      status: bookings.status,
      serviceDate: bookings.serviceDate,
      endDate: bookings.endDate,
      supplierConfirmation: bookings.supplierConfirmation,
      updatedAt: bookings.updatedAt,
      itineraryItemId: bookings.itineraryItemId,
      planId: sql<number | null>`(select itinerary_id from itinerary_items where id = ${bookings.itineraryItemId})`,
      departureAt: flights.departureAt,
      arrivalAt: flights.arrivalAt,
      airline: flights.airlineName,
      flightNumber: flights.flightNumber,
      fromCode: from.airportCode,
      fromName: from.name,
      fromZone: from.timezone,
      toCode: to.airportCode,
      toName: to.name,
      toZone: to.timezone,
    })
    .from(bookings)
    .leftJoin(flights, eq(flights.id, bookings.flightId))
    .leftJoin(from, eq(from.id, flights.departureAirportId))
    .leftJoin(to, eq(to.id, flights.arrivalAirportId))
    .where(and(eq(bookings.travelerId, userId), ne(bookings.status, 'cancelled'), inArray(bookings.bookingType, ['flight', 'hotel'])))
    .orderBy(bookings.serviceDate, bookings.id)
  const events: string[] = []
  const zones = new Set<string>()
  const dates: string[] = []
  for (const b of rows) {
    if (b.planId !== null && plansInFeed.has(b.planId)) continue
    const confirmation = b.supplierConfirmation ? ` · confirmation ${b.supplierConfirmation}` : ''
    const common = [
      `UID:booking-${b.id}@meridian.travel`,
      `DTSTAMP:${utcStamp(b.updatedAt)}`,
      ...(b.status === 'pending' ? ['STATUS:TENTATIVE'] : ['STATUS:CONFIRMED']),
    ]
    if (b.type === 'flight' && b.departureAt && b.arrivalAt) {
      const at = (zone: string | null, when: Date) => {
        if (isKnownZone(zone)) {
          zones.add(zone)
          return `;TZID=${zone}:${zonedStamp(zone, when)}`
        }
        return `:${utcStamp(when)}`
      }
      dates.push(b.departureAt.toISOString().slice(0, 10), b.arrivalAt.toISOString().slice(0, 10))
      const route = `${b.fromCode || b.fromName} → ${b.toCode || b.toName}`
      events.push(
        'BEGIN:VEVENT',
        ...common,
        `DTSTART${at(b.fromZone, b.departureAt)}`,
        `DTEND${at(b.toZone, b.arrivalAt)}`,
        `SUMMARY:${icsText(`${b.airline ?? ''} ${b.flightNumber ?? ''}`.trim() + ` · ${route}`)}`,
        ...(b.fromName ? [`LOCATION:${icsText(b.fromName)}`] : []),
        `DESCRIPTION:${icsText(`Booking ${b.reference}${confirmation}`)}`,
        'END:VEVENT',
      )
      continue
    }
    if (b.type === 'hotel') {
      // All day from check-in to check-out (DTEND is exclusive: the check-out day itself is not covered).
      const end = b.endDate && b.endDate > b.serviceDate ? b.endDate : nextDay(b.serviceDate)
      events.push(
        'BEGIN:VEVENT',
        ...common,
        `DTSTART;VALUE=DATE:${dateStamp(b.serviceDate)}`,
        `DTEND;VALUE=DATE:${dateStamp(end)}`,
        `SUMMARY:${icsText(b.title)}`,
        `DESCRIPTION:${icsText(`Booking ${b.reference}${confirmation}`)}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      )
    }
  }
  return { events, zones, dates }
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
