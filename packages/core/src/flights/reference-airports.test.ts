import { and, count, eq, locations } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFlights } from './import-flights.ts'
import { createFlight, updateFlight } from './manage-flights.ts'
import { searchFlights } from './search-flights.ts'
import { day, type FlightWorld, freshInstallation, offer } from './test-setup.ts'

// A fresh installation without the demo world: countries and capitals, not one airport until a flight names one.
let world: FlightWorld
beforeAll(async () => {
  world = await freshInstallation()
})
afterAll(async () => {
  await world?.close()
})

const airportRows = async (code?: string) =>
  world.handle.db
    .select({ id: locations.id, name: locations.name, city: locations.address, timezone: locations.timezone, countryId: locations.countryId })
    .from(locations)
    .where(code ? and(eq(locations.locationType, 'airport'), eq(locations.airportCode, code)) : eq(locations.locationType, 'airport'))
const airportCount = async () => (await world.handle.db.select({ n: count() }).from(locations).where(eq(locations.locationType, 'airport')))[0]!.n
const create = async (fields: Record<string, unknown>) => createFlight(await world.as('admin'), offer({ currency: 'USD', ...fields }))
const refusal = async (fields: Record<string, unknown>) => {
  try {
    await create(fields)
  } catch (error) {
    return (error as { fields?: Record<string, string[]> }).fields
  }
  throw new Error('the flight was saved')
}
const HEADER = 'airline_code,flight_number,from,to,departure,arrival,price,currency,seats'

