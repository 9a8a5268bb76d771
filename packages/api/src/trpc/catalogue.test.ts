import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let admin: ReturnType<typeof createMeridianClient>
let specialist: ReturnType<typeof createMeridianClient>
beforeAll(async () => {
  server = await startTestServer()
  admin = createMeridianClient({ url: server.url, token: (await server.login('admin')).access })
  specialist = createMeridianClient({ url: server.url, token: (await server.login('specialist')).access })
})
afterAll(async () => {
  await server?.close()
})

describe('tRPC catalogue', () => {
  it('creates, lists, updates and deletes a country and a location with the REST wire shape', async () => {
    const country = await admin.countries.create.mutate({ name: 'Japan Test', continent: 'Asia', main_airports: ['HND'] })
    expect(country).toMatchObject({ name: 'Japan Test', main_airports: ['HND'], locations_count: 0 })
    const place = await admin.locations.create.mutate({ name: 'Kyōto', location_type: 'city', country: country.id })
    expect(place.country).toEqual({ id: country.id, name: 'Japan Test' })
    const rest = await server.request(`/api/destinations/locations-mgmt/${place.id}/`, { token: (await server.login('admin')).access })
    expect(rest.body).toEqual(place)
    expect((await admin.locations.selectOptions.query({ search: 'kyoto' }))[0]).toMatchObject({ id: place.id })
    const listed = await admin.countries.list.query({ filters: { search: 'japan' } })
    expect(listed).toMatchObject({ count: 1, results: [{ id: country.id, locations_count: 1 }] })
    expect(await admin.countries.update.mutate({ id: country.id, data: { capital: 'Tokyo' } })).toMatchObject({ capital: 'Tokyo' })
    await expect(admin.countries.delete.mutate({ id: country.id })).rejects.toMatchObject({ data: { code: 'CONFLICT', httpStatus: 409 } })
    await admin.locations.delete.mutate({ id: place.id })
    await admin.countries.delete.mutate({ id: country.id })
    await expect(admin.countries.get.query({ id: country.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } })
  })

  it('carries field messages and permission errors like REST', async () => {
    await expect(admin.countries.create.mutate({ name: '' })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { name: ['Name is required.'], continent: ['Continent is required.'] } },
    })
    await expect(specialist.suppliers.create.mutate({ name: 'Nope' })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } })
    const s = await admin.suppliers.create.mutate({ name: 'Trpc Tours' })
    expect(s.status).toBe('active')
    expect((await admin.suppliers.setStatus.mutate({ id: s.id, status: 'inactive' })).status).toBe('inactive')
    expect(await specialist.suppliers.stats.query()).toMatchObject({ total_suppliers: 1, active_suppliers: 0 })
  })

  it('serves destinations to anyone', async () => {
    await admin.countries.create.mutate({ name: 'Fiji Test', continent: 'Oceania' })
    const anonymous = createMeridianClient({ url: server.url })
    const { results } = await anonymous.destinations.search.query({ q: 'fiji' })
    expect(results[0]).toMatchObject({ type: 'country', name: 'Fiji Test' })
  })
})
