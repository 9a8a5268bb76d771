import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { mediaItems } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids = { kenya: 0, peru: 0, nairobi: 0, cusco: 0, kenyaSupplier: 0, peruSupplier: 0 }
const A = '/api/activities/'

const post = (path: string, body: unknown, who = 'admin') => server.request(path, { token: token[who], body })

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  for (const username of ['admin', 'expert', 'editor', 'specialist', 'traveler', 'superadmin']) token[username] = (await server.login(username)).access
  ids.kenya = (await post('/api/destinations/countries-mgmt/', { name: 'Kenya', continent: 'Africa' })).body.id
  ids.peru = (await post('/api/destinations/countries-mgmt/', { name: 'Peru', continent: 'South America' })).body.id
  ids.nairobi = (await post('/api/destinations/locations-mgmt/', { name: 'Nairobi', country: ids.kenya, location_type: 'city' })).body.id
  ids.cusco = (await post('/api/destinations/locations-mgmt/', { name: 'Cusco', country: ids.peru, location_type: 'city' })).body.id
  ids.kenyaSupplier = (await post('/api/suppliers/', { name: 'Savannah Trails', country: ids.kenya })).body.id
  ids.peruSupplier = (await post('/api/suppliers/', { name: 'Andes Treks', country: ids.peru })).body.id
})
afterAll(async () => {
  await server?.close()
})

const tiered = (extra: Record<string, unknown> = {}) => ({
  name: 'Safari Walk',
  description: 'A morning walk with a ranger.',
  supplier_id: ids.kenyaSupplier,
  location_id: ids.nairobi,
  pricing: {
    pricing_model: 'tiered',
    currency: 'USD',
    pricing_tiers: [
      { name: 'Solo', min_quantity: 1, max_quantity: 1, price_per_unit: '120.00' },
      { name: 'Small group', min_quantity: 2, max_quantity: 6, price_per_unit: '80.50' },
      { name: 'Large group', min_quantity: 7, max_quantity: null, price_per_unit: '60', fixed_price: '900' },
    ],
  },
  ...extra,
})

