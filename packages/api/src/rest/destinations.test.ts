import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { regions } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  for (const username of ['admin', 'expert', 'editor', 'specialist', 'traveler']) token[username] = (await server.login(username)).access
})
afterAll(async () => {
  await server?.close()
})

const COUNTRIES = '/api/destinations/countries-mgmt/'
const LOCATIONS = '/api/destinations/locations-mgmt/'

async function country(body: Record<string, unknown>, as = 'admin') {
  const res = await server.request(COUNTRIES, { token: token[as], body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

async function location(body: Record<string, unknown>, as = 'admin') {
  const res = await server.request(LOCATIONS, { token: token[as], body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('countries-mgmt', () => {
  it('creates a country with every field of the spec and computed counts', async () => {
    const body = await country({
      name: 'Portugal',
      continent: 'Europe',
      capital: 'Lisbon',
      currency: 'EUR',
      language: 'Portuguese',
      population: '10,300,000',
      is_promoted_destination: true,
      destination_category: 'beach',
      why_visit: 'Atlantic light',
      travel_seasons: { summer: 'June to September' },
      emergency_contacts: { police: '112' },
      main_airports: ['LIS', 'OPO'],
      main_ports: 'Lisbon, Porto',
      locations_count: 99,
    })
    expect(body).toMatchObject({
      name: 'Portugal',
      continent: 'Europe',
      population: 10_300_000,
      is_active: true,
      is_promoted_destination: true,
      destination_category: 'beach',
      travel_seasons: { summer: 'June to September' },
      emergency_contacts: { police: '112' },
      main_airports: ['LIS', 'OPO'],
      main_ports: ['Lisbon', 'Porto'],
      locations_count: 0,
      activities_count: 0,
    })
    const read = await server.request(`${COUNTRIES}${body.id}/`, { token: token.editor })
    expect(read.status).toBe(200)
    expect(read.body.why_visit).toBe('Atlantic light')
  })

  it('answers field messages for a missing name and continent, and a population that is not a number becomes 0', async () => {
    const missing = await server.request(COUNTRIES, { token: token.admin, body: { capital: 'Nowhere' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ name: ['Name is required.'], continent: ['Continent is required.'] })
    const wrong = await server.request(COUNTRIES, {
      token: token.admin,
      body: { name: 'Atlantis', continent: 'Atlantic', travel_seasons: '{not json', destination_category: 'space' },
    })
    expect(wrong.status).toBe(400)
    expect(Object.keys(wrong.body).sort()).toEqual(['continent', 'destination_category', 'travel_seasons'])
    expect(wrong.body.continent).toEqual(['Select a valid continent.'])
    const zero = await country({ name: 'Andorra Test', continent: 'Europe', population: 'lots' })
    expect(zero.population).toBe(0)
  })

  it('keeps names unique regardless of case, with a field error', async () => {
    await country({ name: 'Chile', continent: 'South America' })
    const res = await server.request(COUNTRIES, { token: token.admin, body: { name: 'CHILE', continent: 'South America' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ name: ['A country named "CHILE" already exists.'] })
  })

  it('patches some fields and leaves the rest', async () => {
    const created = await country({ name: 'Peru', continent: 'South America', capital: 'Lima' })
    const res = await server.request(`${COUNTRIES}${created.id}/`, { token: token.expert, method: 'PATCH', body: { is_active: false, highlights: 'Machu Picchu' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ is_active: false, highlights: 'Machu Picchu', capital: 'Lima', name: 'Peru' })
    const blank = await server.request(`${COUNTRIES}${created.id}/`, { token: token.expert, method: 'PATCH', body: { name: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ name: ['Name is required.'] })
  })

  it('takes half a character spelled in JSON (\\ud800) as the replacement character, in values and keys, never a 500', async () => {
    const created = await country({ name: 'Bolivia', continent: 'South America' })
    // The raw text, so the escapes reach the server as written.
    const body = '{"emergency_contacts": {"police": "11\\ud800", "\\udc00fire": ["\\ud83d\\ude92", "\\ud800"]}}'
    const res = await server.request(`${COUNTRIES}${created.id}/`, { token: token.admin, method: 'PATCH', body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.emergency_contacts).toEqual({ police: '11\uFFFD', '\uFFFDfire': ['\u{1F692}', '\uFFFD'] })
  })

  it('lists with page_size, search ignoring accents and case, and filters', async () => {
    await country({ name: 'Côte d’Azur Republic', continent: 'Europe' })
    await country({ name: 'São Tomé Test', continent: 'Africa', is_active: false })
    const page = await server.request(`${COUNTRIES}?page_size=2`, { token: token.admin })
    expect(page.status).toBe(200)
    expect(page.body.results).toHaveLength(2)
    expect(page.body.count).toBeGreaterThan(2)
    expect(page.body.next).toContain('page=2')
    const search = await server.request(`${COUNTRIES}?search=cote`, { token: token.admin })
    expect(search.body.results.map((c: { name: string }) => c.name)).toEqual(['Côte d’Azur Republic'])
    const inactive = await server.request(`${COUNTRIES}?is_active=false&continent=Africa`, { token: token.admin })
    expect(inactive.body.results.map((c: { name: string }) => c.name)).toEqual(['São Tomé Test'])
  })

  it('select_options ranks the exact name first and filters by continent and is_active', async () => {
    await country({ name: 'Niger', continent: 'Africa' })
    await country({ name: 'Nigeria', continent: 'Africa' })
    const res = await server.request(`${COUNTRIES}select_options/?search=NIGER&is_active=true`, { token: token.editor })
    expect(res.status).toBe(200)
    expect(res.body.slice(0, 2)).toEqual([
      { id: expect.any(Number), name: 'Niger', continent: 'Africa' },
      { id: expect.any(Number), name: 'Nigeria', continent: 'Africa' },
    ])
    const europe = await server.request(`${COUNTRIES}select_options/?search=niger&continent=Europe`, { token: token.editor })
    expect(europe.body).toEqual([])
  })

  it('answers 404 for an unknown id and 403 with the spec text to those without manage_destinations', async () => {
    expect((await server.request(`${COUNTRIES}999999/`, { token: token.admin })).status).toBe(404)
    expect((await server.request(`${COUNTRIES}abc/`, { token: token.admin })).status).toBe(404)
    expect((await server.request(`${COUNTRIES}999999/`, { token: token.admin, method: 'PATCH', body: { name: 'X' } })).status).toBe(404)
    for (const who of ['specialist', 'traveler']) {
      const write = await server.request(COUNTRIES, { token: token[who], body: { name: 'Nope', continent: 'Asia' } })
      expect(write.status).toBe(403)
      expect(write.body).toEqual({ detail: "Access denied. You don't have permission to manage destinations." })
      expect((await server.request(COUNTRIES, { token: token[who] })).status).toBe(403)
    }
    expect((await server.request(COUNTRIES)).status).toBe(401)
  })

  it('refuses to delete a country that locations refer to (409, offering deactivation), then deletes it once free', async () => {
    const c = await country({ name: 'Deletable Land', continent: 'Oceania' })
    const l = await location({ name: 'Port Test', location_type: 'port', country: c.id })
    const refused = await server.request(`${COUNTRIES}${c.id}/`, { token: token.admin, method: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('This destination cannot be deleted: 1 location still refers to it. Deactivate it instead.')
    expect((await server.request(`${COUNTRIES}${c.id}/`, { token: token.admin })).status).toBe(200)
    expect((await server.request(`${LOCATIONS}${l.id}/`, { token: token.admin, method: 'DELETE' })).status).toBe(204)
    expect((await server.request(`${COUNTRIES}${c.id}/`, { token: token.admin, method: 'DELETE' })).status).toBe(204)
    expect((await server.request(`${COUNTRIES}${c.id}/`, { token: token.admin })).status).toBe(404)
  })
})

describe('locations-mgmt', () => {
  let france: { id: number }
  let regionId: number
  beforeAll(async () => {
    france = await country({ name: 'France Test', continent: 'Europe' })
    // Regions come from reference data; a test places one directly.
    const [row] = await server.handle.db.insert(regions).values({ countryId: france.id, name: 'Provence' }).returning()
    regionId = row!.id
  })

  it('creates a location with the fields of the spec, country and region as {id, name}', async () => {
    const body = await location({
      name: 'Nice',
      location_type: 'city',
      country: france.id,
      region: String(regionId),
      latitude: '43.7102',
      longitude: 7.262,
      timezone: 'Europe/Paris',
      airport_code: 'nce',
      population: '342,669',
      description: 'On the Riviera',
      activities_count: 12,
    })
    expect(body).toMatchObject({
      name: 'Nice',
      country: { id: france.id, name: 'France Test' },
      region: { id: regionId, name: 'Provence' },
      latitude: 43.7102,
      longitude: 7.262,
      timezone: 'Europe/Paris',
      airport_code: 'NCE',
      population: 342_669,
      is_active: true,
      activities_count: 0,
      accommodations_count: 0,
    })
    const regions = await server.request(`${COUNTRIES}${france.id}/regions/`, { token: token.admin })
    expect(regions.body).toEqual([{ id: regionId, name: 'Provence' }])
  })

  it('validates coordinates, type, country, time zone and airport code with field messages; nothing is saved', async () => {
    const res = await server.request(LOCATIONS, {
      token: token.admin,
      body: { name: 'Bad', location_type: 'volcano', country: 'x', latitude: 91, longitude: '-180.5', timezone: 'Mars/Base', airport_code: 'NICE' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      location_type: ['Select a valid location type.'],
      country: ['Select a valid country.'],
      latitude: ['Latitude must be between -90 and 90.'],
      longitude: ['Longitude must be between -180 and 180.'],
      timezone: ['Enter a valid time zone, such as Europe/Paris.'],
      airport_code: ['Enter a three-letter IATA airport code.'],
    })
    const missing = await server.request(LOCATIONS, { token: token.admin, body: {} })
    expect(missing.body).toEqual({ name: ['Name is required.'], location_type: ['Location type is required.'], country: ['Country is required.'] })
    const list = await server.request(`${LOCATIONS}?search=bad`, { token: token.admin })
    expect(list.body.count).toBe(0)
  })

  it('refuses a region of another country and a name already used in the country', async () => {
    const other = await country({ name: 'Italy Test', continent: 'Europe' })
    const wrongRegion = await server.request(LOCATIONS, { token: token.admin, body: { name: 'Rome', location_type: 'city', country: other.id, region: regionId } })
    expect(wrongRegion.status).toBe(400)
    expect(wrongRegion.body).toEqual({ region: ['This region is not in the selected country.'] })
    await location({ name: 'Antibes', location_type: 'city', country: france.id })
    const twice = await server.request(LOCATIONS, { token: token.admin, body: { name: 'ANTIBES', location_type: 'city', country: france.id } })
    expect(twice.status).toBe(400)
    expect(twice.body).toEqual({ name: ['A location named "ANTIBES" already exists in France Test.'] })
    // The same name in another country is fine.
    await location({ name: 'Antibes', location_type: 'city', country: other.id })
  })

  it('clears the region when the country changes, and empty coordinates become null', async () => {
    const l = await location({ name: 'Cannes', location_type: 'city', country: france.id, region: regionId, latitude: 43.55 })
    const other = await country({ name: 'Spain Test', continent: 'Europe' })
    const res = await server.request(`${LOCATIONS}${l.id}/`, { token: token.editor, method: 'PATCH', body: { country: other.id, latitude: '' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ country: { id: other.id, name: 'Spain Test' }, region: null, latitude: null })
  })

  it('select_options finds places ignoring accents and case, best match first, filtered by country and type', async () => {
    await location({ name: 'Saint-Étienne', location_type: 'city', country: france.id })
    await location({ name: 'Étretat', location_type: 'landmark', country: france.id })
    await location({ name: 'Grand Étang', location_type: 'national_park', country: france.id })
    const res = await server.request(`${LOCATIONS}select_options/?search=ETRETAT`, { token: token.expert })
    expect(res.status).toBe(200)
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: 'Étretat', location_type: 'landmark', country_id: france.id, country_name: 'France Test' })
    const short = await server.request(`${LOCATIONS}select_options/?search=et&country=${france.id}`, { token: token.expert })
    expect(short.body.map((o: { name: string }) => o.name)).toEqual(['Étretat'])
    const typed = await server.request(`${LOCATIONS}select_options/?search=eta&location_type=national_park`, { token: token.expert })
    expect(typed.body.map((o: { name: string }) => o.name)).toEqual(['Grand Étang'])
  })

  it('lists with filters and answers 403 with the locations text to a traveler', async () => {
    const list = await server.request(`${LOCATIONS}?country=${france.id}&location_type=landmark&page_size=100`, { token: token.admin })
    expect(list.body.results.map((l: { name: string }) => l.name)).toEqual(['Étretat'])
    const denied = await server.request(LOCATIONS, { token: token.traveler })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ detail: "Access denied. You don't have permission to manage locations." })
    expect((await server.request(`${LOCATIONS}424242/`, { token: token.admin, method: 'DELETE' })).status).toBe(404)
  })
})

describe('traveler-facing destinations', () => {
  it('lists active countries only, promoted first, open to travelers and visitors', async () => {
    const hidden = await country({ name: 'Hidden Kingdom', continent: 'Asia', is_active: false })
    await country({ name: 'Zanzibar Test', continent: 'Africa', is_promoted_destination: true })
    const res = await server.request('/api/destinations/?page_size=500', { token: token.traveler })
    expect(res.status).toBe(200)
    const names = res.body.results.map((c: { name: string }) => c.name)
    const promoted = res.body.results.map((c: { is_promoted_destination: boolean }) => c.is_promoted_destination)
    expect(names.slice(0, 2)).toEqual(['Portugal', 'Zanzibar Test'])
    expect(promoted.slice(0, 3)).toEqual([true, true, false])
    expect(names).not.toContain('Hidden Kingdom')
    expect((await server.request('/api/destinations/?continent=Africa')).status).toBe(200)
    expect((await server.request(`/api/destinations/${hidden.id}/`)).status).toBe(404)
  })

  it('shows one destination with its places, and searches countries and places by relevance', async () => {
    const c = await country({ name: 'Österreich Test', continent: 'Europe' })
    await location({ name: 'Österreich Test Village', location_type: 'city', country: c.id, is_featured: true })
    const detail = await server.request(`/api/destinations/${c.id}/`, { token: token.traveler })
    expect(detail.status).toBe(200)
    expect(detail.body.locations.map((l: { name: string }) => l.name)).toEqual(['Österreich Test Village'])
    const search = await server.request('/api/destinations/search/?q=osterreich', { token: token.traveler })
    expect(search.status).toBe(200)
    expect(search.body.results.slice(0, 2)).toEqual([
      { type: 'country', id: c.id, name: 'Österreich Test', continent: 'Europe', country: null, location_type: null },
      expect.objectContaining({ type: 'location', name: 'Österreich Test Village', country: { id: c.id, name: 'Österreich Test' } }),
    ])
    const empty = await server.request('/api/destinations/search/?q=', { token: token.traveler })
    expect(empty.body.results).toEqual([])
    // One letter wrong still finds them, after what matches as typed.
    const typo = await server.request('/api/destinations/search/?q=osterreisch%20test', { token: token.traveler })
    expect(typo.body.results.map((h: { name: string }) => h.name)).toEqual(expect.arrayContaining(['Österreich Test', 'Österreich Test Village']))
  })
})
