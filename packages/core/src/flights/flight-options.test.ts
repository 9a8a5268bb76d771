import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { domainErrorOf } from '../trips/test-bed.ts'
import { flightOptions } from './flight-options.ts'
import { createFlight, withdrawFlight } from './manage-flights.ts'
import { day, type FlightWorld, flightWorld, offer } from './test-setup.ts'

let world: FlightWorld
beforeAll(async () => {
  world = await flightWorld()
})
afterAll(async () => {
  await world?.close()
})

describe('the builder’s flight choices', () => {
  it('lists the scheduled flights departing on the dates asked, by local departure date, earliest first', async () => {
    const expert = await world.as('expert')
    const add = (fields: Record<string, unknown>) => createFlight(expert, offer(fields))
    // 23:30 in New York on day 40 is already day 41 in UTC: it is a flight of day 40.
    const late = await add({
      flight_number: '1801',
      from: 'JFK',
      to: 'LHR',
      departure: `${day(40)}T23:30`,
      arrival: `${day(41)}T11:30`,
      price: '610.50',
      currency: 'USD',
    })
    const morning = await add({ flight_number: '1802', departure: `${day(41)}T07:05`, arrival: `${day(41)}T09:20`, class: 'business' })
    const before = await add({ flight_number: '1803', departure: `${day(39)}T10:00`, arrival: `${day(39)}T12:15` })
    const withdrawn = await add({ flight_number: '1804', departure: `${day(41)}T12:00`, arrival: `${day(41)}T14:15` })
    await withdrawFlight(expert, withdrawn.id)

    const options = await flightOptions(expert, { from: day(40), to: day(41) })
    expect(options.map((o) => o.id)).toEqual([late.id, morning.id])
    expect(options[0]).toEqual({ id: late.id, date: day(40), label: 'BA1801 JFK → LHR · 23:30 · Economy', price: '610.50', currency: 'USD', seats_left: 180 })
    expect(options[1]).toMatchObject({ date: day(41), label: 'BA1802 LHR → CDG · 07:05 · Business', price: '120.00', currency: 'EUR' })
    expect(options.some((o) => o.id === before.id)).toBe(false)
  })

  it('is for those who keep flights, as the transfer choices are', async () => {
    expect((await domainErrorOf(flightOptions(await world.as('traveler'), { from: day(1), to: day(2) }))).code).toBe('forbidden')
    expect((await domainErrorOf(flightOptions(await world.as('expert'), { from: 'soon', to: day(2) }))).code).toBe('invalid')
  })
})
