import type { Page } from '@playwright/test'
import { expect, submitLoginForm, test, watchToasts } from './fixtures.ts'

/** The nonce of a Content-Security-Policy header's script-src, or null. */
function scriptNonce(csp: string | undefined): string | null {
  return csp?.match(/script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? null
}

/** Collect the page's CSP violations, as the browser reports them (event and console). */
async function watchViolations(page: Page) {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return violations
}

test.describe('security headers', () => {
  for (const path of ['/login', '/']) {
    test(`${path} carries a CSP with a fresh nonce that its inline scripts use`, async ({ request }) => {
      const first = await request.get(path)
      expect(first.status()).toBe(200)
      const headers = first.headers()
      const csp = headers['content-security-policy']
      expect(csp).toBeTruthy()
      for (const directive of [
        "default-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive)
      }
      const nonce = scriptNonce(csp)
      expect(nonce).toBeTruthy()
      const scriptSrc = csp!.split(';').find((d) => d.trim().startsWith('script-src'))!
      expect(scriptSrc.trim()).toBe(`script-src 'self' 'nonce-${nonce}'`)
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['x-frame-options']).toBe('DENY')
      // The e2e server runs in production mode.
      expect(headers['strict-transport-security']).toContain('max-age=')

      // Every inline script in the document carries this response's nonce.
      const html = await first.text()
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
      expect(scripts.length).toBeGreaterThan(0)
      for (const attributes of scripts) {
        if (/\bsrc=/.test(attributes)) continue
        expect(attributes).toContain(`nonce="${nonce}"`)
      }

      const second = await request.get(path)
      expect(scriptNonce(second.headers()['content-security-policy'])).not.toBe(nonce)
    })
  }

  test('API answers keep their own headers', async ({ request }) => {
    const health = await request.get('/healthz')
    expect(health.headers()['content-security-policy']).toBeUndefined()
    const rest = await request.get('/users/api/auth/profile/')
    expect(rest.status()).toBe(401)
    expect(rest.headers()['content-security-policy']).toBeUndefined()
    expect(rest.headers()['x-content-type-options']).toBe('nosniff')
  })
})

test.describe('the pages run under the policy', () => {
  test('/login and /dashboard/overview log no CSP violation and hydrate', async ({ page }) => {
    const violations = await watchViolations(page)
    const shown = await watchToasts(page)
    await page.goto('/login')
    // Hydrated: signing in with JavaScript shows the toast, which only the browser draws.
    await submitLoginForm(page, 'admin')
    await expect(page).toHaveURL(/\/dashboard\/overview$/)
    await expect.poll(shown).toContainEqual(expect.stringContaining('Login successful!'))
    // The account menu opens: the dashboard's scripts run.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
    await page.getByRole('button', { name: /Account menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    expect(violations).toEqual([])
  })

  test('the landing page logs no CSP violation', async ({ page }) => {
    const violations = await watchViolations(page)
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Start Your Journey' }).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(violations).toEqual([])
  })
})
