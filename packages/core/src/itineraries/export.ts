import { ITEM_TYPE_LABELS, ITINERARY_STATUS_LABELS, type ItemType, type ItineraryStatus } from '@meridian/validators'
import { and, type Database, eq, locations, proposals, rowsOf, sql, trips } from '@meridian/db'
import { isKnownZone } from '@meridian/validators/zones'
import { calendarText, icsText, localStamp, timezones } from '../calendar/ical.ts'
import type { ServiceContext } from '../context.ts'
import { type PartyMember, partyNames, partyOf } from '../trips/party.ts'
import { DomainError } from '../errors.ts'
import { visibleItinerary } from './access.ts'
import { getItinerary } from './itineraries.ts'
import type { ItineraryDto } from './serialize.ts'
import { formatAmount, formatDate, numberPages, openPdf, pdfText } from '../documents/pdf.ts'

/*
 * The itinerary's exports (docs/itineraries.md "Export"): a printable document (the print page and the PDF show the
 * same content) and an .ics calendar of its timed items. Money stays text: amounts are the DTO's exact strings,
 * grouped by string, never through a float.
 */

export const EXPORT_FORMATS = ['pdf', 'ics'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Which state an export shows, in words: "Approved · version 3", "Draft · version 5", "Saved version 2". */
export interface ExportState {
  label: string
}

/** The printable content, shared by the print page and the PDF (plain strings, safe to send to the browser). */
export interface ItineraryDocument {
  title: string
  description: string
  facts: { label: string; value: string }[]
  budget: { label: string; value: string; total?: boolean }[]
  over_budget: string | null
  days: {
    date: string
    title: string
    description: string
    total: string
    duration: string
    items: { time: string; type: string; title: string; description: string; location: string; cost: string }[]
  }[]
  last_modified: string
}

const formatMinutes = (n: number) => (n >= 60 ? `${Math.floor(n / 60)} h${n % 60 ? ` ${n % 60} min` : ''}` : `${n} min`)
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const hhmm = (t: string) => t.slice(0, 5)

/** The state in words when the caller does not say: the DTO's own status and version. */
const defaultState = (dto: ItineraryDto): ExportState => ({
  label: `${ITINERARY_STATUS_LABELS[dto.status as ItineraryStatus] ?? dto.status} · version ${dto.version}`,
})

/** What the print page and the PDF show, from the itinerary as the calls answer it. */
export function itineraryDocument(dto: ItineraryDto, state: ExportState = defaultState(dto)): ItineraryDocument {
  const currency = dto.budget.currency
  const money = (x: string) => formatAmount(x, currency)
  const { adults, children, infants } = dto.travelers
  const travelers = [count(adults, 'adult', 'adults'), children ? count(children, 'child', 'children') : '', infants ? count(infants, 'infant', 'infants') : '']
  const b = dto.budget.breakdown
  return {
    title: dto.title,
    description: dto.description,
    facts: [
      { label: 'Destination', value: dto.destination || '—' },
      { label: 'Dates', value: `${formatDate(dto.start_date)} – ${formatDate(dto.end_date)} (${count(dto.total_days, 'day', 'days')})` },
      { label: 'Travelers', value: travelers.filter(Boolean).join(', ') },
      { label: 'Status', value: state.label },
    ],
    budget: [
      { label: 'Budget', value: dto.budget.total === null ? 'Not set' : money(dto.budget.total) },
      { label: 'Accommodation', value: money(b.accommodation) },
      { label: 'Activities', value: money(b.activities) },
      { label: 'Meals', value: money(b.meals) },
      { label: 'Transport', value: money(b.transport) },
      { label: 'Total', value: money(dto.total_cost), total: true },
    ],
    over_budget: dto.over_budget === null ? null : `Over budget by ${money(dto.over_budget)}.`,
    days: dto.days.map((d, i) => ({
      date: `Day ${i + 1} · ${formatDate(d.date)}`,
      title: d.title,
      description: d.description,
      total: money(d.total_cost),
      duration: formatMinutes(d.estimated_duration),
      items: d.items.map((item) => ({
        time: item.start_time ? (item.end_time ? `${hhmm(item.start_time)} – ${hhmm(item.end_time)}` : hhmm(item.start_time)) : 'Flexible',
        // A slot's options are all listed, marked (docs/proposals.md); the totals count the recommended one.
        type: `${ITEM_TYPE_LABELS[item.type as ItemType] ?? item.type}${item.option_group ? (item.recommended ? ' · recommended option' : ' · option') : ''}`,
        title: item.title,
        description: item.description,
        location: [item.location.name, item.location.address].filter((x, j, all) => x && all.indexOf(x) === j).join(', '),
        cost: item.details.converted_cost === null ? '—' : money(item.details.converted_cost),
      })),
    })),
    last_modified: `${dto.last_modified.slice(0, 16).replace('T', ' ')} UTC`,
  }
}

/** The itinerary as a PDF (pdfkit, standard Helvetica): the same content as the print page. */
export async function itineraryPdf(dto: ItineraryDto, state: ExportState = defaultState(dto)): Promise<Buffer> {
  const doc = itineraryDocument(dto, state)
  const { pdf, done } = await openPdf({ title: doc.title, subject: 'Itinerary', when: new Date(dto.last_modified) })
  const left = pdf.page.margins.left
  const width = pdf.page.width - left - pdf.page.margins.right
  const bottom = () => pdf.page.height - pdf.page.margins.bottom
  const room = (height: number) => {
    if (pdf.y + height > bottom()) pdf.addPage()
  }
  const grey = '#555555'

  pdf.font('Helvetica-Bold').fontSize(20).fillColor('black').text(pdfText(doc.title), { width })
  if (doc.description) pdf.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(grey).text(pdfText(doc.description), { width })
  pdf.moveDown(0.8)

  // Facts and money, as label: value rows.
  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y
    pdf.font('Helvetica').fontSize(10).fillColor(grey).text(pdfText(label), left, y, { width: 110 })
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor('black')
      .text(pdfText(value), left + 115, y, { width: width - 115 })
    pdf.x = left
  }
  for (const f of doc.facts) row(f.label, f.value)
  pdf.moveDown(0.6)
  for (const m of doc.budget) row(m.label, m.value, m.total)
  if (doc.over_budget) pdf.moveDown(0.2).font('Helvetica-Bold').fontSize(10).fillColor('#b42318').text(pdfText(doc.over_budget), left, pdf.y, { width })

  const timeW = 75
  const costW = 95
  const bodyX = left + timeW + 10
  const bodyW = width - timeW - costW - 20
  for (const day of doc.days) {
    pdf.moveDown(1.2)
    // A day's heading stays with at least its first row.
    room(70)
    const y = pdf.y
    pdf
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('black')
      .text(pdfText(day.date), left, y, { width: width - 160 })
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(grey)
      .text(`${pdfText(day.total)} · ${day.duration}`, left + width - 160, y + 3, { width: 160, align: 'right' })
    pdf.font('Helvetica').fontSize(11).fillColor('black').text(pdfText(day.title), left, pdf.y, { width })
    if (day.description) pdf.fontSize(9).fillColor(grey).text(pdfText(day.description), { width })
    pdf
      .moveTo(left, pdf.y + 3)
      .lineTo(left + width, pdf.y + 3)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke()
    pdf.moveDown(0.6)
    if (day.items.length === 0) pdf.font('Helvetica-Oblique').fontSize(10).fillColor(grey).text('No activities planned', left, pdf.y, { width })
    for (const item of day.items) {
      const title = `${item.type} · ${pdfText(item.title)}`
      const lines = [item.location, item.description].filter(Boolean).map(pdfText)
      pdf.font('Helvetica-Bold').fontSize(10)
      let height = pdf.heightOfString(title, { width: bodyW })
      pdf.font('Helvetica').fontSize(9)
      for (const l of lines) height += pdf.heightOfString(l, { width: bodyW })
      room(height + 6)
      const top = pdf.y
      pdf.font('Helvetica').fontSize(10).fillColor('black').text(item.time, left, top, { width: timeW })
      pdf.text(pdfText(item.cost), left + width - costW, top, { width: costW, align: 'right' })
      pdf.font('Helvetica-Bold').text(title, bodyX, top, { width: bodyW })
      pdf.font('Helvetica').fontSize(9).fillColor(grey)
      for (const l of lines) pdf.text(l, bodyX, pdf.y, { width: bodyW })
      pdf.x = left
      pdf.y = Math.max(pdf.y, top + height) + 6
    }
  }

  numberPages(pdf, `${doc.title} · ${doc.last_modified}`)
  pdf.end()
  return done
}