describe('airports of the reference list on a fresh installation', () => {
  it('creates a flight between two reference airports named by code, adding each airport once as a location', async () => {
    expect(await airportCount()).toBe(0)
    const f = await create({ from: 'LHR', to: 'nrt', departure: `${day(12)}T11:00`, arrival: `${day(13)}T07:00` })
    expect(f.departure).toMatchObject({ code: 'LHR', airport: 'London Heathrow Airport', city: 'London', country: 'United Kingdom', timezone: 'Europe/London', time: '11:00' })
    expect(f.arrival).toMatchObject({ code: 'NRT', airport: 'Narita International Airport', city: 'Tokyo', country: 'Japan', timezone: 'Asia/Tokyo', time: '07:00' })
    // 11:00 in London (UTC+0, or +1 in summer) to 07:00 the next day in Tokyo (UTC+9): 11 or 12 hours.
    expect([660, 720]).toContain(f.duration_minutes)
    const again = await create({ from: 'NRT', to: 'LHR', departure: `${day(14)}T10:00`, arrival: `${day(14)}T15:00` })
    expect(again.departure.airport_id).toBe(f.arrival.airport_id)
    expect(await airportRows('NRT')).toHaveLength(1)
    expect(await airportCount()).toBe(2)
  })

  it('takes an airport by its city or its name (case and accents ignored) when exactly one airport answers', async () => {
    const byCity = await create({ from: 'lisbon', to: 'Zürich', departure: `${day(15)}T08:00`, arrival: `${day(15)}T12:00` })
    expect([byCity.departure.code, byCity.arrival.code]).toEqual(['LIS', 'ZRH'])
    const byName = await create({ from: 'London Heathrow Airport', to: 'Narita', departure: `${day(16)}T11:00`, arrival: `${day(17)}T07:00` })
    expect([byName.departure.code, byName.arrival.code]).toEqual(['LHR', 'NRT'])
    // A city whose name is exactly the text wins over the places that merely contain it (Porto, not Porto Alegre).
    expect((await create({ from: 'Porto', to: 'LIS', departure: `${day(15)}T08:00`, arrival: `${day(15)}T09:00` })).departure.code).toBe('OPO')
    expect(await airportRows('LHR')).toHaveLength(1)
  })

  it('names the airports a city has when it has several, and refuses unknown names; a refused flight adds no airport', async () => {
    const before = await airportCount()
    const fields = await refusal({ from: 'Tokyo', to: 'Atlantis' })
    expect(fields?.from?.[0]).toMatch(/^"Tokyo" names 2 airports: (NRT|HND) \(.+\), (NRT|HND) \(.+\)\. Enter the IATA code of one\.$/)
    expect(fields?.to).toEqual(['No airport has the code, city or name "Atlantis".'])
    expect(await refusal({ from: 'XQX' })).toMatchObject({ from: ['No airport has the code "XQX".'] })
    expect(await refusal({ from: '' })).toMatchObject({ from: ['Enter an airport: its IATA code, city or name.'] })
    // A NUL cannot be stored or searched: a field error, never a server error.
    expect(await refusal({ from: 'LH\u0000R', aircraft: 'A320\u0000' })).toMatchObject({
      from: ['Enter an airport: its IATA code, city or name.'],
      aircraft: ['Aircraft is at most 60 characters.'],
    })
    await expect(searchFlights(await world.as('traveler'), { from: 'LH\u0000R' })).rejects.toMatchObject({
      fields: { from: ['Enter a city, airport name or IATA code.'] },
    })
    // Valid airports, a bad price: nothing is kept, not even the airports.
    expect(await refusal({ from: 'SYD', to: 'AKL', price: 'cheap' })).toHaveProperty('price')
    expect(await airportCount()).toBe(before)
    expect(await airportRows('SYD')).toEqual([])
  })

  it('adds an airport once when flights naming it are saved at the same moment', async () => {
    const saved = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => create({ from: i % 2 ? 'SIN' : 'BKK', to: i % 2 ? 'BKK' : 'SIN', departure: `${day(25)}T0${i}:00`, arrival: `${day(25)}T0${i + 3}:00` })),
    )
    expect(new Set(saved.flatMap((f) => [f.departure.airport_id, f.arrival.airport_id])).size).toBe(2)
    expect(await airportRows('BKK')).toHaveLength(1)
    expect(await airportRows('SIN')).toHaveLength(1)
  })

  it('moves a flight to another reference airport', async () => {
    const f = await create({ from: 'LHR', to: 'LIS', departure: `${day(20)}T10:00`, arrival: `${day(20)}T12:40` })
    const moved = await updateFlight(await world.as('admin'), f.id, { to: 'OSL', arrival: `${day(20)}T13:00` })
    expect(moved.arrival).toMatchObject({ code: 'OSL', city: 'Oslo', country: 'Norway' })
  })

  it('imports a schedule between reference airports, and adds none when the file is refused', async () => {
    const before = await airportCount()
    const refused = [HEADER, `KL,1001,AMS,CPH,${day(22)}T09:00,${day(22)}T10:25,99.00,EUR,150`, `KL,1002,AMS,XQX,${day(22)}T09:00,${day(22)}T10:25,99.00,EUR,150`].join('\n')
    await expect(importFlights(await world.as('expert'), { content: refused })).rejects.toMatchObject({
      fields: { non_field_errors: ['Row 3: no airport has the code "XQX".'] },
    })
    expect(await airportCount()).toBe(before)
    const file = [
      HEADER,
      `KL,1001,AMS,CPH,${day(22)}T09:00,${day(22)}T10:25,99.00,EUR,150`,
      `KL,1003,Amsterdam,Marrakech,${day(22)}T13:00,${day(22)}T15:50,140.00,EUR,150`,
      `KL,1004,CPH,AMS,${day(23)}T11:00,${day(23)}T12:25,99.00,EUR,150`,
    ].join('\n')
    expect(await importFlights(await world.as('expert'), { content: file })).toMatchObject({ rows: 3, created: 3 })
    expect((await airportRows('AMS')).map((a) => a.timezone)).toEqual(['Europe/Amsterdam'])
    expect(await airportRows('RAK')).toHaveLength(1)
  })

  it('finds those flights in the search by code, city or name', async () => {
    const search = async (query: Record<string, string>) => searchFlights(await world.as('traveler'), { departure_date: day(12), ...query })
    for (const [from, to] of [
      ['LHR', 'NRT'],
      ['london', 'tokyo'],
      ['Heathrow', 'Narita International'],
    ]) {
      const found = await search({ from: from!, to: to! })
      expect(found.legs[0]!.results.map((r) => `${r.departure.code}-${r.arrival.code}`), `${from} → ${to}`).toEqual(['LHR-NRT'])
    }
    const imported = await search({ from: 'amsterdam', to: 'copenhagen', departure_date: day(22) })
    expect(imported.legs[0]!.count).toBe(1)
  })
})

describe('the search’s price filter', () => {
  it('takes 0 to 2,000 and refuses amounts outside that range with the field’s message', async () => {
    const search = async (query: Record<string, string>) => searchFlights(await world.as('traveler'), { from: 'LHR', departure_date: day(12), ...query })
    expect((await search({ price_min: '0', price_max: '2000' })).legs[0]!.count).toBe(1)
    expect((await search({ price_min: '0', price_max: '2000.00' })).legs[0]!.count).toBe(1)
    for (const [field, value] of [
      ['price_max', '2000.01'],
      ['price_max', '5000'],
      ['price_min', '2500'],
      ['price_min', '-1'],
      ['price_max', 'cheap'],
    ]) {
      await expect(search({ [field!]: value! }), `${field}=${value}`).rejects.toMatchObject({
        code: 'invalid',
        fields: { [field!]: ['Enter an amount from 0 to 2,000.'] },
      })
    }
  })
})
