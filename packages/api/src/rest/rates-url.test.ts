import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversionRates, currencySettings, eq } from '@meridian/db'
import { isPublicAddress } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '../testing.ts'

// The rates-file address is fetched by the server: by default it may only be http(s) on a public host, so the
// setting cannot turn the server against itself or the network behind it.
let server: TestServer
let admin: string
const SETTINGS = '/api/currencies-mgmt/update_settings/'
const REFUSED = ['The address must be http or https on a public host.']

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  admin = (await server.login('admin')).access
})
afterAll(async () => {
  await server?.close()
})

describe('the rates-file address', () => {
  it.each([
    'http://127.0.0.1:8080/rates.xml',
    'http://localhost/rates.xml',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/rates.xml',
    'http://192.168.0.10/rates.xml',
    'http://[::1]/rates.xml',
    'http://[::ffff:127.0.0.1]/rates.xml',
    'http://metadata.google.internal/rates.xml',
    'file:///etc/passwd',
    'ftp://rates.example.com/rates.xml',
    'http://user:secret@rates.example.com/rates.xml',
  ])('refuses %s and keeps the saved settings', async (address) => {
    const before = await server.handle.db.select().from(currencySettings)
    const res = await server.request(SETTINGS, { token: admin, body: { external_api_provider: 'ecb', provider_url: address } })
    expect(res.status).toBe(400)
    expect(res.body.provider_url).toEqual(address.startsWith('http') ? REFUSED : expect.any(Array))
    expect(await server.handle.db.select().from(currencySettings)).toEqual(before)
  })

  it('accepts a public https address', async () => {
    const res = await server.request(SETTINGS, { token: admin, body: { external_api_provider: 'ecb', provider_url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.provider_url).toBe('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml')
  })

  it('does not download from a private address saved before the rule, and changes no rate', async () => {
    let requests = 0
    const feed = http.createServer((_req, res) => {
      requests++
      res.end('<Cube><Cube time="2026-04-04"><Cube currency="GBP" rate="0.86"/></Cube></Cube>')
    })
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/daily.xml`
      await server.handle.db.update(currencySettings).set({ externalApiProvider: 'ecb', providerUrl: url }).where(eq(currencySettings.id, 1))
      const before = await server.handle.db.select().from(conversionRates)
      const res = await server.request('/api/currencies-mgmt/update_rates/', { token: admin, body: {} })
      expect(res.status).toBe(503)
      expect(res.body.detail).toMatch(/public host/)
      expect(requests).toBe(0)
      expect(await server.handle.db.select().from(conversionRates)).toEqual(before)
    } finally {
      feed.close()
    }
  })

  it('tells public addresses from private, reserved and mapped ones (checked again on every connection and redirect)', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true)
    expect(isPublicAddress('2a00:1450:4001:80b::200e')).toBe(true)
    for (const address of ['127.0.0.1', '0.0.0.0', '100.64.0.1', '172.16.5.4', '224.0.0.1', '::', 'fe80::1', 'fd00::1', '64:ff9b::a00:1', '2002:7f00:1::1']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })
})

describe('with RATES_ALLOW_PRIVATE_URLS', () => {
  it('an intranet rates service may be used', async () => {
    const intranet = await startTestServer({ env: { RATES_ALLOW_PRIVATE_URLS: 'true' } })
    try {
      await seedCurrencies(intranet.handle.db)
      const token = (await intranet.login('admin')).access
      const feed = http.createServer((_req, res) => res.end('<Cube><Cube time="2026-04-04"><Cube currency="GBP" rate="0.86"/></Cube></Cube>'))
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/daily.xml`
        const saved = await intranet.request(SETTINGS, { token, body: { external_api_provider: 'ecb', provider_url: url } })
        expect(saved.status, JSON.stringify(saved.body)).toBe(200)
        const run = await intranet.request('/api/currencies-mgmt/update_rates/', { token, body: {} })
        expect(run.status, JSON.stringify(run.body)).toBe(200)
        expect(run.body).toMatchObject({ provider: 'ecb', created: 1 })
      } finally {
        feed.close()
      }
    } finally {
      await intranet.close()
    }
  })
})