/* The calendar (RFC 5545). */

/** The options a traveler chose on accepting a proposal, by slot (`accepted.choices`). */
type Choices = Record<string, string>

/**
 * Whether an item is in the plan as it stands: an item of no slot, or its slot's option the traveler chose on
 * accepting a proposal, else the one the expert recommends.
 */
export function inPlan(item: { key: string; option_group: string | null; recommended: boolean }, chosen: Choices = {}): boolean {
  if (!item.option_group) return true
  const pick = chosen[item.option_group]
  return pick ? pick === item.key : item.recommended
}

/** The choices that still name an option of their slot in this plan (a slot changed since falls back to its recommended). */
export function standingChoices(dto: { days: { items: { key: string; option_group: string | null }[] }[] }, chosen: Choices = {}): Choices {
  const options = new Set(dto.days.flatMap((d) => d.items.map((i) => `${i.option_group}\u0000${i.key}`)))
  return Object.fromEntries(Object.entries(chosen).filter(([group, key]) => options.has(`${group}\u0000${key}`)))
}

/** The choices of the itinerary's accepted proposal ({} when none was accepted). */
export async function acceptedChoices(db: Database, itineraryId: number): Promise<Choices> {
  const [row] = await db
    .select({ accepted: proposals.accepted })
    .from(proposals)
    .where(and(eq(proposals.itineraryId, itineraryId), eq(proposals.status, 'accepted')))
    .limit(1)
  const choices = (row?.accepted as { choices?: unknown } | null | undefined)?.choices
  return choices && typeof choices === 'object' ? (choices as Choices) : {}
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))

