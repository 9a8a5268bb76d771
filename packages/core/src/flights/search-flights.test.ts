import { flights } from '@meridian/db'
import { eq } from '@meridian/db'
import { LIMITED_SEATS } from '@meridian/validators/booking-constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '../errors.ts'
import { createFlight, withdrawFlight } from './manage-flights.ts'
import { searchFlights } from './search-flights.ts'
import { bookingStatusOf } from './serialize.ts'
import { day, type FlightWorld, flightWorld, offer } from './test-setup.ts'

let world: FlightWorld
const made: Record<string, number> = {}

beforeAll(async () => {
  world = await flightWorld()
  const admin = await world.as('admin')
  const add = async (name: string, fields: Record<string, unknown>) => (made[name] = (await createFlight(admin, offer(fields))).id)
  await add('londonParis', { flight_number: '304' })
  await add('londonParisBusiness', { flight_number: '304', class: 'business', price: '480.00' })
  await add('londonParisNextDay', { flight_number: '304', departure: `${day(11)}T09:15`, arrival: `${day(11)}T11:30` })
  await add('gatwickParisEvening', {
    airline_code: 'U2',
    flight_number: '8011',
    from: 'LGW',
    departure: `${day(10)}T19:40`,
    arrival: `${day(10)}T21:55`,
    price: '64.99',
    amenities: [],
  })
  await add('londonNewYork', {
    flight_number: '117',
    to: 'JFK',
    departure: `${day(10)}T08:25`,
    arrival: `${day(10)}T11:20`,
    price: '520.00',
    currency: 'USD',
    stops: 1,
  })
  await add('parisLondon', { airline_code: 'AF', flight_number: '1080', from: 'CDG', to: 'LHR', departure: `${day(14)}T07:30`, arrival: `${day(14)}T07:50` })
  await add('nearlyFull', { flight_number: '306', departure: `${day(10)}T13:00`, arrival: `${day(10)}T15:15`, seats_total: 3 })
  await add('withdrawn', { flight_number: '308', departure: `${day(10)}T16:00`, arrival: `${day(10)}T18:15` })
  await withdrawFlight(admin, made.withdrawn)
  // Just after midnight in Tokyo on day 10 is still day 9 in London and in UTC.
  await add('tokyoMidnight', {
    airline_code: 'JL',
    flight_number: '43',
    from: 'NRT',
    to: 'LHR',
    departure: `${day(10)}T00:30`,
    arrival: `${day(10)}T05:45`,
    currency: 'JPY',
    price: '180000',
  })
  await add('saoPaulo', { airline_code: 'LA', flight_number: '8084', from: 'GRU', to: 'LHR', departure: `${day(12)}T16:00`, arrival: `${day(13)}T08:00` })
  // A flight that has left: moved into the past behind the service's back (the form takes any date).
  await add('departed', { flight_number: '310', departure: `${day(10)}T06:00`, arrival: `${day(10)}T08:15` })
  await world.handle.db
    .update(flights)
    .set({ departureAt: new Date(Date.now() - 2 * 3_600_000), arrivalAt: new Date(Date.now() - 3_600_000) })
    .where(eq(flights.id, made.departed!))
})
afterAll(async () => {
  await world?.close()
})

const ids = (leg: { results: { id: number }[] }) => leg.results.map((f) => f.id).sort((a, b) => a - b)
const expected = (...names: string[]) => names.map((n) => made[n]!).sort((a, b) => a - b)
const search = async (query: Record<string, unknown>, who = 'traveler') => searchFlights(await world.as(who), query)

