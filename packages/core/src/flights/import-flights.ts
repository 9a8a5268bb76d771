import { type Database, flights, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { canManageFlights } from './access.ts'
import { CsvError, readCsv } from './csv.ts'
import { checkFlightFields, type FlightValues } from './fields.ts'
import { flightLookups, seatsBelowBooked } from './manage-flights.ts'

/** A schedule file is at most 1 MiB and 5,000 flights (docs/bookings.md "Flights"). */
export const IMPORT_MAX_BYTES = 1024 * 1024
export const IMPORT_MAX_ROWS = 5000
/** Row messages listed at most; the rest are counted. */
const MAX_MESSAGES = 50
const BATCH = 500

/** The columns of a schedule file, and the field each one fills. */
export const IMPORT_COLUMNS = {
  airline_code: 'airline_code',
  flight_number: 'flight_number',
  aircraft: 'aircraft',
  from: 'from',
  to: 'to',
  departure: 'departure',
  arrival: 'arrival',
  class: 'class',
  stops: 'stops',
  price: 'price',
  currency: 'currency',
  seats: 'seats_total',
  amenities: 'amenities',
  rating: 'rating',
  reviews: 'reviews',
} as const
const REQUIRED_COLUMNS = ['airline_code', 'flight_number', 'from', 'to', 'departure', 'arrival', 'price', 'currency', 'seats'] as const

export interface FlightImportResult {
  rows: number
  created: number
  updated: number
  message: string
}

const refuse = (messages: string[]) => {
  const shown = messages.slice(0, MAX_MESSAGES)
  if (messages.length > MAX_MESSAGES) shown.push(`… and ${messages.length - MAX_MESSAGES} more problems.`)
  return DomainError.invalid({ non_field_errors: shown }, 'The file was not imported.')
}

/** "Arrival must be …" as it reads after "Row 7: " (an acronym such as IATA keeps its capitals). */
const inSentence = (message: string) => (/^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message)

const offerKey = (v: FlightValues) => `${v.airlineCode}|${v.flightNumber}|${v.departureAt.toISOString()}|${v.cabinClass}`

/** The file's text from the call: `content` (the REST body, the form's upload or pasted text). */
function contentOf(input: unknown): string {
  const q = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>
  const content = q.content
  if (typeof content !== 'string' || !content.trim()) throw DomainError.invalid({ content: ['Choose a CSV file with a header line and one flight a line.'] })
  if (Buffer.byteLength(content) > IMPORT_MAX_BYTES) throw DomainError.invalid({ content: [`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB.`] })
  return content
}

/**
 * POST /api/flights/import/: a schedule file (CSV; columns in docs/bookings.md). Every row is checked as the form
 * checks a flight; one bad row refuses the whole file with every problem by row ("Row 7: arrival must be after
 * departure."). Otherwise all rows are written in one transaction: a row whose offer exists (same airline, flight
 * number, departure and class) updates it, keeping its booked seats and its status; the others are new flights.
 * Superadmin, admin, expert.
 */
export async function importFlights(ctx: ServiceContext, input: unknown): Promise<FlightImportResult> {
  const actor = canManageFlights(ctx)
  const content = contentOf(input)
  let records
  try {
    records = readCsv(content)
  } catch (error) {
    if (error instanceof CsvError) throw refuse([`Row ${error.line}: ${error.message}`])
    throw error
  }
  const [header, ...body] = records
  if (!header) throw refuse(['The file is empty.'])
  const names = header.cells.map((c) => c.trim().toLowerCase())
  const problems: string[] = []
  names.forEach((n) => {
    if (!Object.hasOwn(IMPORT_COLUMNS, n)) problems.push(`Row 1: unknown column "${n.slice(0, 40)}" (the columns are ${Object.keys(IMPORT_COLUMNS).join(', ')}).`)
  })
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length) problems.push(`Row 1: the header must name ${missing.join(', ')}.`)
  if (new Set(names).size !== names.length) problems.push('Row 1: a column is named twice.')
  if (problems.length) throw refuse(problems)
  if (!body.length) throw refuse(['The file holds no flights.'])
  if (body.length > IMPORT_MAX_ROWS) throw refuse([`The file holds ${body.length} flights; at most ${IMPORT_MAX_ROWS} are imported at once.`])

  const inputs = body.map((record) => {
    const row: Record<string, unknown> = {}
    names.forEach((n, i) => (row[IMPORT_COLUMNS[n as keyof typeof IMPORT_COLUMNS]] = (record.cells[i] ?? '').trim()))
    return { line: record.line, row, extra: record.cells.length > names.length }
  })
  // Checked and written in one transaction: the reference airports the file names are added with its flights, and
  // with nothing when the file is refused.
  const { created, updated } = await ctx.db.transaction(async (tx) => {
    const lookups = await flightLookups(
      tx,
      inputs.map((i) => i.row),
    )
    const rows: { line: number; values: FlightValues }[] = []
    const seen = new Map<string, number>()
    for (const { line, row, extra } of inputs) {
      if (extra) problems.push(`Row ${line}: more cells than the header has columns.`)
      const { values, errors } = checkFlightFields(row, lookups)
      for (const messages of Object.values(errors)) for (const m of messages) problems.push(`Row ${line}: ${inSentence(m)}`)
      if (!values) continue
      const key = offerKey(values)
      const earlier = seen.get(key)
      if (earlier) problems.push(`Row ${line}: the same flight as row ${earlier} (airline, flight number, departure and class).`)
      else seen.set(key, line)
      rows.push({ line, values })
    }
    if (problems.length) throw refuse(problems)
    return writeRows(tx, rows, actor.id)
  })
  const total = created + updated
  return { rows: total, created, updated, message: `Imported ${total} ${total === 1 ? 'flight' : 'flights'}: ${created} new, ${updated} updated.` }
}