/** An item of an earlier version no longer in the plan: cancelled in a calendar that holds it. */
export interface RemovedItem {
  key: string
  date: string
  start_time: string
}

/**
 * The timed items as VEVENTs: one per item with a start time, at the day's date in the plan's time zone (`zone`, an
 * IANA zone: DTSTART;TZID=…, the item's local time as written) or, with none known, in floating local time. It ends
 * at end_time (the next day when that is not after the start), else after duration_minutes, else after an hour. Items
 * without a start time are left out. UID is the item's key, which stays the same across versions, so a calendar
 * updates an event it already has; SEQUENCE is the version. `removed`: items of earlier versions gone from this one,
 * sent as cancelled so a calendar that imported them drops them.
 */
export function itineraryEvents(
  dto: ItineraryDto,
  zone: string,
  removed: RemovedItem[] = [],
  people: { party?: readonly PartyMember[]; person?: number | null; chosen?: Choices } = {},
): string[] {
  const party = people.party ?? []
  const chosen = standingChoices(dto, people.chosen)
  const currency = dto.budget.currency
  const stamp = `${dto.last_modified.replace(/[-:]/g, '').slice(0, 15)}Z`
  const at = (date: string, minutes: number) => (zone ? `;TZID=${zone}:${localStamp(date, minutes)}` : `:${localStamp(date, minutes)}`)
  const lines: string[] = []
  for (const day of dto.days) {
    for (const item of day.items) {
      // A calendar holds the plan as it stands: the recommended option of each slot, not its alternatives.
      if (!item.start_time || !inPlan(item, chosen)) continue
      // One person's calendar: what is for everyone and what is for them.
      const forSome = item.party ?? []
      if (people.person && forSome.length && !forSome.includes(people.person)) continue
      const who = partyNames(forSome, party)
      const start = minutesOf(item.start_time)
      let end = item.end_time ? minutesOf(item.end_time) : start + (item.details.duration > 0 ? item.details.duration : 60)
      if (end <= start) end += 1440
      const type = ITEM_TYPE_LABELS[item.type as ItemType] ?? item.type
      const cost = item.details.converted_cost === null ? 'no cost' : formatAmount(item.details.converted_cost, currency)
      const location = [item.location.name, item.location.address].filter((x, j, all) => x && all.indexOf(x) === j).join(', ')
      lines.push(
        'BEGIN:VEVENT',
        `UID:${item.key}-${dto.id}@meridian.travel`,
        `DTSTAMP:${stamp}`,
        `SEQUENCE:${dto.version}`,
        `DTSTART${at(day.date, start)}`,
        `DTEND${at(day.date, end)}`,
        `SUMMARY:${icsText(who ? `${who}: ${item.title}` : item.title)}`,
        ...(location ? [`LOCATION:${icsText(location)}`] : []),
        `DESCRIPTION:${icsText([`${type} · ${cost}`, item.description].filter(Boolean).join('\n\n'))}`,
        'END:VEVENT',
      )
    }
  }
  for (const r of removed) {
    const start = minutesOf(r.start_time)
    lines.push(
      'BEGIN:VEVENT',
      `UID:${r.key}-${dto.id}@meridian.travel`,
      `DTSTAMP:${stamp}`,
      `SEQUENCE:${dto.version}`,
      `DTSTART${at(r.date, start)}`,
      `DTEND${at(r.date, start + 60)}`,
      'SUMMARY:Removed from the plan',
      'STATUS:CANCELLED',
      'END:VEVENT',
    )
  }
  return lines
}

