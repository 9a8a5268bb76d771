import { countries, type DatabaseHandle, eq, flights, locations, proposals, tripAssignments, trips } from '@meridian/db'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary, getItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { CALENDAR_MESSAGES, calendarFeed, getCalendarSubscription, replaceCalendarSubscription, revokeCalendarSubscription } from './feed.ts'

/*
 * The traveler's calendar feed (docs/traveler-app.md "Calendar feed"): token required and revocable, republished plans
 * moving, removing and adding events, local times in the destination's zone, flights in their airports' zones, ETag.
 */

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let itineraryId: number
let keys: { day1: string; day2: string }

const tokenOf = (url: string | null) => /\/api\/calendar\/feed\/([^/]+)\/$/.exec(url ?? '')![1]!

interface Event {
  uid: string
  summary: string
  status: string | null
  start: ICAL.Time
  end: ICAL.Time
  tzid: string | null
}
/** The feed parsed as a calendar app would: its VTIMEZONEs registered, each event with its start and zone. */
function parse(body: string): Event[] {
  const calendar = new ICAL.Component(ICAL.parse(body))
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz))
  return calendar
    .getAllSubcomponents('vevent')
    .map((e) => ({
      uid: String(e.getFirstPropertyValue('uid')),
      summary: String(e.getFirstPropertyValue('summary')),
      status: (e.getFirstPropertyValue('status') as string | null) ?? null,
      start: e.getFirstPropertyValue('dtstart') as ICAL.Time,
      end: e.getFirstPropertyValue('dtend') as ICAL.Time,
      tzid: (e.getFirstProperty('dtstart')!.getParameter('tzid') as string | undefined) ?? null,
    }))
}
const live = (events: Event[]) => events.filter((e) => e.status !== 'CANCELLED')
const named = (events: Event[], summary: string) => events.find((e) => e.summary === summary)

/** Save the plan's two days with these items (keys kept) and approve it: a republish. */
async function republish(day1: Record<string, unknown>[], day2: Record<string, unknown>[]) {
  const current = await getItinerary(as.expert!, itineraryId)
  await saveItinerary(as.expert!, itineraryId, {
    version: current.version,
    days: [
      { key: keys.day1, date: '2030-05-10', title: 'Lima', items: day1 },
      { key: keys.day2, date: '2030-05-11', title: 'Barranco', items: day2 },
    ],
  })
  // An approved plan goes back to draft, then through review, to be approved again.
  if (current.status === 'approved') await changeItineraryStatus(as.expert!, itineraryId, { status: 'draft' })
  await changeItineraryStatus(as.expert!, itineraryId, { status: 'review' })
  const saved = await getItinerary(as.expert!, itineraryId)
  await changeItineraryStatus(as.specialist!, itineraryId, { status: 'approved', version: saved.version })
}
const tour = (start: string, key = 'item-tour') => ({ key, type: 'free_time', title: 'Historic centre walk', start_time: start, end_time: '11:00' })
const lunch = { key: 'item-lunch', type: 'meal', title: 'Ceviche lunch', unit_price: '40.00', currency: 'USD', start_time: '13:00', end_time: '14:30' }
const museum = { key: 'item-museum', type: 'free_time', title: 'Larco museum', start_time: '16:00' }
const surf = { key: 'item-surf', type: 'free_time', title: 'Surf lesson', start_time: '08:00', end_time: '10:00' }

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  const id = bed.userId
  const [peru] = await handle.db.insert(countries).values({ name: 'Peru', continent: 'South America' }).returning()
  const [usa] = await handle.db.insert(countries).values({ name: 'United States', continent: 'North America' }).returning()
  const [lima] = await handle.db.insert(locations).values({ name: 'Lima', countryId: peru!.id, timezone: 'America/Lima' }).returning()
  const [jfk, lim] = await handle.db
    .insert(locations)
    .values([
      { name: 'John F. Kennedy International Airport', countryId: usa!.id, locationType: 'airport', airportCode: 'JFK', timezone: 'America/New_York' },
      { name: 'Jorge Chávez International Airport', countryId: peru!.id, locationType: 'airport', airportCode: 'LIM', timezone: 'America/Lima' },
    ])
    .returning()
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Lima, Peru',
      startDate: '2030-05-09',
      endDate: '2030-05-12',
      travelers: 2,
      travelerId: id('traveler'),
      expertId: id('expert'),
      locationId: lima!.id,
    })
    .returning()
  await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: id('expert'), status: 'accepted' })
  const plan = await createItinerary(as.expert!, { trip_id: trip!.id, title: 'Lima food and history' })
  itineraryId = plan.id
  keys = { day1: plan.days[0]!.key, day2: plan.days[1]!.key }
  // Four days from May 9: the plan's days are re-dated to May 10 and 11 by the saves.
  await republish([tour('09:00'), lunch], [museum])

  // A flight New York → Lima (09:00 in New York, 14:30 in Lima) and a stay of two nights.
  const [flight] = await handle.db
    .insert(flights)
    .values({
      airlineCode: 'LA',
      airlineName: 'LATAM',
      flightNumber: 'LA2471',
      departureAirportId: jfk!.id,
      arrivalAirportId: lim!.id,
      departureAt: new Date('2030-05-09T13:00:00Z'),
      arrivalAt: new Date('2030-05-09T19:30:00Z'),
      price: '612.00',
      seatsTotal: 100,
      seatsLeft: 98,
    })
    .returning()
  await handle.db.transaction(async (tx) => {
    const base = { travelerId: id('traveler'), tripId: trip!.id, partySize: 2, amount: '612.00', currency: 'USD', status: 'confirmed' as const }
    await insertBooking(tx as never, { ...base, bookingType: 'flight', title: 'LATAM LA2471', serviceDate: '2030-05-09', flightId: flight!.id })
    await insertBooking(tx as never, {
      ...base,
      bookingType: 'hotel',
      title: 'Hotel B, Barranco',
      serviceDate: '2030-05-09',
      endDate: '2030-05-11',
      amount: '480.00',
    })
  })
})
afterAll(async () => {
  await handle?.close()
})

