import { count, flights } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFlight } from './book-flight.ts'
import { importFlights } from './import-flights.ts'
import { listFlights } from './manage-flights.ts'
import { day, type FlightWorld, flightWorld } from './test-setup.ts'

let world: FlightWorld
beforeAll(async () => {
  world = await flightWorld()
})
afterAll(async () => {
  await world?.close()
})

const HEADER = 'airline_code,flight_number,aircraft,from,to,departure,arrival,class,stops,price,currency,seats,amenities,rating,reviews'
const line = (fields: Partial<Record<string, string>> = {}) => {
  const row = {
    airline_code: 'BA',
    flight_number: 'BA304',
    aircraft: 'Airbus A320neo',
    from: 'LHR',
    to: 'CDG',
    departure: `${day(5)}T09:15`,
    arrival: `${day(5)}T11:30`,
    class: 'economy',
    stops: '0',
    price: '120.00',
    currency: 'EUR',
    seats: '180',
    amenities: 'wifi|meals',
    rating: '4.3',
    reviews: '210',
    ...fields,
  }
  return HEADER.split(',')
    .map((k) => row[k as keyof typeof row] ?? '')
    .join(',')
}
const flightCount = async () => (await world.handle.db.select({ n: count() }).from(flights))[0]!.n
const run = async (content: string, who = 'admin') => importFlights(await world.as(who), { content })

describe('schedule import', () => {
  it('refuses a file with a bad row whole, naming every problem by its row', async () => {
    const before = await flightCount()
    const file = [
      HEADER,
      line(),
      line({ flight_number: '305', departure: `${day(5)}T12:00`, arrival: `${day(5)}T11:00` }),
      line({ flight_number: '306', from: 'XQX' }),
      line({ flight_number: '307', price: 'cheap', class: 'steerage' }),
      line({ flight_number: '308' }),
      line({ flight_number: '309', seats: '0' }),
      line({ flight_number: '310', departure: `${day(5)}T14:00`, arrival: `${day(4)}T16:00` }),
      line(),
    ].join('\n')
    await expect(run(file)).rejects.toMatchObject({
      code: 'invalid',
      fields: {
        non_field_errors: [
          'Row 3: arrival must be after departure.',
          'Row 4: no airport has the code "XQX".',
          'Row 5: choose economy, premium, business or first.',
          'Row 5: enter a price of at least 0 with at most 2 decimal places.',
          'Row 7: seats must be a whole number from 1 to 1000.',
          'Row 8: arrival must be after departure.',
          'Row 9: the same flight as row 2 (airline, flight number, departure and class).',
        ],
      },
    })
    expect(await flightCount()).toBe(before)
  })

  it('refuses a header without the required columns, an unknown column, an empty file and a bad quote', async () => {
    await expect(run('airline_code,flight_number\nBA,1')).rejects.toMatchObject({
      fields: { non_field_errors: [expect.stringMatching(/^Row 1: the header must name from, to, departure, arrival, price, currency, seats\.$/)] },
    })
    await expect(run(`${HEADER},gate\n${line()},B12`)).rejects.toMatchObject({
      fields: { non_field_errors: [expect.stringMatching(/^Row 1: unknown column "gate"/)] },
    })
    // Names every object inherits are unknown columns like any other.
    await expect(run(`${HEADER},constructor\n${line()},x`)).rejects.toMatchObject({
      fields: { non_field_errors: [expect.stringMatching(/^Row 1: unknown column "constructor"/)] },
    })
    await expect(run(`${HEADER}\n`)).rejects.toMatchObject({ fields: { non_field_errors: ['The file holds no flights.'] } })
    await expect(run('')).rejects.toMatchObject({ fields: { content: [expect.any(String)] } })
    await expect(run(`${HEADER}\n${line({ aircraft: '"Airbus' })}`)).rejects.toMatchObject({
      fields: { non_field_errors: ['Row 2: a quoted field is not closed.'] },
    })
    await expect(run(`${HEADER}\n${line()}`, 'traveler')).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('imports a good file in one go, and a second import updates the offers it names instead of adding them again', async () => {
    const before = await flightCount()
    const file = [
      HEADER,
      line({ flight_number: '400' }),
      line({ flight_number: '400', class: 'business', price: '480', seats: '30' }),
      // Quoted cells, an offset time, a semicolon list and CRLF line ends are all fine.
      line({
        airline_code: 'AF',
        flight_number: '1081',
        aircraft: '"Airbus A321, winglets"',
        departure: `${day(6)}T08:15:00Z`,
        arrival: `${day(6)}T10:30:00+01:00`,
        amenities: 'wifi;entertainment',
      }),
    ].join('\r\n')
    expect(await run(file)).toEqual({ rows: 3, created: 3, updated: 0, message: 'Imported 3 flights: 3 new, 0 updated.' })
    expect(await flightCount()).toBe(before + 3)
    const admin = await world.as('admin')
    const af = (await listFlights(admin, { airline: 'AF' }, { limit: 10 })).results.find((f) => f.flight_number === 'AF1081')!
    expect(af).toMatchObject({ aircraft: 'Airbus A321, winglets', amenities: ['wifi', 'entertainment'], duration_minutes: 75 })

    // Four seats of BA400 are booked; the next import raises its price and lowers its seats to 100.
    const ba = (await listFlights(admin, { airline: 'BA' }, { limit: 50 })).results.find((f) => f.flight_number === 'BA400' && f.class === 'economy')!
    await bookFlight(await world.as('traveler'), ba.id, { passengers: 4 })
    const again = [HEADER, line({ flight_number: '400', price: '135.50', seats: '100' }), line({ flight_number: '401' })].join('\n')
    expect(await run(again)).toMatchObject({ rows: 2, created: 1, updated: 1 })
    expect(await flightCount()).toBe(before + 4)
    const updated = (await listFlights(admin, { airline: 'BA' }, { limit: 50 })).results.find((f) => f.id === ba.id)!
    expect(updated).toMatchObject({ price: '135.50', seats_total: 100, availability: 96 })

    // Below the booked seats the whole file is refused, the other row too.
    const tooFew = [HEADER, line({ flight_number: '402' }), line({ flight_number: '400', seats: '3' })].join('\n')
    await expect(run(tooFew)).rejects.toMatchObject({ fields: { non_field_errors: ['Row 3: seats: 4 seats are already booked: the total cannot be lower.'] } })
    expect(await flightCount()).toBe(before + 4)
  })

  it('refuses a file over the size or row limits', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => line({ flight_number: String(1000 + i) }))
    await expect(run([HEADER, ...rows].join('\n'))).rejects.toMatchObject({ fields: { non_field_errors: [expect.stringMatching(/at most 5000/)] } })
    await expect(run(`${HEADER}\n${'x'.repeat(1024 * 1024)}`)).rejects.toMatchObject({ fields: { content: [expect.stringMatching(/larger than 1 MiB/)] } })
  })
})
