import { expect, submitLoginForm, test } from './fixtures.ts'

// Names that match no account: their count is their own, so the other specs' accounts are never throttled.
const TOO_MANY = 'Too many requests. Please wait a moment and try again.'

test.describe('sign-in throttling on the /login form', () => {
  test.use({ javaScriptEnabled: false })

  test('the sixth wrong password in a row is refused on the page', async ({ page }) => {
    await page.goto('/login')
    for (let i = 0; i < 5; i++) {
      await submitLoginForm(page, 'throttle-form-visitor', `wrong-${i}`)
      await expect(page.getByRole('alert')).toHaveText(/Login failed\. Please check your credentials\./)
    }
    await submitLoginForm(page, 'Throttle-Form-Visitor', 'wrong-5')
    await expect(page.getByRole('alert')).toHaveText(new RegExp(TOO_MANY.replace(/\./g, '\\.')))
  })
})

test('form posts sent at the same moment reach the password check at most 5 times', async ({ request, baseURL }) => {
  const replies = await Promise.all(
    Array.from({ length: 15 }, (_, i) =>
      request.post('/login', {
        form: { username: 'throttle-burst-visitor', password: `wrong-${i}` },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      }),
    ),
  )
  const statuses = replies.map((r) => r.status())
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
  const refused = replies.find((r) => r.status() === 429)!
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0)
  expect(await refused.text()).toContain(TOO_MANY)
})

test('the forgot-password form is limited per address', async ({ request, baseURL }) => {
  const ask = (email: string) =>
    request.post('/forgot-password', { form: { email }, headers: { Origin: baseURL! }, maxRedirects: 0 })
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push((await ask(`throttle-reset-${i}@meridian.example`)).status())
  expect(statuses.every((s) => s === 200)).toBe(true)
  const last = await ask('throttle-reset-last@meridian.example')
  expect(last.status()).toBe(429)
  expect(Number(last.headers()['retry-after'])).toBeGreaterThan(0)
  expect(await last.text()).toContain(TOO_MANY)
})
