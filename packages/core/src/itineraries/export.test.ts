import { type DatabaseHandle, tripAssignments, trips } from '@meridian/db'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import type { ServiceContext } from '../context.ts'
import { exportItinerary, itineraryIcs } from './export.ts'
import { createItinerary, getItinerary, saveItinerary } from './itineraries.ts'
import type { ItineraryDto } from './serialize.ts'
import { changeItineraryStatus } from './versions.ts'
import { readPdfText } from '../documents/read-pdf.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let id: number

const TRICKY = 'Breakfast, coffee; tea \\ more'
const LONG = `Kaiseki at the ryōtei: ${'eight seasonal courses, each one a small picture of the season; '.repeat(3)}sake pairing.`

const meal = (title: string, price: string, extra: Record<string, unknown> = {}) => ({ type: 'meal', title, unit_price: price, currency: 'USD', ...extra })

const errorOf = domainErrorOf

const pdfText = readPdfText

function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid'),
    start: e.getFirstPropertyValue('dtstart') as ICAL.Time,
    end: e.getFirstPropertyValue('dtend') as ICAL.Time,
    summary: e.getFirstPropertyValue('summary'),
    location: e.getFirstPropertyValue('location'),
    description: e.getFirstPropertyValue('description') as string,
    status: e.getFirstPropertyValue('status') as string | null,
  }))
}

const timedItems = (dto: ItineraryDto) => dto.days.flatMap((d) => d.items).filter((i) => i.start_time !== null)

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  const userId = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Kyoto, Japan · Apr 3 – Apr 4, 2030',
      startDate: '2030-04-03',
      endDate: '2030-04-04',
      travelers: 2,
      budgetTotal: '300',
      travelerId: userId('traveler'),
      expertId: userId('expert'),
    })
    .returning({ id: trips.id })
  await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: userId('expert'), status: 'accepted' })

  // Version 2 is approved; version 3, the expert's current draft, adds an item the traveler must not see.
  const start = await createItinerary(as.expert!, { trip_id: trip!.id, title: 'Kyoto in spring' })
  id = start.id
  const days = (extra: unknown[]) => [
    {
      key: start.days[0]!.key,
      date: '2030-04-03',
      title: 'Arrival and Gion',
      items: [
        meal(TRICKY, '12.50', { start_time: '08:00', end_time: '09:15', location_name: 'Café Kissa', location_address: '12 Shijō-dōri, Kyoto' }),
        { type: 'free_time', title: 'Stroll by the river', start_time: '15:00' },
        meal('Kaiseki dinner', '1180.00', { start_time: '19:00', duration_minutes: 150, description: LONG }),
        { type: 'accommodation', title: 'Ryokan Yoshida', unit_price: '95.50', currency: 'USD', nights: 1 },
      ],
    },
    {
      key: start.days[1]!.key,
      date: '2030-04-04',
      title: 'Temples',
      items: [meal('Late ramen', '9.00', { start_time: '23:30', end_time: '00:30' }), ...extra],
    },
  ]
  await saveItinerary(as.expert!, id, { version: 1, days: days([]) })
  await changeItineraryStatus(as.expert!, id, { status: 'review' })
  await changeItineraryStatus(as.specialist!, id, { status: 'approved', version: 2 })
  await saveItinerary(as.expert!, id, { version: 2, days: days([meal('Draft-only tasting', '30.00', { start_time: '12:00', end_time: '13:00' })]) })
})
afterAll(async () => {
  await handle?.close()
})