async function create(body: Record<string, unknown>, who = 'admin') {
  const res = await post(A, body, who)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('activities', () => {
  it('answers a deeply nested body with field errors, not a server error', async () => {
    const depth = 5_000
    const res = await server.request(A, { token: token.admin, body: '['.repeat(depth) + ']'.repeat(depth) })
    expect(res.status).toBe(400)
    const nested = await post(A, { ...tiered(), pricing: JSON.parse(`${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`) })
    expect(nested.status).toBe(400)
  })

  it('creates a tiered activity with the §9 defaults and answers the documented snake_case shape', async () => {
    const body = await create(
      tiered({
        scheduling: { duration: { hours: 4.5, description: 'Half a day' }, availability: { days_of_week: [0, 1, 6] } },
        features: {
          included_services: ['professional_guide', 'drinks'],
          requirements: { min_age: 8, max_age: 80 },
          equipment: { provided: ['binoculars'], bring_yourself: ['hat'] },
          tag_weights: { wildlife: 0.9 },
          includes_text: 'Park fees',
          excludes_text: 'Tips',
        },
        tag_names: ' wildlife , walking ,, ',
        max_participants: 12,
      }),
    )
    expect(body).toMatchObject({
      name: 'Safari Walk',
      category: 'adventure',
      difficulty: 'easy',
      experience_type: 'guided',
      supplier: { id: ids.kenyaSupplier, name: 'Savannah Trails' },
      supplier_name: 'Savannah Trails',
      pricing: { pricing_model: 'tiered', currency: 'USD', base_currency: 'USD', fixed_price: null },
      scheduling: { duration: { hours: 4.5, description: 'Half a day' }, availability: { days_of_week: [1, 6, 7] } },
      location_id: ids.nairobi,
      country_id: ids.kenya,
      location_summary: 'Nairobi, Kenya',
      features: { included_services: ['professional_guide', 'drinks'], requirements: { min_age: 8, max_age: 80 }, equipment: { provided: ['binoculars'], bring_yourself: ['hat'] }, tag_weights: { wildlife: 0.9 } },
      min_age: 8,
      max_participants: 12,
      tag_names: ['wildlife', 'walking'],
      is_active: true,
      is_featured: false,
      instant_confirmation: true,
      booking_required: true,
    })
    expect(body.pricing.pricing_tiers.map((t: { price_per_unit: string; max_quantity: number | null }) => [t.price_per_unit, t.max_quantity])).toEqual([
      ['120.00', 1],
      ['80.50', 6],
      ['60.00', null],
    ])
    const read = await server.request(`${A}${body.id}/`, { token: token.expert })
    expect(read.body).toEqual(body)
  })

  it('takes the included services only from the ten §9 options, on create, PUT and PATCH; an unknown one is a field error', async () => {
    const created = await create(tiered({ features: { included_services: ['hotel_pickup', 'meals', 'hotel_pickup', ' insurance '] } }))
    expect(created.features.included_services).toEqual(['hotel_pickup', 'meals', 'insurance'])
    const message = '"Local guide" is not a valid choice. Choose from: professional_guide, hotel_pickup, hotel_dropoff, entrance_fees, safety_equipment, meals, drinks, transport, photos, insurance.'
    const refused = await post(A, tiered({ features: { included_services: ['meals', 'Local guide'] } }))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ included_services: [message] })
    const patch = (body: unknown) => server.request(`${A}${created.id}/`, { method: 'PATCH', token: token.admin, body })
    expect((await patch({ includedServices: 'photos,transport' })).body.features.included_services).toEqual(['photos', 'transport'])
    const wrong = await patch({ features: { included_services: ['photos', 'spa'] } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.included_services[0]).toMatch(/^"spa" is not a valid choice\. Choose from: professional_guide, /)
    const put = await server.request(`${A}${created.id}/`, { method: 'PUT', token: token.admin, body: tiered({ features: { included_services: ['Hotel pickup'] } }) })
    expect(put.status).toBe(400)
    const read = await server.request(`${A}${created.id}/`, { token: token.expert })
    expect(read.body.features.included_services).toEqual(['photos', 'transport'])
    expect((await patch({ features: { included_services: [] } })).body.features.included_services).toEqual([])
  })

  it('takes its own cancellation policy beside the free-text one, answers it in words and clears it with null', async () => {
    const created = await create(tiered({ cancellation_policy: 'Call the guide.', cancellation_terms: { steps: [{ days_before: 3, amount: '25' }] } }))
    expect(created).toMatchObject({
      cancellation_policy: 'Call the guide.',
      cancellation_terms: { steps: [{ days_before: 3, percent: null, amount: '25' }] },
      policy_text: expect.stringMatching(/^Free until 3 days before; from 3 days before: 25 [A-Z]{3}\.$/),
    })
    const patch = (body: unknown) => server.request(`${A}${created.id}/`, { method: 'PATCH', token: token.admin, body })
    const wrong = await patch({ cancellation_terms: { steps: [{ days_before: 3, percent: '101' }] } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ 'cancellation_terms.steps.0.percent': ['Enter a percentage from 0 to 100 with at most 2 decimals.'] })
    const cleared = await patch({ cancellation_terms: null })
    expect(cleared.body).toMatchObject({ cancellation_policy: 'Call the guide.', cancellation_terms: null, policy_text: null })
  })

  it('tolerates camelCase input', async () => {
    const body = await create({
      name: 'Night Market Tour',
      description: 'Street food.',
      supplierName: 'Independent guide',
      locationId: ids.cusco,
      experienceType: 'private',
      isFeatured: true,
      pricing: { pricingModel: 'fixed', fixedPrice: '45.5', currency: 'EUR' },
    })
    expect(body).toMatchObject({ experience_type: 'private', is_featured: true, supplier: null, supplier_name: 'Independent guide', pricing: { pricing_model: 'fixed', fixed_price: '45.50', currency: 'EUR' } })
  })

  it('refuses bad tiers, other-country supplier and location, unknown ids and a fixed model without a price; nothing is saved', async () => {
    const before = (await server.request(A, { token: token.admin })).body.count
    const bad = async (body: Record<string, unknown>) => {
      const res = await post(A, body)
      expect(res.status).toBe(400)
      return res.body
    }
    const tier = (rows: unknown[]) => tiered({ pricing: { pricing_model: 'tiered', pricing_tiers: rows } })
    expect(await bad(tier([{ min_quantity: 0, price_per_unit: '10' }]))).toEqual({
      pricing_tiers: ['Please fix tier values: min quantity must be at least 1 and price per person cannot be negative.'],
    })
    expect(await bad(tier([{ min_quantity: 1, price_per_unit: '-1' }]))).toEqual({
      pricing_tiers: ['Please fix tier values: min quantity must be at least 1 and price per person cannot be negative.'],
    })
    expect(await bad(tier([{ min_quantity: 5, max_quantity: 2, price_per_unit: '10' }]))).toEqual({ pricing_tiers: ['Max quantity cannot be less than the min quantity.'] })
    expect(
      await bad(
        tier([
          { name: 'A', min_quantity: 1, max_quantity: 5, price_per_unit: '10' },
          { name: 'B', min_quantity: 4, price_per_unit: '8' },
        ]),
      ),
    ).toEqual({ pricing_tiers: ['Pricing tiers must not overlap: "A" and "B" both cover 4 participants.'] })
    expect(await bad(tier([]))).toEqual({ pricing_tiers: ['Tiered pricing needs at least one tier.'] })
    expect(await bad(tiered({ supplier_id: ids.peruSupplier }))).toEqual({ supplier_id: ["This supplier works in another country than the activity's location."] })
    expect(await bad(tiered({ country_id: ids.peru }))).toEqual({ location_id: ['This location is not in the chosen country.'] })
    expect(await bad(tiered({ supplier_id: 999999, location_id: 999999, pricing: { pricing_model: 'fixed', currency: 'XYZ' } }))).toEqual({
      supplier_id: ['Select a valid supplier.'],
      location_id: ['Select a valid location.'],
      fixed_price: ['A fixed price is required when the pricing model is fixed.'],
      currency: ['Select a valid currency.'],
    })
    // A currency id past any record id (a form's digits) names no currency: a field error, not a server error.
    for (const currency of ['9'.repeat(120), 2_147_483_648, 0]) {
      expect(await bad(tiered({ pricing: { ...tiered().pricing, currency } }))).toEqual({ currency: ['Select a valid currency.'] })
    }
    expect(await bad({ name: ' ', category: 'space' })).toEqual({
      name: ['This field is required.'],
      description: ['This field is required.'],
      category: ['"space" is not a valid choice. Choose one of: adventure, culture, culinary, nature, wellness, entertainment, sports, education, family, luxury, nightlife, shopping.'],
      pricing_tiers: ['Tiered pricing needs at least one tier.'],
      supplier_name: ['Choose a supplier or type a supplier name.'],
      location_id: ['Choose a location.'],
      country_id: ['Choose a country.'],
    })
    expect((await server.request(A, { token: token.admin })).body.count).toBe(before)
  })

  it('prices a tiered activity for 1, 5 and 12 participants, converts on request and says when no tier covers a group', async () => {
    const { id } = await create(tiered({ name: 'Priced walk', pricing: { pricing_model: 'tiered', pricing_tiers: [
      { name: 'Solo', min_quantity: 1, max_quantity: 1, price_per_unit: '120' },
      { name: 'Small', min_quantity: 2, max_quantity: 6, price_per_unit: '80.50' },
      { name: 'Large', min_quantity: 10, price_per_unit: '60', fixed_price: '900' },
    ] } }))
    const price = (q: string) => server.request(`${A}${id}/price/?${q}`, { token: token.expert })
    expect((await price('participants=1')).body).toMatchObject({ total: '120.00', unit_price: '120.00', basis: 'tier_per_unit', tier: { name: 'Solo' }, currency: 'USD' })
    expect((await price('participants=5')).body).toMatchObject({ total: '402.50', unit_price: '80.50', tier: { name: 'Small' } })
    expect((await price('participants=12')).body).toMatchObject({ total: '900.00', unit_price: '75.00', basis: 'tier_group_price', tier: { name: 'Large', max_quantity: null } })
    const gap = await price('participants=8')
    expect(gap.status).toBe(400)
    expect(gap.body).toEqual({ participants: ['No pricing tier covers a group of 8. The tiers cover 1-1, 2-6, 10+.'] })
    // Conversion needs a rate in force that day.
    const usd = (await server.request('/api/currencies-mgmt/?search=USD', { token: token.admin })).body.results.find((c: { code: string }) => c.code === 'USD')
    const eur = (await server.request('/api/currencies-mgmt/?search=EUR', { token: token.admin })).body.results.find((c: { code: string }) => c.code === 'EUR')
    const rate = await post('/api/currencies-mgmt/create_conversion_rate/', { from_currency: usd.id, to_currency: eur.id, rate: '0.9', effective_date: '2026-01-01' })
    expect(rate.status, JSON.stringify(rate.body)).toBe(201)
    const converted = await price('participants=5&currency=eur&date=2026-03-02')
    expect(converted.body).toMatchObject({ total: '402.50', currency: 'USD', date: '2026-03-02', converted: { total: '362.25' } })
    const trpc = await server.request(`/trpc/activities.price?input=${encodeURIComponent(JSON.stringify({ id, participants: 12 }))}`, { token: token.expert })
    expect(trpc.body.result.data).toMatchObject({ total: '900.00' })
  })

  it('refuses a day the activity does not run on and a group above max participants', async () => {
    const { id } = await create(tiered({ name: 'Weekend walk', max_participants: 6, scheduling: { availability: { days_of_week: [6, 0] } } }))
    const monday = await server.request(`${A}${id}/price/?participants=2&date=2026-03-02`, { token: token.admin })
    expect(monday.body).toEqual({ date: ['This activity is not available on Mondays.'] })
    const big = await server.request(`${A}${id}/price/?participants=7&date=2026-03-01`, { token: token.admin })
    expect(big.body).toEqual({ participants: ['This activity takes at most 6 participants.'] })
  })

  it('lists 12 a page with filters, search and the stats chips; PUT changes what is sent; DELETE removes', async () => {
    for (let i = 0; i < 13; i++) await create(tiered({ name: `Kayak trip ${i}`, category: 'nature', difficulty: i % 2 ? 'moderate' : 'easy', is_featured: i < 3, is_active: i !== 0 }))
    const page1 = await server.request(`${A}?category=nature`, { token: token.admin })
    expect(page1.body.count).toBe(13)
    expect(page1.body.results).toHaveLength(12)
    expect(page1.body.stats).toEqual({ total: 13, active: 12, featured: 3 })
    expect(page1.body.next).toContain('page=2')
    const search = await server.request(`${A}?search=kayak%20trip%201&difficulty=moderate&supplier_id=${ids.kenyaSupplier}&country=${ids.kenya}`, { token: token.admin })
    expect(search.body.results.map((a: { name: string }) => a.name).sort()).toEqual(['Kayak trip 1', 'Kayak trip 11'])
    const featured = await server.request(`${A}?is_featured=true&location=${ids.nairobi}&category=nature`, { token: token.admin })
    expect(featured.body.count).toBe(3)
    const id = page1.body.results[0].id
    const put = await server.request(`${A}${id}/`, { method: 'PUT', token: token.editor, body: { name: 'Kayak trip renamed', location_id: ids.cusco, supplier_id: ids.peruSupplier } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body).toMatchObject({ name: 'Kayak trip renamed', country_id: ids.peru, location_summary: 'Cusco, Peru', supplier_name: 'Andes Treks', category: 'nature' })
    expect(put.body.pricing.pricing_tiers).toHaveLength(3)
    const del = await server.request(`${A}${id}/`, { method: 'DELETE', token: token.expert })
    expect(del.status).toBe(204)
    expect((await server.request(`${A}${id}/`, { token: token.expert })).status).toBe(404)
  })

  it('attaches photos and videos by id and lists the photos; media content type core.activity checks the activity exists', async () => {
    const { id } = await create(tiered({ name: 'Photo walk' }))
    const [photo, video] = await server.handle.db
      .insert(mediaItems)
      .values([
        { uuid: 'p-1', mediaType: 'photo', mimeType: 'image/jpeg', status: 'ready', title: 'Lion' },
        { uuid: 'v-1', mediaType: 'video', mimeType: 'video/mp4', status: 'ready', title: 'Drive' },
      ])
      .returning()
    const wrong = await post(`${A}${id}/photos/attach/`, { photo_ids: [video!.id, 999999] })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ photo_ids: ['Unknown photo ids: 999999.'] })
    const attached = await post(`${A}${id}/photos/attach/`, { photo_ids: [photo!.id] })
    expect(attached.body.attached).toBe(1)
    expect((await post(`${A}${id}/videos/attach/`, { video_ids: [video!.id] })).status).toBe(200)
    const photos = await server.request(`${A}${id}/photos/`, { token: token.admin })
    expect(photos.body.map((m: { title: string; content_object_name: string }) => [m.title, m.content_object_name])).toEqual([['Lion', 'Photo walk']])
    const media = await server.request(`/api/media/?content_type=core.activity&object_id=999999`, { token: token.admin })
    expect(media.status).toBe(400)
    expect(media.body).toEqual({ object_id: ['No activity with id 999999.'] })
  })

  it('counts activities on countries, locations and suppliers, and refuses deleting what they refer to (409)', async () => {
    const country = await server.request(`/api/destinations/countries-mgmt/${ids.kenya}/`, { token: token.admin })
    expect(country.body.activities_count).toBeGreaterThan(0)
    const supplier = await server.request(`/api/suppliers/${ids.kenyaSupplier}/`, { token: token.admin })
    expect(supplier.body.activities_count).toBeGreaterThan(0)
    const del = await server.request(`/api/suppliers/${ids.kenyaSupplier}/`, { method: 'DELETE', token: token.admin })
    expect(del.status).toBe(409)
    expect(del.body.detail).toContain('activities')
    const loc = await server.request(`/api/destinations/locations-mgmt/${ids.nairobi}/`, { method: 'DELETE', token: token.admin })
    expect(loc.status).toBe(409)
  })

  it('lets superadmin, admin, expert and editor in; others get the screen text; signed out is 401', async () => {
    for (const who of ['superadmin', 'admin', 'expert', 'editor']) expect((await server.request(A, { token: token[who] })).status).toBe(200)
    for (const who of ['specialist', 'traveler']) {
      const res = await server.request(A, { token: token[who] })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ detail: "You don't have permission to manage activities." })
      expect((await post(A, tiered(), who)).status).toBe(403)
    }
    expect((await server.request(A)).status).toBe(401)
    const options = await server.request(`/trpc/activities.formOptions?input=${encodeURIComponent(JSON.stringify({ country: ids.kenya }))}`, { token: token.editor })
    expect(options.body.result.data.locations).toEqual([{ id: ids.nairobi, name: 'Nairobi' }])
    expect(options.body.result.data.currencies.map((c: { code: string }) => c.code)).toContain('USD')
    const trpc = await server.request('/trpc/activities.create', { token: token.admin, body: { name: '' } })
    expect(trpc.status).toBe(400)
    expect(trpc.body.error.data.fields.name).toEqual(['This field is required.'])
  })
})
