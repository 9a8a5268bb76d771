import { expect, test } from './fixtures.ts'

/*
 * The REST API reference (docs/api.md): the page at /api/docs/ is served from this origin under the site's CSP, reads
 * the OpenAPI document from /api/schema/ and lists the operations, with no CSP violation.
 */
test('the API reference page lists the operations under the site CSP', async ({ page, baseURL }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith('data:')) outside.push(request.url())
  })

  const response = await page.goto('/api/docs/')
  expect(response?.status()).toBe(200)
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
  expect(csp).toContain("style-src 'self' 'unsafe-inline'")

  await expect(page.getByRole('heading', { name: /Meridian REST API/ })).toBeVisible()
  // The sign-in call, under its tag, with its method and path.
  const login = page.locator('#operations-Authentication-postUsersApiAuthLogin')
  await expect(login).toBeVisible()
  await expect(login).toContainText('POST')
  await expect(login).toContainText('/users/api/auth/login/')
  // Opened, it shows the body schema converted from the service's own (LoginInput: username and password).
  await login.locator('.opblock-summary').click()
  const example = login.getByRole('tabpanel', { name: 'Example Value' }).first()
  await expect(example).toContainText('"username"')
  await expect(example).toContainText('"password"')
  await login.getByRole('tab', { name: 'Schema' }).first().click()
  await expect(login.getByRole('tabpanel', { name: 'Schema' }).first()).toContainText('LoginInput')

  // The filter box narrows two hundred operations to one area's.
  await page.getByPlaceholder('Filter by tag').fill('Bookings')
  await expect(page.locator('#operations-Bookings-getApiBookings')).toContainText('/api/bookings/')
  await expect(login).toBeHidden()

  expect(problems).toEqual([])
  expect(outside).toEqual([])
})

test('the OpenAPI document is public JSON', async ({ request, baseURL }) => {
  const response = await request.get('/api/schema/')
  expect(response.status()).toBe(200)
  const doc = await response.json()
  expect(doc.openapi).toBe('3.1.0')
  expect(doc.servers).toEqual([{ url: baseURL }])
  expect(doc.paths['/users/api/auth/login/'].post.operationId).toBe('postUsersApiAuthLogin')
})