describe('itinerary exports', () => {
  it('gives the expert the current draft as a PDF with the titles, day totals and the trip total', async () => {
    const file = await exportItinerary(as.expert!, id, { format: 'pdf' })
    expect(file).toMatchObject({ filename: `itinerary-${id}-v3.pdf`, contentType: 'application/pdf' })
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(file.body)
    for (const s of [
      'Kyoto in spring',
      'Arrival and Gion',
      'Temples',
      TRICKY,
      'Kaiseki dinner',
      'Ryokan Yoshida',
      'Draft-only tasting',
      'Café Kissa, 12 Shijo-dori, Kyoto',
    ])
      expect(text).toContain(s)
    // Day 1: 12.50 + 1,180.00 + 95.50, 150 minutes planned; day 2: 9.00 + 30.00; the trip 1,327.00, over the 300.00 budget.
    expect(text).toContain('Day 1 · Wed, Apr 3, 2030')
    expect(text).toContain('$1,288.00 · 2 h 30 min')
    expect(text).toContain('$39.00 · 0 min')
    expect(text).toMatch(/Total \$1,327\.00/)
    expect(text).toMatch(/Meals \$1,231\.50/)
    expect(text).toMatch(/Accommodation \$95\.50/)
    expect(text).toContain('Over budget by $1,027.00.')
    expect(text).toMatch(/Travelers 2 adults/)
    expect(text).toMatch(/08:00 – 09:15 \$12\.50/)
    // Saved after the approval: the current state says so.
    expect(text).toContain('Changed since approval · version 3 (approved: version 2)')
  })

  it('writes one calendar event per timed item, in floating local time, escaped and folded', async () => {
    const current = await getItinerary(as.expert!, id)
    const file = await exportItinerary(as.expert!, id, { format: 'ics' })
    expect(file).toMatchObject({ filename: `itinerary-${id}-v3.ics`, contentType: 'text/calendar; charset=utf-8' })
    const ics = file.body as string
    // The trip has no location with a zone and the plan none set: floating local times, no VTIMEZONE.
    expect(ics).not.toContain('VTIMEZONE')
    // CRLF only, no line over 75 octets, and the long description folded onto continuation lines.
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = ics.split('\r\n')
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75)
    const description = lines.findIndex((l) => l.startsWith('DESCRIPTION:Meal · $1\\,180.00'))
    expect(lines[description + 1]).toMatch(/^ \S/)
    expect(lines.slice(0, 3)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Meridian Travel//Itinerary//EN'])
    // The title with a comma, a semicolon and a backslash is escaped on the wire and reads back as it was.
    expect(ics).toContain('SUMMARY:Breakfast\\, coffee\\; tea \\\\ more')

    // The version's events; the items of earlier versions it no longer has come cancelled (this fixture's saves send
    // no item keys, so each save's items are new ones).
    const found = events(ics).filter((e) => e.status !== 'CANCELLED')
    expect(found).toHaveLength(timedItems(current).length)
    expect(found).toHaveLength(5)
    expect(found.map((e) => e.summary)).not.toContain('Ryokan Yoshida')
    const by = Object.fromEntries(found.map((e) => [e.summary, e]))
    const breakfast = by[TRICKY]!
    expect(breakfast.start.toString()).toBe('2030-04-03T08:00:00')
    expect(breakfast.end.toString()).toBe('2030-04-03T09:15:00')
    expect(breakfast.start.zone).toBe(ICAL.Timezone.localTimezone)
    expect(breakfast.location).toBe('Café Kissa, 12 Shijō-dōri, Kyoto')
    expect(breakfast.description).toBe('Meal · $12.50')
    const breakfastKey = current.days[0]!.items[0]!.key
    expect(breakfast.uid).toBe(`${breakfastKey}-${id}@meridian.travel`)
    // No end: start + duration, else an hour; an end before the start is the next morning.
    expect([by['Kaiseki dinner']!.start.toString(), by['Kaiseki dinner']!.end.toString()]).toEqual(['2030-04-03T19:00:00', '2030-04-03T21:30:00'])
    expect(by['Kaiseki dinner']!.description).toBe(`Meal · $1,180.00\n\n${LONG}`)
    expect(by['Stroll by the river']!.end.toString()).toBe('2030-04-03T16:00:00')
    expect(by['Stroll by the river']!.description).toBe('Free time · no cost')
    expect([by['Late ramen']!.start.toString(), by['Late ramen']!.end.toString()]).toEqual(['2030-04-04T23:30:00', '2030-04-05T00:30:00'])
    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m)
  })

  it('gives the traveler the approved version only, and another traveler nothing', async () => {
    const pdf = await exportItinerary(as.traveler!, id, { format: 'pdf' })
    expect(pdf.filename).toBe(`itinerary-${id}-v2.pdf`)
    const text = await pdfText(pdf.body)
    expect(text).toContain('Approved · version 2')
    expect(text).toContain('Kaiseki dinner')
    expect(text).not.toContain('Draft-only tasting')
    expect(text).toMatch(/Total \$1,297\.00/)
    const ics = await exportItinerary(as.traveler!, id, { format: 'ics', version: 'approved' })
    expect(ics.filename).toBe(`itinerary-${id}-v2.ics`)
    const summaries = events(ics.body as string)
      .filter((e) => e.status !== 'CANCELLED')
      .map((e) => e.summary)
    expect(summaries).toHaveLength(4)
    expect(summaries).not.toContain('Draft-only tasting')

    expect((await errorOf(exportItinerary(as.traveler!, id, { format: 'ics', version: '3' }))).code).toBe('not_found')
    expect((await errorOf(exportItinerary(as.other!, id, { format: 'pdf' }))).code).toBe('not_found')
    // Access comes before the format: another person's itinerary is not found whatever is asked.
    expect((await errorOf(exportItinerary(as.other!, id, { format: 'docx' }))).code).toBe('not_found')
    expect((await errorOf(exportItinerary(as.editor!, id, { format: 'pdf' }))).code).toBe('forbidden')
  })

  it('exports a saved version for those who work on it, and refuses other formats', async () => {
    const approved = await exportItinerary(as.specialist!, id, { format: 'ics', version: 'approved' })
    expect(approved.filename).toBe(`itinerary-${id}-v2.ics`)
    expect(events(approved.body as string)).toHaveLength(4)
    const first = await exportItinerary(as.expert!, id, { format: 'pdf', version: '1' })
    expect(first.filename).toBe(`itinerary-${id}-v1.pdf`)
    expect(await pdfText(first.body)).toContain('Saved version 1 (current: version 3)')
    expect((await errorOf(exportItinerary(as.expert!, id, { format: 'pdf', version: '99' }))).code).toBe('not_found')
    for (const format of ['docx', '', undefined, ['pdf']]) {
      const bad = await errorOf(exportItinerary(as.expert!, id, { format }))
      expect(bad.code).toBe('invalid')
      expect(bad.fields).toEqual({ format: ['Choose one of: pdf, ics.'] })
    }
  })
  it('lists a slot’s options marked in the PDF, and puts only the recommended one in the calendar', async () => {
    const current = await getItinerary(as.expert!, id)
    const withOptions = await createItinerary(as.expert!, { trip_id: current.trip_id, title: 'Kyoto with options' })
    const saved = await saveItinerary(as.expert!, withOptions.id, {
      version: 1,
      days: [
        {
          date: '2030-04-03',
          title: 'Choose your dinner',
          items: [
            meal('Tofu dinner', '40.00', { start_time: '19:00', end_time: '20:30', option_group: 'dinner', recommended: true }),
            meal('Wagyu dinner', '140.00', { start_time: '19:00', end_time: '20:30', option_group: 'dinner' }),
          ],
        },
      ],
    })
    expect(saved.total_cost).toBe('40.00')
    expect(events(itineraryIcs(saved)).map((e) => e.summary)).toEqual(['Tofu dinner'])
    const pdf = await pdfText((await exportItinerary(as.expert!, withOptions.id, { format: 'pdf' })).body)
    expect(pdf).toContain('Meal · recommended option')
    expect(pdf).toContain('Meal · option')
  })
})
