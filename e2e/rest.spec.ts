import { expect, test } from './fixtures.ts'

test('an unknown /api path answers a JSON 404, not an HTML page', async ({ request }) => {
  for (const accept of ['application/json', 'text/html,application/xhtml+xml']) {
    const response = await request.get('/api/does-not-exist/', { headers: { Accept: accept } })
    expect(response.status()).toBe(404)
    expect(response.headers()['content-type']).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ detail: expect.any(String) })
  }
})

test('the REST sign-in answers tokens and the user', async ({ request }) => {
  const response = await request.post('/users/api/auth/login/', { data: { username: 'traveler', password: 'meridian-demo' } })
  expect(response.status()).toBe(200)
  const body = await response.json()
  expect(body).toMatchObject({ access: expect.any(String), refresh: expect.any(String), user: expect.objectContaining({ username: 'traveler' }) })
})
