import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { suppliers } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
let countryId: number

beforeAll(async () => {
  server = await startTestServer()
  for (const username of ['admin', 'expert', 'editor', 'specialist', 'traveler']) token[username] = (await server.login(username)).access
  const res = await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name: 'Kenya', continent: 'Africa' } })
  countryId = res.body.id
  await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name: 'Kiribati', continent: 'Oceania', is_active: false } })
})
afterAll(async () => {
  await server?.close()
})

const SUPPLIERS = '/api/suppliers/'

async function supplier(body: Record<string, unknown>) {
  const res = await server.request(SUPPLIERS, { token: token.admin, body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('suppliers', () => {
  it('creates a supplier with every field; a new supplier is active; read-only figures are not taken from the body', async () => {
    const body = await supplier({
      name: 'Savannah Trails',
      supplier_type: 'tour_operator',
      company_name: 'Savannah Trails Ltd',
      contact_person: 'Wanjiru K.',
      email: 'hello@savannah.example',
      phone: '+254 20 123 4567',
      website: 'https://savannah.example',
      city: 'Nairobi',
      country: countryId,
      services_offered: ['safaris', 'transfers'],
      languages_supported: 'English, Swahili',
      tags: ['wildlife'],
      external_api_ids: { viator: '123' },
      verified: true,
      rating: 5,
      total_reviews: 400,
    })
    expect(body).toMatchObject({
      name: 'Savannah Trails',
      status: 'active',
      country: { id: countryId, name: 'Kenya', continent: 'Africa' },
      languages_supported: ['English', 'Swahili'],
      external_api_ids: { viator: '123' },
      api_sync_status: 'not_synced',
      verified: true,
      rating: 0,
      total_reviews: 0,
      activities_count: 0,
    })
  })

  it('answers field messages for the name, e-mail, website and phone; nothing is saved', async () => {
    const before = (await server.request(SUPPLIERS, { token: token.admin })).body.count
    const res = await server.request(SUPPLIERS, {
      token: token.admin,
      body: { name: '', email: 'not-an-email', website: 'savannah', phone: 'call me', supplier_type: 'spaceline', country: 999999 },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      name: ['Name is required.'],
      email: ['Enter a valid email address.'],
      website: ['Enter a valid URL.'],
      phone: ['Enter a valid phone number.'],
      supplier_type: ['Select a valid supplier type.'],
    })
    const unknownCountry = await server.request(SUPPLIERS, { token: token.admin, body: { name: 'X', country: 999999 } })
    expect(unknownCountry.body).toEqual({ country: ['Select a valid country.'] })
    expect((await server.request(SUPPLIERS, { token: token.admin })).body.count).toBe(before)
  })

  it('takes only an active country (§5 chosen by searching active countries); a supplier keeps the one it has after it is made inactive', async () => {
    const tonga = (await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name: 'Tonga', continent: 'Oceania' } })).body.id
    const kiribati = (await server.request(`${SUPPLIERS}country-options/?search=kiribati`, { token: token.admin })).body[0].id
    const refused = await server.request(SUPPLIERS, { token: token.admin, body: { name: 'Atoll Tours', country: kiribati } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ country: ['Kiribati is not an active country.'] })
    const s = await supplier({ name: 'Atoll Tours', country: tonga })
    const toInactive = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin, method: 'PATCH', body: { country: String(kiribati) } })
    expect(toInactive.status).toBe(400)
    expect(toInactive.body).toEqual({ country: ['Kiribati is not an active country.'] })
    await server.request(`/api/destinations/countries-mgmt/${tonga}/`, { token: token.admin, method: 'PATCH', body: { is_active: false } })
    const kept = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin, method: 'PATCH', body: { country: tonga, notes: 'Still here' } })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body).toMatchObject({ country: { id: tonga, name: 'Tonga' }, notes: 'Still here' })
    const other = await supplier({ name: 'Reef Line' })
    const notKept = await server.request(`${SUPPLIERS}${other.id}/`, { token: token.admin, method: 'PATCH', body: { country: tonga } })
    expect(notKept.body).toEqual({ country: ['Tonga is not an active country.'] })
  })

  it('changes the status only through its own action', async () => {
    const s = await supplier({ name: 'Coast Boats', supplier_type: 'transport' })
    const viaPatch = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.expert, method: 'PATCH', body: { status: 'suspended', notes: 'x' } })
    expect(viaPatch.status).toBe(400)
    expect(viaPatch.body).toEqual({ status: ['The status changes through its own action (set_status).'] })
    const set = await server.request(`${SUPPLIERS}${s.id}/set_status/`, { token: token.expert, body: { status: 'suspended' } })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ status: 'suspended', notes: '' })
    const wrong = await server.request(`${SUPPLIERS}${s.id}/set_status/`, { token: token.expert, body: { status: 'retired' } })
    expect(wrong.body).toEqual({ status: ['Select a valid status.'] })
    const patched = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.expert, method: 'PATCH', body: { notes: 'Night boats', website: '' } })
    expect(patched.body).toMatchObject({ notes: 'Night boats', status: 'suspended' })
  })

  it('lists with search, type, status and verified filters, and answers select_options with the type alias', async () => {
    await supplier({ name: 'Café Olé Tours', supplier_type: 'restaurant', status: 'pending' })
    const search = await server.request(`${SUPPLIERS}?search=cafe+ole&page_size=100`, { token: token.admin })
    expect(search.body.results.map((s: { name: string }) => s.name)).toEqual(['Café Olé Tours'])
    const pending = await server.request(`${SUPPLIERS}?status=pending&supplier_type=restaurant`, { token: token.admin })
    expect(pending.body.count).toBe(1)
    // The verified filter answers exactly the verified suppliers: a known one in, the unverified café out.
    const known = await supplier({ name: 'Verified Vantage', supplier_type: 'tour_operator', verified: true })
    const all = (await server.request(`${SUPPLIERS}?page_size=500`, { token: token.admin })).body.results as { id: number; name: string; verified: boolean }[]
    const verified = await server.request(`${SUPPLIERS}?verified=true&page_size=500`, { token: token.admin })
    const verifiedIds = verified.body.results.map((s: { id: number }) => s.id)
    expect(verifiedIds).toContain(known.id)
    expect(verified.body.results.map((s: { name: string }) => s.name)).not.toContain('Café Olé Tours')
    expect(verifiedIds).toEqual(all.filter((s) => s.verified).map((s) => s.id))
    expect(verified.body.count).toBe(verifiedIds.length)
    const options = await server.request(`${SUPPLIERS}select_options/?search=cafe&type=restaurant`, { token: token.admin })
    expect(options.body).toEqual([{ id: expect.any(Number), name: 'Café Olé Tours', supplier_type: 'restaurant', status: 'pending', verified: false }])
    const badFilter = await server.request(`${SUPPLIERS}?status=sleeping`, { token: token.admin })
    expect(badFilter.status).toBe(400)
  })

  it('computes stats from the rows and offers countries by search (active only when asked)', async () => {
    await server.handle.db.update(suppliers).set({ rating: '4.50', totalReviews: 10 })
    const stats = await server.request(`${SUPPLIERS}stats/`, { token: token.specialist })
    expect(stats.status).toBe(200)
    const all = (await server.request(`${SUPPLIERS}?page_size=500`, { token: token.admin })).body.results as { status: string; verified: boolean }[]
    expect(stats.body).toEqual({
      total_suppliers: all.length,
      active_suppliers: all.filter((s) => s.status === 'active').length,
      verified_suppliers: all.filter((s) => s.verified).length,
      average_rating: 4.5,
    })
    const active = await server.request(`${SUPPLIERS}country-options/?search=ki&is_active=true`, { token: token.admin })
    expect(active.body).toEqual([])
    const any = await server.request(`${SUPPLIERS}country-options/?search=ki`, { token: token.admin })
    expect(any.body).toEqual([{ id: expect.any(Number), name: 'Kiribati', continent: 'Oceania' }])
  })

  it('lets a specialist read but not write, and refuses travelers and editors with the spec texts', async () => {
    const s = await supplier({ name: 'Read Only Co' })
    expect((await server.request(`${SUPPLIERS}${s.id}/`, { token: token.specialist })).status).toBe(200)
    const write = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.specialist, method: 'PATCH', body: { notes: 'x' } })
    expect(write.status).toBe(403)
    expect(write.body).toEqual({ detail: "You don't have permission to perform this action." })
    for (const who of ['traveler', 'editor']) {
      const read = await server.request(SUPPLIERS, { token: token[who] })
      expect(read.status).toBe(403)
      expect(read.body).toEqual({ detail: "You don't have permission to access supplier management." })
    }
  })

  it('takes its own booking terms and time zone, answers them in words, clears them with null, and keys their errors', async () => {
    const s = await supplier({
      name: 'Lodge of the Lakes',
      schedule_terms: { deposit_amount: '300.50', deposit_due: 'acceptance', balance_days: 21 },
      cancellation_terms: { steps: [{ days_before: 14, percent: '40' }] },
      time_zone: 'Africa/Nairobi',
    })
    expect(s).toMatchObject({
      schedule_terms: { deposit_percent: null, deposit_amount: '300.50', deposit_due: 'acceptance', balance_days: 21 },
      schedule_text: 'Deposit 300.50 on acceptance, balance 21 days before.',
      cancellation_terms: { steps: [{ days_before: 14, percent: '40', amount: null }] },
      policy_text: 'Free until 14 days before; from 14 days before: 40%.',
      time_zone: 'Africa/Nairobi',
    })
    const bad = await server.request(`${SUPPLIERS}${s.id}/`, {
      token: token.admin,
      method: 'PATCH',
      body: { time_zone: 'Africa/Atlantis', cancellation_terms: { steps: [{ days_before: 3 }] } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      time_zone: ['Choose a time zone such as Europe/Paris, or leave it blank for UTC.'],
      'cancellation_terms.steps.0': ['Give each step a percentage or an amount, not both.'],
    })
    const cleared = await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin, method: 'PATCH', body: { schedule_terms: null, cancellation_terms: null, time_zone: '' } })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ schedule_terms: null, schedule_text: null, cancellation_terms: null, policy_text: null, time_zone: '', payment_terms: '' })
  })

  it('deletes a supplier; an unknown id is 404; a country a supplier refers to cannot be deleted', async () => {
    const s = await supplier({ name: 'Gone Soon', country: countryId })
    const refused = await server.request(`/api/destinations/countries-mgmt/${countryId}/`, { token: token.admin, method: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toMatch(/supplier/)
    expect((await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin, method: 'DELETE' })).status).toBe(204)
    expect((await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin })).status).toBe(404)
    expect((await server.request(`${SUPPLIERS}${s.id}/`, { token: token.admin, method: 'DELETE' })).status).toBe(404)
  })
})
