import type { APIRequestContext } from '@playwright/test'
import { expect, uniqueName } from '../fixtures.ts'
import { restToken } from './trips.ts'

/**
 * A bookable world of the test's own, made as the superadmin: a country, a city in it, a supplier, and a maker of
 * activities there at 25 USD a person (confirmed by staff). `post` answers the body of a 201.
 */
export async function activityWorld(request: APIRequestContext, prefix: string) {
  const admin = { Authorization: `Bearer ${await restToken(request, 'superadmin')}` }
  const post = async (path: string, data: unknown, headers: Record<string, string> = admin) => {
    const res = await request.post(path, { headers, data })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return (await res.json()) as Record<string, any>
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName(`${prefix}land `), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName(`${prefix}ton `), country: country.id, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName(`${prefix} Tours `), country: country.id })
  const activity = async (name: string) =>
    post('/api/activities/', {
      name,
      description: 'Out on the water with a guide.',
      supplier_id: supplier.id,
      location_id: location.id,
      instant_confirmation: false,
      pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '25' }] },
    })
  return { post, activity, country }
}
