import type { APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, expect, uniqueName } from '../fixtures.ts'

/** "2031-03-03", n days from today. */
export const isoDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A demo account's REST access token (or any account's, with its password). */
export async function restToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/users/api/auth/login/', { data: { username, password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { access: string; user: { id: number } }).access
}

/**
 * A trip of the test's own: a traveler registered for this test (no standing expert, so nobody is assigned) requests
 * it through the REST API. Its dates are random and years ahead, so its title ("Kenya · Mar 3 – Mar 8, 2031") is this
 * test's alone.
 */
export async function requestedTrip(
  request: APIRequestContext,
  options: { country: string; nights: number; travelers?: number; firstName?: string; lastName?: string },
) {
  const username = uniqueName('planner')
  const password = 'a-long-trip-request-passphrase'
  const registered = await request.post('/users/api/auth/register/', {
    data: {
      username,
      email: `${username}@example.test`,
      password,
      confirm_password: password,
      first_name: options.firstName ?? 'Ada',
      last_name: options.lastName ?? 'Planner',
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const { access } = (await registered.json()) as { access: string }
  const places = (await (await request.get('/api/destinations/?page_size=500')).json()) as { results: { id: number; name: string }[] }
  const destination = places.results.find((c) => c.name === options.country) ?? places.results[0]!
  const start = 400 + Math.floor(Math.random() * 3000)
  const submitted = await request.post('/users/api/traveler/trip-requests/', {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      destination_id: destination.id,
      start_date: isoDay(start),
      end_date: isoDay(start + options.nights),
      travelers: options.travelers ?? 2,
      travel_style: 'comfort',
      trip_type: 'adventure',
      activities: ['nature'],
      budget_min: 1000,
      budget_max: 2000,
      priority_level: 'standard',
    },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const { trip } = (await submitted.json()) as { trip: { id: number; title: string; expert_id: number | null } }
  // The traveler's sign-in, for tests that act as them.
  return { ...trip, username, password }
}

/** A requested trip (requestedTrip) that the demo specialist gives to the demo expert, who accepts it. */
export async function acceptedTrip(request: APIRequestContext, options: Parameters<typeof requestedTrip>[1]) {
  const trip = await requestedTrip(request, options)
  const expert = await request.post('/users/api/auth/login/', { data: { username: 'expert', password: DEMO_PASSWORD } })
  const { access, user } = (await expert.json()) as { access: string; user: { id: number } }
  const assigned = await request.post(`/users/api/traveler/trips/${trip.id}/assign/`, {
    headers: { Authorization: `Bearer ${await restToken(request, 'specialist')}` },
    data: { expert_id: user.id },
  })
  expect(assigned.status(), await assigned.text()).toBe(201)
  const { id: assignment } = (await assigned.json()) as { id: number }
  const accepted = await request.post(`/users/api/expert/accept-assignment/${assignment}/`, { headers: { Authorization: `Bearer ${access}` }, data: {} })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return { ...trip, expertAccess: access }
}
