import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '../testing.ts'

/*
 * A body that names a record that does not exist is a field error (400), as DRF's related fields answer: the record the
 * client got wrong is in the body, not in the path. 404 stays for the record the path names. Each case below is an
 * otherwise valid body; nothing is written.
 */

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
const MISSING = 2_000_000_000

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  for (const username of ['admin', 'expert', 'specialist', 'traveler']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  const made = async (path: string, body: Record<string, unknown>, who = 'admin') => {
    const res = await server.request(path, { token: token[who], body })
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201)
    return res.body.id as number
  }
  id.country = await made('/api/destinations/countries-mgmt/', { name: 'Refland', continent: 'Europe' })
  id.location = await made('/api/destinations/locations-mgmt/', { name: 'Refton', country: id.country, location_type: 'city' })
  id.supplier = await made('/api/suppliers/', { name: 'Ref Tours', country: id.country })
  id.activity = await made('/api/activities/', {
    name: 'Ref walk',
    description: 'A walk to book with a trip that does not exist.',
    supplier_id: id.supplier,
    location_id: id.location,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Solo', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
  })
})

afterAll(async () => {
  await server?.close()
})

interface Case {
  name: string
  path: string
  who: string
  body: () => Record<string, unknown>
  /** The field the error names, and its message. */
  field: string
  message: string
}

const cases: Case[] = [
  {
    name: 'an itinerary for a trip that does not exist',
    path: '/api/itineraries/',
    who: 'expert',
    body: () => ({ trip_id: MISSING }),
    field: 'trip_id',
    message: 'Select a valid trip.',
  },
  {
    name: 'a location in a country that does not exist',
    path: '/api/destinations/locations-mgmt/',
    who: 'admin',
    body: () => ({ name: 'Nowhere', country: MISSING, location_type: 'city' }),
    field: 'country',
    message: 'Select a valid country.',
  },
  {
    name: 'a supplier in a country that does not exist',
    path: '/api/suppliers/',
    who: 'admin',
    body: () => ({ name: 'Ghost Tours', country: MISSING }),
    field: 'country',
    message: 'Select a valid country.',
  },
  {
    name: 'an activity of a supplier that does not exist',
    path: '/api/activities/',
    who: 'admin',
    body: () => ({
      name: 'Ghost walk',
      description: 'A walk with a supplier nobody has heard of.',
      supplier_id: MISSING,
      location_id: id.location,
      pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Solo', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
    }),
    field: 'supplier_id',
    message: 'Select a valid supplier.',
  },
  {
    name: 'an activity in a location that does not exist',
    path: '/api/activities/',
    who: 'admin',
    body: () => ({
      name: 'Ghost walk',
      description: 'A walk in a place nobody has heard of.',
      supplier_id: id.supplier,
      location_id: MISSING,
      pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Solo', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
    }),
    field: 'location_id',
    message: 'Select a valid location.',
  },
  {
    name: 'a payment for a booking that does not exist',
    path: '/api/payments/create-intent/',
    who: 'traveler',
    body: () => ({ booking_id: MISSING }),
    field: 'booking_id',
    message: 'Select one of your bookings.',
  },
  {
    name: 'an activity booked for a trip that does not exist',
    path: '/api/activities/{activity}/book/',
    who: 'traveler',
    body: () => ({ date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), participants: 2, trip_id: MISSING }),
    field: 'trip_id',
    message: 'Choose one of your own trips.',
  },
  {
    name: 'a conversation with a traveler who does not exist',
    path: '/api/chat/conversations/',
    who: 'expert',
    body: () => ({ traveler_id: MISSING }),
    field: 'traveler_id',
    message: 'Select one of your travelers.',
  },
  {
    name: 'an expert assigned to a customer who does not exist',
    path: '/users/api/specialist/assign-expert/',
    who: 'specialist',
    body: () => ({ customer_id: MISSING, expert_id: id.expert }),
    field: 'customer_id',
    message: 'Select an active traveler.',
  },
  {
    name: 'an expert who does not exist assigned to a customer',
    path: '/users/api/specialist/assign-expert/',
    who: 'specialist',
    body: () => ({ customer_id: id.traveler, expert_id: MISSING }),
    field: 'expert_id',
    message: 'Select an active expert.',
  },
  {
    name: 'a wishlist entry for a destination that does not exist',
    path: '/api/wishlist/',
    who: 'traveler',
    body: () => ({ type: 'destination', object_id: MISSING }),
    field: 'object_id',
    message: `Invalid pk "${MISSING}" - object does not exist.`,
  },
  {
    name: 'a transfer from a country that does not exist',
    path: '/api/itineraries/transfers/',
    who: 'admin',
    body: () => ({ name: 'Ghost ferry', type: 'ferry', from_country: MISSING }),
    field: 'from_country',
    message: 'Select a valid country.',
  },
]

describe('a body naming a record that does not exist', () => {
  for (const c of cases) {
    it(`${c.name}: 400 on ${c.field}`, async () => {
      const res = await server.request(c.path.replace('{activity}', String(id.activity)), { token: token[c.who], body: c.body() })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body).toMatchObject({ [c.field]: [c.message] })
    })
  }
})