/** The dates an itinerary's events fall on (for the VTIMEZONE's years). */
const eventDates = (dto: ItineraryDto, removed: RemovedItem[]) => [...dto.days.map((d) => d.date), ...removed.map((r) => r.date)]

/** The itinerary's calendar: its timed items (and, cancelled, those removed since earlier versions) in its zone. */
export function itineraryIcs(dto: ItineraryDto, zone = '', removed: RemovedItem[] = [], party: readonly PartyMember[] = [], chosen: Choices = {}): string {
  const events = itineraryEvents(dto, zone, removed, { party, chosen })
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meridian Travel//Itinerary//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(dto.title)}`,
    ...(zone ? [`X-WR-TIMEZONE:${zone}`, ...timezones([zone], eventDates(dto, removed))] : []),
    ...events,
    'END:VCALENDAR',
  ])
}

/* The service. */

export interface ItineraryExport {
  filename: string
  contentType: string
  body: Buffer | string
}

type Seen = Awaited<ReturnType<typeof visibleItinerary>>

/** The state to export (`version`: '' for the default, 'approved', or a number) and how to name it. */
async function exportedState(ctx: ServiceContext, { row, access }: Seen, rawVersion: unknown) {
  let version = rawVersion === undefined || rawVersion === null ? '' : rawVersion
  if (version === 'approved') {
    if (row.approvedVersion === null) throw new DomainError('not_found', 'This itinerary has no approved version yet.')
    version = row.approvedVersion
  }
  // The traveler's default is the approved version; getItinerary keeps them to it (any other answers 404).
  const dto = await getItinerary(ctx, row.id, { version })
  const status = ITINERARY_STATUS_LABELS[row.status as ItineraryStatus] ?? row.status
  const approved = dto.version === row.approvedVersion && (version !== '' || access.travelerOnly || row.status === 'approved')
  const sinceApproval = row.approvedVersion === null ? '' : ` (approved: version ${row.approvedVersion})`
  const label = approved
    ? `Approved · version ${dto.version}`
    : version !== ''
      ? `Saved version ${dto.version} (current: version ${row.version})`
      : row.status === 'approved'
        ? `Changed since approval · version ${dto.version}${sinceApproval}`
        : `${status} · version ${dto.version}${sinceApproval}`
  return { dto, state: { label } }
}