describe('the calendar subscription', () => {
  it('is the traveler’s: none at first, one when asked, replaced on asking again; staff are refused', async () => {
    await revokeCalendarSubscription(as.traveler!)
    expect(await getCalendarSubscription(as.traveler!)).toMatchObject({ active: false, url: null })
    const made = await replaceCalendarSubscription(as.traveler!)
    expect(made.active).toBe(true)
    expect(made.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\/$/)
    expect(await getCalendarSubscription(as.traveler!)).toEqual(made)
    const replaced = await replaceCalendarSubscription(as.traveler!)
    expect(tokenOf(replaced.url)).not.toBe(tokenOf(made.url))
    const refused = await domainErrorOf(getCalendarSubscription(as.expert!))
    expect([refused.code, refused.message]).toEqual(['forbidden', CALENDAR_MESSAGES.travelersOnly])
    expect((await domainErrorOf(replaceCalendarSubscription(as.admin!))).code).toBe('forbidden')
  })
})

describe('the calendar feed', () => {
  it('needs its token: a missing, malformed, replaced or revoked one is 404', async () => {
    const first = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    expect((await calendarFeed(handle.db, first)).status).toBe(200)
    for (const token of [undefined, '', 'x', `${first}x`, first.replace(/./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const e = await domainErrorOf(calendarFeed(handle.db, token))
      expect([e.code, e.message]).toEqual(['not_found', CALENDAR_MESSAGES.notFound])
    }
    const second = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    expect((await domainErrorOf(calendarFeed(handle.db, first))).code).toBe('not_found')
    expect((await calendarFeed(handle.db, second)).status).toBe(200)
    await revokeCalendarSubscription(as.traveler!)
    expect((await domainErrorOf(calendarFeed(handle.db, second))).code).toBe('not_found')
  })

  it('names the destination’s zone: 09:00 in Lima is 09:00 America/Lima (14:00 UTC); the flight keeps each airport’s zone', async () => {
    const token = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    const { body } = await calendarFeed(handle.db, token)
    expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Lima\r\n')
    expect(body).toContain('DTSTART;TZID=America/Lima:20300510T090000')
    const events = parse(body)
    const walk = named(events, 'Historic centre walk')!
    expect([walk.tzid, walk.start.toString(), walk.start.toUnixTime()]).toEqual(['America/Lima', '2030-05-10T09:00:00', Date.UTC(2030, 4, 10, 14) / 1000])
    const flight = named(events, 'LATAM LA2471 · JFK → LIM')!
    expect([flight.tzid, flight.start.toString(), flight.end.toString()]).toEqual(['America/New_York', '2030-05-09T09:00:00', '2030-05-09T14:30:00'])
    expect(flight.start.toUnixTime()).toBe(Date.UTC(2030, 4, 9, 13) / 1000)
    expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n')
    // New York's summer time: its VTIMEZONE says when it begins (the second Sunday of March, 02:00).
    expect(body).toMatch(/BEGIN:DAYLIGHT\r\nDTSTART:20300310T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400/)
    const stay = named(events, 'Hotel B, Barranco')!
    expect([stay.start.isDate, stay.start.toString(), stay.end.toString()]).toEqual([true, '2030-05-09', '2030-05-11'])
    expect(live(events)).toHaveLength(5)
  })

  it('follows two republishes: an item moved moves, one removed is cancelled, one added appears', async () => {
    const token = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    const before = parse((await calendarFeed(handle.db, token)).body)
    const walkUid = named(before, 'Historic centre walk')!.uid

    // The walk moves to 10:00, lunch is dropped, a surf lesson is added on day 2.
    await republish([tour('10:00')], [surf, museum])
    const second = parse((await calendarFeed(handle.db, token)).body)
    const walk = second.find((e) => e.uid === walkUid)!
    expect(walk.start.toString()).toBe('2030-05-10T10:00:00')
    expect(live(second).map((e) => e.summary)).not.toContain('Ceviche lunch')
    expect(second.filter((e) => e.status === 'CANCELLED').map((e) => e.uid)).toEqual([named(before, 'Ceviche lunch')!.uid])
    expect(named(second, 'Surf lesson')!.start.toString()).toBe('2030-05-11T08:00:00')

    // Then the museum goes and lunch comes back at 12:30.
    await republish([tour('10:00'), { ...lunch, start_time: '12:30' }], [surf])
    const third = parse((await calendarFeed(handle.db, token)).body)
    expect(
      live(third)
        .map((e) => e.summary)
        .sort(),
    ).toEqual(['Ceviche lunch', 'Historic centre walk', 'Hotel B, Barranco', 'LATAM LA2471 · JFK → LIM', 'Surf lesson'])
    expect(named(live(third), 'Ceviche lunch')!.start.toString()).toBe('2030-05-10T12:30:00')
    expect(third.filter((e) => e.status === 'CANCELLED').map((e) => e.summary)).toEqual(['Removed from the plan'])
    expect(third.find((e) => e.status === 'CANCELLED')!.uid).toBe(named(before, 'Larco museum')!.uid)
  })

  it('holds the option the traveler chose on accepting the proposal, not the recommended one', async () => {
    const token = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    const dinner = (key: string, title: string, recommended: boolean) => ({
      key,
      type: 'meal',
      title,
      unit_price: '50.00',
      currency: 'USD',
      start_time: '20:00',
      option_group: 'dinner',
      recommended,
    })
    await republish([tour('10:00'), dinner('item-central', 'Dinner at Central', true), dinner('item-maido', 'Dinner at Maido', false)], [surf])
    const recommended = live(parse((await calendarFeed(handle.db, token)).body)).map((e) => e.summary)
    expect(recommended).toContain('Dinner at Central')
    expect(recommended).not.toContain('Dinner at Maido')
    // The traveler accepted the round choosing Maido (as acceptance writes it).
    const plan = await getItinerary(as.expert!, itineraryId)
    const [row] = await handle.db
      .insert(proposals)
      .values({
        itineraryId,
        tripId: plan.trip_id,
        round: 1,
        version: plan.version,
        status: 'accepted',
        expiresOn: '2030-05-01',
        currency: 'USD',
        plan: {},
        total: '100.00',
        accepted: { choices: { dinner: 'item-maido' } },
      })
      .returning({ id: proposals.id })
    try {
      const chosen = live(parse((await calendarFeed(handle.db, token)).body)).map((e) => e.summary)
      expect(chosen).toContain('Dinner at Maido')
      expect(chosen).not.toContain('Dinner at Central')
    } finally {
      await handle.db.delete(proposals).where(eq(proposals.id, row!.id))
    }
  })

  it('answers 304 to its own ETag, and a new ETag once the plan changes', async () => {
    const token = tokenOf((await replaceCalendarSubscription(as.traveler!)).url)
    const first = await calendarFeed(handle.db, token)
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(await calendarFeed(handle.db, token, first.etag)).toEqual({ status: 304, body: '', etag: first.etag })
    expect(await calendarFeed(handle.db, token, `"other", W/${first.etag}`)).toMatchObject({ status: 304 })
    expect((await calendarFeed(handle.db, token, '"stale"')).status).toBe(200)
    await republish([tour('09:30')], [surf])
    const changed = await calendarFeed(handle.db, token, first.etag)
    expect(changed.status).toBe(200)
    expect(changed.etag).not.toBe(first.etag)
  })
})
