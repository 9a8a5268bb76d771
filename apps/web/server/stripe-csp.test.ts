import { insertBooking } from '@meridian/core'
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '@meridian/core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FullServer, startFullServer } from '../../../test/support/full-server.ts'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'

describe('the Content-Security-Policy and the Stripe provider', () => {
  it('lets Stripe.js, its frames and its API in only while the Stripe provider is on', () => {
    const off = contentSecurityPolicy('n', true)
    expect(off).not.toContain('stripe')
    expect(off).not.toContain('frame-src')
    const on = securityHeaders({ nonce: 'n', production: true, stripe: true })['Content-Security-Policy']!.split('; ')
    expect(on).toContain("script-src 'self' 'nonce-n' https://js.stripe.com https://*.js.stripe.com")
    expect(on).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com")
    expect(on).toContain("connect-src 'self' https://api.stripe.com")
    // Everything else stays as it was.
    expect(on).toContain("default-src 'self'")
    expect(on).toContain("frame-ancestors 'none'")
    expect(on).toContain("object-src 'none'")
  })
})

describe('the pay screen with the Stripe provider', () => {
  let fake: FakeStripe
  let server: FullServer
  beforeAll(async () => {
    fake = await startFakeStripe()
    server = await startFullServer({ env: fakeStripeEnv(fake.url) })
  }, 180_000)
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  it('is served with Stripe allowed by its CSP and, without JavaScript, says card payments need it', async () => {
    const traveler = await server.credentials('traveler')
    const booking = await server.handle.db.transaction((tx) =>
      insertBooking(tx as never, {
        bookingType: 'activity',
        travelerId: traveler.userId,
        title: 'Night market food walk',
        serviceDate: '2030-09-01',
        partySize: 2,
        amount: '3600.00',
        currency: 'JPY',
      }),
    )
    const res = await fetch(`${server.url}/dashboard/bookings/${booking.id}/pay`, { headers: { Cookie: traveler.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain('script-src')
    expect(res.headers.get('content-security-policy')).toContain('https://js.stripe.com')
    const html = await res.text()
    expect(html).toContain(`Pay for booking ${booking.reference}`)
    expect(html).toContain('Card payments need JavaScript')
    expect(html).not.toContain('Pay by bank transfer or on site')
    // Nothing is made at Stripe by looking at the page.
    expect(fake.intents.size).toBe(0)
  })
})