/**
 * GET /api/itineraries/{id}/export/?format=pdf|ics[&version=approved|N]: the itinerary as a file. The trip's traveler
 * gets the approved version; those who work on it the current state, or a saved version with `version`. Access first,
 * as getItinerary (another person's answers 404, the editor 403), then the format (400).
 */
export async function exportItinerary(ctx: ServiceContext, rawId: unknown, query: { format?: unknown; version?: unknown } = {}): Promise<ItineraryExport> {
  const seen = await visibleItinerary(ctx, rawId)
  const format = EXPORT_FORMATS.find((f) => f === query.format)
  if (!format) throw DomainError.invalid({ format: [`Choose one of: ${EXPORT_FORMATS.join(', ')}.`] })
  const { dto, state } = await exportedState(ctx, seen, query.version)
  const name = `itinerary-${seen.row.id}-v${dto.version}`
  if (format === 'pdf') return { filename: `${name}.pdf`, contentType: 'application/pdf', body: await itineraryPdf(dto, state) }
  const zone = await planTimeZone(ctx.db, { timeZone: dto.time_zone, tripId: seen.row.tripId })
  const party = await partyOf(ctx.db, seen.row.tripId)
  const chosen = await acceptedChoices(ctx.db, seen.row.id)
  return {
    filename: `${name}.ics`,
    contentType: 'text/calendar; charset=utf-8',
    body: itineraryIcs(dto, zone, await removedItems(ctx.db, dto, chosen), party, chosen),
  }
}

/**
 * The timed items of earlier versions (before `dto`'s) that are not events of it: removed, moved out of the plan, or
 * now an alternative of their slot. Each as it last stood, for a cancellation.
 */
export async function removedItems(db: Database, dto: ItineraryDto, chosen: Choices = {}): Promise<RemovedItem[]> {
  const rows = rowsOf<RemovedItem>(
    await db.execute(sql`
      select distinct on (i->>'key') i->>'key' as key, d->>'date' as date, i->>'start_time' as start_time
      from itinerary_versions v
      cross join lateral jsonb_array_elements(v.snapshot->'days') d
      cross join lateral jsonb_array_elements(d->'items') i
      where v.itinerary_id = ${dto.id} and v.version < ${dto.version} and coalesce(i->>'start_time', '') <> ''
      order by i->>'key', v.version desc`),
  )
  const picks = standingChoices(dto, chosen)
  const events = new Set(dto.days.flatMap((d) => d.items.filter((i) => i.start_time && inPlan(i, picks)).map((i) => i.key)))
  return rows.filter((r) => !events.has(r.key) && /^\d{4}-\d{2}-\d{2}$/.test(r.date) && /^\d{2}:\d{2}/.test(r.start_time))
}

/**
 * The zone a plan's times are in (docs/traveler-app.md "Local time"): the one set on it, else its trip's location's,
 * else none ('': floating local times). Only zones the runtime knows.
 */
export async function planTimeZone(db: Database, plan: { timeZone: string | undefined | null; tripId: number }): Promise<string> {
  if (isKnownZone(plan.timeZone)) return plan.timeZone
  const [trip] = await db
    .select({ zone: locations.timezone })
    .from(trips)
    .innerJoin(locations, eq(locations.id, trips.locationId))
    .where(eq(trips.id, plan.tripId))
  return trip && isKnownZone(trip.zone) ? trip.zone : ''
}

/** The print page's content: the same state and words as the PDF, for the same `version`. */
export async function printableItinerary(ctx: ServiceContext, rawId: unknown, query: { version?: unknown } = {}) {
  const seen = await visibleItinerary(ctx, rawId)
  const { dto, state } = await exportedState(ctx, seen, query.version)
  return {
    id: seen.row.id,
    version: dto.version,
    timed_items: dto.days.reduce((n, d) => n + d.items.filter((i) => i.start_time).length, 0),
    document: itineraryDocument(dto, state),
  }
}