describe('flight search', () => {
  it('matches only when every filled field matches: From AND To AND date AND class, with seats', async () => {
    const all = await search({ from: 'London', to: 'Paris', departure_date: day(10), class: 'economy', passengers: 1 })
    expect(all.legs).toHaveLength(1)
    expect(ids(all.legs[0]!)).toEqual(expected('londonParis', 'gatwickParisEvening', 'nearlyFull'))
    expect(all.legs[0]!.label).toBe('Outbound')
    expect(all.count).toBe(3)
    // The earlier product's OR rule would have let London–New York and Paris–London through.
    const fromOnly = await search({ from: 'London', departure_date: day(10), class: 'economy' })
    expect(ids(fromOnly.legs[0]!)).toEqual(expected('londonParis', 'gatwickParisEvening', 'londonNewYork', 'nearlyFull'))
    const toOnly = await search({ to: 'Paris', class: 'economy' })
    expect(ids(toOnly.legs[0]!)).toEqual(expected('londonParis', 'londonParisNextDay', 'gatwickParisEvening', 'nearlyFull'))
    const business = await search({ from: 'London', to: 'Paris', departure_date: day(10), class: 'business' })
    expect(ids(business.legs[0]!)).toEqual(expected('londonParisBusiness'))
    const anyClass = await search({ from: 'LHR', to: 'CDG', departure_date: day(10) })
    expect(ids(anyClass.legs[0]!)).toEqual(expected('londonParis', 'londonParisBusiness', 'nearlyFull'))
    // Earliest first.
    const times = all.legs[0]!.results.map((f) => f.departure.at)
    expect(times).toEqual([...times].sort())
  })

  it('reads From and To case-insensitively as the city, the IATA code or the airport name', async () => {
    for (const from of ['lOnDoN', 'lhr', 'HEATHROW', 'london heathrow airport']) {
      const found = await search({ from, to: 'paris', departure_date: day(10), class: 'economy' })
      expect(ids(found.legs[0]!), from).toEqual(expect.arrayContaining([made.londonParis!]))
    }
    const gatwick = await search({ from: 'gatwick', to: 'cdg', departure_date: day(10) })
    expect(ids(gatwick.legs[0]!)).toEqual(expected('gatwickParisEvening'))
    // Accents in the airport's name are ignored.
    const sao = await search({ from: 'sao paulo', class: 'economy' })
    expect(ids(sao.legs[0]!)).toEqual(expected('saoPaulo'))
    const nowhere = await search({ from: 'Atlantis', class: 'economy' })
    expect(nowhere.legs[0]!).toMatchObject({ count: 0, results: [] })
  })

  it('takes the departure date as the local date at the departure airport', async () => {
    const tokyo = await search({ from: 'Tokyo', departure_date: day(10), class: 'economy' })
    expect(ids(tokyo.legs[0]!)).toEqual(expected('tokyoMidnight'))
    expect(tokyo.legs[0]!.results[0]!.departure).toMatchObject({ date: day(10), time: '00:30', code: 'NRT', city: 'Tokyo', country: 'Japan' })
    expect((await search({ from: 'Tokyo', departure_date: day(9), class: 'economy' })).legs[0]!.count).toBe(0)
  })

  it('searches both legs of a round trip: out on the departure date, back on the return date', async () => {
    const trip = await search({ trip_type: 'roundTrip', from: 'London', to: 'Paris', departure_date: day(10), return_date: day(14), class: 'economy' })
    expect(trip.legs.map((l) => [l.label, l.from, l.to, l.date])).toEqual([
      ['Outbound', 'London', 'Paris', day(10)],
      ['Return', 'Paris', 'London', day(14)],
    ])
    expect(ids(trip.legs[0]!)).toEqual(expected('londonParis', 'gatwickParisEvening', 'nearlyFull'))
    expect(ids(trip.legs[1]!)).toEqual(expected('parisLondon'))
    expect(trip.count).toBe(4)
    const early = search({ trip_type: 'roundTrip', from: 'London', to: 'Paris', departure_date: day(10), return_date: day(9) })
    await expect(early).rejects.toMatchObject({ code: 'invalid', fields: { return_date: ['The return date must be on or after the departure date.'] } })
  })

  it('searches each leg of a multi-city trip in order', async () => {
    const trip = await search({
      trip_type: 'multiCity',
      from: ['London', 'Paris'],
      to: ['New York', 'London'],
      departure_date: [day(10), day(14)],
      class: 'economy',
    })
    expect(trip.legs.map((l) => l.label)).toEqual(['Leg 1', 'Leg 2'])
    expect(ids(trip.legs[0]!)).toEqual(expected('londonNewYork'))
    expect(ids(trip.legs[1]!)).toEqual(expected('parisLondon'))
  })

  it('takes 1 to 6 passengers and shows only flights with a seat for each', async () => {
    for (const passengers of [0, 7, -1, 'two', '1.5']) {
      await expect(search({ passengers }), String(passengers)).rejects.toMatchObject({
        code: 'invalid',
        fields: { passengers: ['Passengers must be between 1 and 6.'] },
      })
    }
    const three = await search({ from: 'LHR', to: 'CDG', departure_date: day(10), class: 'economy', passengers: '3' })
    expect(ids(three.legs[0]!)).toContain(made.nearlyFull)
    const four = await search({ from: 'LHR', to: 'CDG', departure_date: day(10), class: 'economy', passengers: 4 })
    expect(ids(four.legs[0]!)).not.toContain(made.nearlyFull)
    expect((await search({ passengers: 6 })).passengers).toBe(6)
  })

  it('leaves out withdrawn flights and flights that have departed', async () => {
    const found = await search({ from: 'London', departure_date: day(10) })
    expect(ids(found.legs[0]!)).not.toContain(made.withdrawn)
    expect(ids(found.legs[0]!)).not.toContain(made.departed)
  })

  it('shows availability from the seats left: available, limited (1 to LIMITED_SEATS), sold_out', async () => {
    expect(bookingStatusOf(0)).toBe('sold_out')
    expect(bookingStatusOf(1)).toBe('limited')
    expect(bookingStatusOf(LIMITED_SEATS)).toBe('limited')
    expect(bookingStatusOf(LIMITED_SEATS + 1)).toBe('available')
    const found = await search({ from: 'LHR', to: 'CDG', departure_date: day(10), class: 'economy' })
    const card = (id: number) => found.legs[0]!.results.find((f) => f.id === id)!
    expect(card(made.nearlyFull!)).toMatchObject({ availability: 3, booking_status: 'limited' })
    expect(card(made.londonParis!)).toMatchObject({
      availability: 180,
      booking_status: 'available',
      airline: 'British Airways',
      flight_number: 'BA304',
      aircraft: 'Airbus A320neo',
      class: 'economy',
      class_label: 'Economy',
      duration: '1h 15m',
      stops: 0,
      price: '120.00',
      currency: 'EUR',
      amenities: ['wifi'],
      rating: '4.2',
      reviews: 321,
      departure: { code: 'LHR', city: 'London', time: '09:15', date: day(10) },
      arrival: { code: 'CDG', city: 'Paris', time: '11:30', date: day(10) },
    })
  })

  it('applies the screen filters: price range, airlines, stops and time of day', async () => {
    const base = { from: 'London', departure_date: day(10), class: 'economy' }
    expect(ids((await search({ ...base, price_max: '100' })).legs[0]!)).toEqual(expected('gatwickParisEvening'))
    expect(ids((await search({ ...base, price_min: '500', price_max: '2000' })).legs[0]!)).toEqual(expected('londonNewYork'))
    expect(ids((await search({ ...base, airlines: 'U2' })).legs[0]!)).toEqual(expected('gatwickParisEvening'))
    expect(ids((await search({ ...base, stops: '1' })).legs[0]!)).toEqual(expected('londonNewYork'))
    expect(ids((await search({ ...base, time_of_day: 'evening' })).legs[0]!)).toEqual(expected('gatwickParisEvening'))
    await expect(search({ ...base, time_of_day: 'dusk' })).rejects.toMatchObject({ fields: { time_of_day: expect.any(Array) } })
  })

  it('filters by the longest flight time in hours, and the filters combine with AND', async () => {
    const base = { from: 'London', departure_date: day(10), class: 'economy' }
    // London–Paris flights take 1h 15m, London–New York 7h 55m.
    expect(ids((await search({ ...base, max_duration: '2' })).legs[0]!)).toEqual(expected('londonParis', 'gatwickParisEvening', 'nearlyFull'))
    expect(ids((await search({ ...base, max_duration: '8' })).legs[0]!)).toEqual(expected('londonParis', 'gatwickParisEvening', 'londonNewYork', 'nearlyFull'))
    expect(ids((await search({ ...base, max_duration: '2', price_min: '100', airlines: ['BA'], time_of_day: 'morning', stops: '0' })).legs[0]!)).toEqual(
      expected('londonParis'),
    )
    for (const bad of ['0', '73', '1.5', 'long', '-3']) {
      await expect(search({ ...base, max_duration: bad }), bad).rejects.toMatchObject({
        code: 'invalid',
        fields: { max_duration: ['Enter the longest flight time in whole hours, from 1 to 72.'] },
      })
    }
    await expect(search({ ...base, price_min: '500', price_max: '100' })).rejects.toMatchObject({
      fields: { price_max: ['The maximum price must not be below the minimum price.'] },
    })
  })

  it('answers the airlines that pass the other filters, for the airline checkboxes, whichever airlines are chosen', async () => {
    const base = { from: 'London', departure_date: day(10), class: 'economy' }
    const all = await search(base)
    expect(all.airlines).toEqual([
      { code: 'BA', name: 'British Airways' },
      { code: 'U2', name: 'easyJet' },
    ])
    const chosen = await search({ ...base, airlines: 'U2' })
    expect(chosen.airlines.map((a) => a.code)).toEqual(['BA', 'U2'])
    expect((await search({ ...base, max_duration: '2', price_max: '100' })).airlines.map((a) => a.code)).toEqual(['U2'])
  })

  it('takes 2 to 5 legs for a multi-city trip', async () => {
    const leg = (n: number) => ({ from: Array(n).fill('London'), to: Array(n).fill('Paris'), departure_date: Array(n).fill(day(10)) })
    for (const n of [0, 1]) {
      await expect(search({ trip_type: 'multiCity', ...leg(n) }), String(n)).rejects.toMatchObject({
        fields: { from: ['A multi-city trip has 2 to 5 legs: fill in at least 2.'] },
      })
    }
    expect((await search({ trip_type: 'multiCity', ...leg(5) })).legs).toHaveLength(5)
    await expect(search({ trip_type: 'multiCity', ...leg(6) })).rejects.toMatchObject({ fields: { from: ['A multi-city search has at most 5 legs.'] } })
  })

  it('is for travelers and the staff who keep flights', async () => {
    for (const who of ['traveler', 'admin', 'expert', 'superadmin']) expect((await search({}, who)).trip_type).toBe('oneWay')
    for (const who of ['editor', 'specialist']) await expect(search({}, who)).rejects.toBeInstanceOf(DomainError)
  })
})