/** Insert or update every row in batches; a row that would drop below its booked seats refuses the file (rollback). */
async function writeRows(tx: Database, rows: { line: number; values: FlightValues }[], actorId: number) {
  let created = 0
  let updated = 0
  const refused: string[] = []
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const written = await tx
      .insert(flights)
      .values(batch.map(({ values: v }) => ({ ...v, seatsLeft: v.seatsTotal, createdBy: actorId })))
      .onConflictDoUpdate({
        target: [flights.airlineCode, flights.flightNumber, flights.departureAt, flights.cabinClass],
        set: {
          airlineName: sql`excluded.airline_name`,
          aircraft: sql`excluded.aircraft`,
          departureAirportId: sql`excluded.departure_airport_id`,
          arrivalAirportId: sql`excluded.arrival_airport_id`,
          arrivalAt: sql`excluded.arrival_at`,
          stops: sql`excluded.stops`,
          price: sql`excluded.price`,
          currency: sql`excluded.currency`,
          seatsTotal: sql`excluded.seats_total`,
          seatsLeft: sql`excluded.seats_total - (${flights.seatsTotal} - ${flights.seatsLeft})`,
          amenities: sql`excluded.amenities`,
          rating: sql`excluded.rating`,
          reviewCount: sql`excluded.review_count`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`excluded.seats_total >= ${flights.seatsTotal} - ${flights.seatsLeft}`,
      })
      .returning({
        airlineCode: flights.airlineCode,
        flightNumber: flights.flightNumber,
        departureAt: flights.departureAt,
        cabinClass: flights.cabinClass,
        inserted: sql<boolean>`(xmax = 0)`,
      })
    const done = new Set(written.map((w) => `${w.airlineCode}|${w.flightNumber}|${w.departureAt.toISOString()}|${w.cabinClass}`))
    for (const w of written) {
      if (w.inserted) created++
      else updated++
    }
    for (const { line, values } of batch) {
      if (done.has(offerKey(values))) continue
      const [held] = await tx
        .select({ booked: sql<number>`${flights.seatsTotal} - ${flights.seatsLeft}` })
        .from(flights)
        .where(
          sql`${flights.airlineCode} = ${values.airlineCode} and ${flights.flightNumber} = ${values.flightNumber} and ${
            flights.departureAt
          } = ${values.departureAt.toISOString()}::timestamptz and ${flights.cabinClass} = ${values.cabinClass}`,
        )
      refused.push(`Row ${line}: seats: ${inSentence(seatsBelowBooked(Number(held?.booked ?? 0)))}`)
    }
  }
  if (refused.length) throw refuse(refused)
  return { created, updated }
}
