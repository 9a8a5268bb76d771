import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autoUpdateRates } from '@meridian/core'
import { conversionRates, currencyConversions, currencySettings, eq } from '@meridian/db'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
const M = '/api/currencies-mgmt'

beforeAll(async () => {
  // The test feeds listen on 127.0.0.1, which only RATES_ALLOW_PRIVATE_URLS lets the rates download reach.
  server = await startTestServer({ env: { RATES_ALLOW_PRIVATE_URLS: 'true' } })
  await seedCurrencies(server.handle.db)
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler']) token[username] = (await server.login(username)).access
  const list = await server.request(`${M}/?page_size=500`, { token: token.admin })
  for (const c of list.body.results) id[c.code] = c.id
})
afterAll(async () => {
  await server?.close()
})

const post = (path: string, body: unknown, who = 'admin') => server.request(`${M}${path}`, { token: token[who], body })
const rate = (from: string, to: string, value: string | number, effective_date: string, extra: Record<string, unknown> = {}) =>
  post('/create_conversion_rate/', { from_currency: id[from], to_currency: id[to], rate: value, effective_date, ...extra })

describe('currency list', () => {
  it('starts from the ISO 4217 list: a handful active, USD the one base, symbols from CLDR', async () => {
    const res = await server.request(`${M}/?page_size=500`, { token: token.admin })
    expect(res.status).toBe(200)
    expect(res.body.count).toBeGreaterThan(150)
    const active = res.body.results.filter((c: any) => c.is_active).map((c: any) => c.code)
    expect(active).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'MVR'])
    expect(res.body.results.filter((c: any) => c.is_base_currency).map((c: any) => c.code)).toEqual(['USD'])
    const eur = res.body.results.find((c: any) => c.code === 'EUR')
    expect(eur).toMatchObject({ name: 'Euro', symbol: '€', is_active: true, is_base_currency: false })
    expect(eur.countries).toContain('France')
  })

  it('the public call lists active currencies for anyone, with the API version header', async () => {
    const res = await server.request('/api/v1/currencies/public/', { headers: { 'X-API-Version': 'v1' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-api-version')).toBe('v1')
    expect(res.body.map((c: any) => c.code)).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'MVR'])
    expect(res.body[0]).toEqual({ id: id.USD, code: 'USD', name: 'US Dollar', symbol: '$', is_base_currency: true, display_order: 1 })
    const wrong = await server.request('/api/v1/currencies/public/', { headers: { 'X-API-Version': 'v2' } })
    expect(wrong.status).toBe(406)
    expect(wrong.body.detail).toBe('Invalid version in "X-API-Version" header.')
  })

  it('only admins and superadmins manage currencies; others get the screen\'s words, anonymous a 401', async () => {
    for (const who of ['expert', 'editor', 'specialist', 'traveler']) {
      const res = await server.request(`${M}/`, { token: token[who] })
      expect(res.status, who).toBe(403)
      expect(res.body.detail).toBe("You don't have permission to manage currencies. Only admins and superadmins can access this page.")
    }
    expect((await server.request(`${M}/currency_settings/`)).status).toBe(401)
    expect((await server.request(`${M}/`, { token: token.superadmin })).status).toBe(200)
  })
})

describe('currency form', () => {
  it('creates a currency: code trimmed and uppercased', async () => {
    const res = await post('/', { code: ' thb ', name: 'Thai Baht test', symbol: '฿' })
    // THB is in the ISO list already.
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: ['A currency with code THB already exists.'] })
    const made = await post('/', { code: 'qqq', name: 'Test Crown', symbol: 'Q', display_order: 50, countries: 'Nowhere' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ code: 'QQQ', name: 'Test Crown', symbol: 'Q', is_active: true, is_base_currency: false, display_order: 50 })
    id.QQQ = made.body.id
  })

  it("refuses a bad code, a missing name or symbol with the spec's messages", async () => {
    const res = await post('/', { code: 'ABCD', name: ' ', symbol: '' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: ['Currency code must be a 3-letter ISO code'],
      name: ['Currency name is required'],
      symbol: ['Currency symbol is required'],
    })
    expect((await post('/', { code: 'A1', name: 'x', symbol: 'x' })).body.code).toEqual(['Currency code must be a 3-letter ISO code'])
  })

  it('moves the base with is_base_currency; the base cannot be unflagged, deactivated or deleted', async () => {
    const unflag = await server.request(`${M}/${id.USD}/`, { method: 'PATCH', token: token.admin, body: { is_base_currency: false } })
    expect(unflag.status).toBe(400)
    expect(unflag.body.is_base_currency[0]).toMatch(/exactly one base currency/)
    const off = await server.request(`${M}/${id.USD}/`, { method: 'PATCH', token: token.admin, body: { is_active: false } })
    expect(off.status).toBe(400)
    const del = await server.request(`${M}/${id.USD}/`, { method: 'DELETE', token: token.admin })
    expect(del.status).toBe(409)
    expect(del.body.detail).toBe('The base currency cannot be deleted. Make another currency the base first.')

    const move = await server.request(`${M}/${id.EUR}/`, { method: 'PATCH', token: token.admin, body: { is_base_currency: true } })
    expect(move.status).toBe(200)
    const settings = await server.request(`${M}/currency_settings/`, { token: token.admin })
    expect(settings.body.base_currency).toEqual({ id: id.EUR, code: 'EUR', symbol: '€' })
    const usd = await server.request(`${M}/${id.USD}/`, { token: token.admin })
    expect(usd.body.is_base_currency).toBe(false)
    await post('/update_settings/', { base_currency: { id: id.USD } })
    expect((await server.request(`${M}/currency_settings/`, { token: token.admin })).body.base_currency.code).toBe('USD')
  })

  it('PUT takes the whole form; a missing id is 404', async () => {
    const put = await server.request(`${M}/${id.QQQ}/`, { method: 'PUT', token: token.admin, body: { code: 'QQQ', name: 'Test Krona', symbol: 'kr' } })
    expect(put.status).toBe(200)
    expect(put.body.name).toBe('Test Krona')
    const partial = await server.request(`${M}/${id.QQQ}/`, { method: 'PUT', token: token.admin, body: { name: 'x' } })
    expect(partial.status).toBe(400)
    expect((await server.request(`${M}/999999/`, { token: token.admin })).status).toBe(404)
  })
})

describe('conversion rates', () => {
  it('creates a rate between active currencies; the list shows from/to objects and which rate is in force', async () => {
    const res = await rate('USD', 'EUR', 0.9, '2026-01-01', { source: 'bank' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      from_currency: { id: id.USD, code: 'USD', symbol: '$' },
      to_currency: { id: id.EUR, code: 'EUR', symbol: '€' },
      rate: '0.9000000000',
      effective_date: '2026-01-01',
      source: 'bank',
      is_active: true,
    })
    const list = await server.request(`${M}/conversion_rates/?from_currency=USD`, { token: token.admin })
    expect(list.status).toBe(200)
    expect(list.body.results.map((r: any) => r.id)).toContain(res.body.id)
  })

  it("refuses 0, negative, NaN, Infinity, text, the same currency twice, unknown and inactive currencies, in the spec's words", async () => {
    for (const bad of [0, -1, 'NaN', 'Infinity', 'abc', '']) {
      const res = await rate('USD', 'GBP', bad, '2026-01-01')
      expect(res.status, String(bad)).toBe(400)
      expect(res.body.rate).toEqual(['Rate must be a positive number'])
    }
    const same = await rate('USD', 'USD', 1, '2026-01-01')
    expect(same.body).toEqual({ to_currency: ['From and To currencies cannot be the same'] })
    const sameByCode = await post('/create_conversion_rate/', { from_currency: id.USD, to_currency: 'usd', rate: 1, effective_date: '2026-01-01' })
    expect(sameByCode.body).toEqual({ to_currency: ['From and To currencies cannot be the same'] })
    const missing = await post('/create_conversion_rate/', { rate: 1, effective_date: '2026-01-01' })
    expect(missing.body.from_currency).toEqual(['Please select both From and To currencies'])
    const unknown = await post('/create_conversion_rate/', { from_currency: 999999, to_currency: id.EUR, rate: 1, effective_date: '2026-01-01' })
    expect(unknown.body).toEqual({ from_currency: ['Select a valid currency.'] })
    const inactive = await rate('USD', 'THB', 35, '2026-01-01')
    expect(inactive.body).toEqual({ to_currency: ['THB is not an active currency.'] })
    const noDate = await post('/create_conversion_rate/', { from_currency: id.USD, to_currency: id.GBP, rate: 1 })
    expect(noDate.body.effective_date).toEqual(['Effective date is required'])
    const source = await rate('USD', 'GBP', 1, '2026-01-01', { source: 'guess' })
    expect(source.body.source).toEqual(['Source must be one of manual, api, bank, market.'])
    const rows = await server.handle.db.select().from(conversionRates).where(eq(conversionRates.toCurrencyId, id.GBP!))
    expect(rows).toHaveLength(0)
  })

  it('PUT and DELETE a rate; a second rate for the same pair and day is refused', async () => {
    const made = await rate('GBP', 'JPY', '190.5', '2026-02-01')
    const dup = await rate('GBP', 'JPY', '191', '2026-02-01')
    expect(dup.status).toBe(400)
    expect(dup.body.effective_date[0]).toMatch(/already exists/)
    const put = await server.request(`${M}/conversion_rates/${made.body.id}/`, {
      method: 'PUT',
      token: token.admin,
      body: { from_currency: id.GBP, to_currency: id.JPY, rate: '191.25', effective_date: '2026-02-01', source: 'market', is_active: true },
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ rate: '191.2500000000', source: 'market' })
    expect((await server.request(`${M}/conversion_rates/${made.body.id}/`, { method: 'DELETE', token: token.admin })).status).toBe(204)
    expect((await server.request(`${M}/conversion_rates/${made.body.id}/`, { method: 'DELETE', token: token.admin })).status).toBe(404)
  })
})

describe('conversions', () => {
  beforeAll(async () => {
    await rate('USD', 'EUR', '0.95', '2026-03-01')
    await rate('USD', 'EUR', '0.8', '2026-03-10', { is_active: false })
    await rate('USD', 'GBP', '0.8', '2026-01-01')
    await rate('AUD', 'USD', '0.65', '2026-01-01')
  })

  it('uses the latest active rate in force on the date, so past quotes can be recomputed', async () => {
    const before = await post('/preview_conversion/', { from_currency: 'USD', to_currency: 'EUR', amount: '100', date: '2026-02-15' })
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(before.body).toMatchObject({ converted_amount: '90.00', path: 'direct', rate: '0.9000000000', date: '2026-02-15' })
    const after = await post('/preview_conversion/', { from_currency: 'USD', to_currency: 'EUR', amount: '100', date: '2026-03-15' })
    // The 0.8 rate of 10 March is inactive: 0.95 of 1 March is in force.
    expect(after.body.converted_amount).toBe('95.00')
    expect(after.body.rates_used).toEqual([expect.objectContaining({ from_currency: 'USD', to_currency: 'EUR', effective_date: '2026-03-01', inverted: false })])
    const tooEarly = await post('/preview_conversion/', { from_currency: 'USD', to_currency: 'EUR', amount: '100', date: '2025-12-31' })
    expect(tooEarly.status).toBe(400)
    expect(tooEarly.body.non_field_errors[0]).toBe(
      'No conversion rate from USD to EUR is in force on 2025-12-31 (no direct or inverse rate, and none through the base currency).',
    )
  })

  it('uses the inverse rate, or crosses the base currency, and says which', async () => {
    const inverse = await post('/preview_conversion/', { from_currency: 'EUR', to_currency: 'USD', amount: '90', date: '2026-02-01' })
    expect(inverse.body).toMatchObject({ path: 'inverse', converted_amount: '100.00' })
    // AUD → USD 0.65, USD → GBP 0.8: 100 AUD = 52.00 GBP.
    const cross = await post('/preview_conversion/', { from_currency: 'AUD', to_currency: 'GBP', amount: '100', date: '2026-02-01' })
    expect(cross.body).toMatchObject({ path: 'cross', converted_amount: '52.00', rate: '0.5200000000' })
    expect(cross.body.rates_used.map((r: any) => `${r.from_currency}>${r.to_currency}`)).toEqual(['AUD>USD', 'USD>GBP'])
    // GBP → AUD crosses with both legs inverted: 52 GBP → 65 USD → 100 AUD.
    const back = await post('/preview_conversion/', { from_currency: 'GBP', to_currency: 'AUD', amount: '52', date: '2026-02-01' })
    expect(back.body).toMatchObject({ path: 'cross', converted_amount: '100.00' })
  })

  it('applies the margin exactly and rounds to the default decimal places; preview records nothing, convert does', async () => {
    const set = await post('/update_settings/', { global_margin_percentage: 2.5, default_decimal_places: 3, show_currency_symbols: true })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toMatchObject({ global_margin_percentage: '2.50', default_decimal_places: 3 })
    const before = (await server.handle.db.select().from(currencyConversions)).length
    const preview = await post('/preview_conversion/', { from_currency: 'USD', to_currency: 'EUR', amount: 123.45, date: '2026-02-01' })
    // 123.45 × 0.9 × 1.025 = 113.882625 → 113.883 (half up at 3 places)
    expect(preview.body).toMatchObject({ converted_amount: '113.883', formatted_amount: '€113.883', margin_percentage: '2.50', effective_rate: '0.9225000000', decimal_places: 3 })
    expect((await server.handle.db.select().from(currencyConversions)).length).toBe(before)
    const convert = await post('/convert/', { from_currency: 'USD', to_currency: 'EUR', amount: 123.45, date: '2026-02-01' })
    expect(convert.status).toBe(200)
    expect(convert.body.converted_amount).toBe('113.883')
    const rows = await server.handle.db.select().from(currencyConversions)
    expect(rows.length).toBe(before + 1)
    expect(rows.at(-1)).toMatchObject({ amount: '123.45', convertedAmount: '113.883', path: 'direct', rateDate: '2026-02-01' })
    await post('/update_settings/', { global_margin_percentage: 0, default_decimal_places: 2 })
  })

  it('refuses a non-numeric amount, the same currency twice, an inactive currency; a margin outside 0-50', async () => {
    const text = await post('/convert/', { from_currency: 'USD', to_currency: 'EUR', amount: 'ten' })
    expect(text.body).toEqual({ amount: ['Amount must be a number'] })
    const same = await post('/convert/', { from_currency: 'EUR', to_currency: 'EUR', amount: 1 })
    expect(same.body).toEqual({ to_currency: ['From and To currencies cannot be the same'] })
    const inactive = await post('/convert/', { from_currency: 'USD', to_currency: 'THB', amount: 1 })
    expect(inactive.body).toEqual({ to_currency: ['THB is not an active currency.'] })
    for (const margin of [-1, 50.01, 'lots']) {
      const res = await post('/update_settings/', { global_margin_percentage: margin })
      expect(res.status).toBe(400)
      expect(res.body.global_margin_percentage).toEqual(['Global margin percentage must be between 0 and 50'])
    }
    expect((await post('/update_settings/', { default_decimal_places: 5 })).body).toEqual({ default_decimal_places: ['Decimal places must be between 0 and 4'] })
    expect((await server.request(`${M}/currency_settings/`, { token: token.admin })).body.global_margin_percentage).toBe('0.00')
  })

  it('refuses to delete a currency still used by rates, and deletes an unused one', async () => {
    const res = await server.request(`${M}/${id.AUD}/`, { method: 'DELETE', token: token.admin })
    expect(res.status).toBe(409)
    expect(res.body.detail).toBe('This currency cannot be deleted: 1 conversion rate still refers to it. Deactivate it instead.')
    expect((await server.request(`${M}/${id.QQQ}/`, { method: 'DELETE', token: token.admin })).status).toBe(204)
  })
})

describe('rate updates', () => {
  it('imports a CSV file; a file with one bad line changes nothing and says so', async () => {
    const csv = 'from_currency,to_currency,rate,effective_date,source\nUSD,CAD,1.35,2026-04-01,bank\nUSD,CHF,0.88,2026-04-01,\n'
    const ok = await post('/import_rates/', { content: csv })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body).toMatchObject({ provider: 'file', created: 2, updated: 0 })
    const settingsBefore = (await server.request(`${M}/currency_settings/`, { token: token.admin })).body
    const bad = await post('/import_rates/', { content: 'from_currency,to_currency,rate,effective_date\nUSD,CAD,1.40,2026-04-01\nUSD,CHF,-2,2026-04-01\n' })
    expect(bad.status).toBe(400)
    // A refused file is not a rate update: the settings' last-update record stays as it was.
    expect((await server.request(`${M}/currency_settings/`, { token: token.admin })).body).toEqual(settingsBefore)
    expect(bad.body.non_field_errors[0]).toBe('Rates file import failed: Line 3: the rate "-2" is not a positive number. The current rates were left unchanged.')
    const cad = await post('/preview_conversion/', { from_currency: 'USD', to_currency: 'CAD', amount: 100, date: '2026-04-02' })
    expect(cad.body.converted_amount).toBe('135.00')
  })

  it('imports the ECB XML format (EUR to each currency), skipping codes not in the list', async () => {
    const xml = `<?xml version="1.0"?><gesmes:Envelope><Cube><Cube time="2026-04-03"><Cube currency="USD" rate="1.0850"/><Cube currency="ZZZ" rate="2"/><Cube currency="JPY" rate="162.5"/></Cube></Cube></gesmes:Envelope>`
    const res = await post('/import_rates/', { content: xml, filename: 'eurofxref-daily.xml' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ created: 2, skipped: ['ZZZ'] })
    const jpy = await post('/preview_conversion/', { from_currency: 'EUR', to_currency: 'JPY', amount: 10, date: '2026-04-03' })
    expect(jpy.body).toMatchObject({ path: 'direct', converted_amount: '1625.00' })
  })

  it('a downloading provider that fails leaves the rates untouched and says so; one that answers updates them', async () => {
    const count = async () => (await server.handle.db.select().from(conversionRates)).length
    const before = await count()
    const unreachable = await post('/update_settings/', { external_api_provider: 'ecb', provider_url: 'http://127.0.0.1:9/rates.xml', auto_update_rates: true })
    expect(unreachable.status, JSON.stringify(unreachable.body)).toBe(200)
    const failed = await post('/update_rates/', {})
    expect(failed.status).toBe(503)
    expect(failed.body.detail).toMatch(/^ECB reference rates download failed: The rates service could not be reached .* The current rates were left unchanged\.$/)
    expect(await count()).toBe(before)
    expect((await server.request(`${M}/currency_settings/`, { token: token.admin })).body.last_rate_update_message).toBe(failed.body.detail)

    const feed = http.createServer((_req, res) => res.end('<Cube><Cube time="2026-04-04"><Cube currency="GBP" rate="0.86"/></Cube></Cube>'))
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
    try {
      await post('/update_settings/', { provider_url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/daily.xml` })
      const ok = await post('/update_rates/', {})
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)
      expect(ok.body).toMatchObject({ provider: 'ecb', created: 1 })
    } finally {
      feed.close()
    }
  })

  it('the automatic update runs once a day across every app process, however many timers fire together', async () => {
    let downloads = 0
    const feed = http.createServer((_req, res) => {
      downloads++
      res.end('<Cube><Cube time="2026-04-05"><Cube currency="GBP" rate="0.87"/></Cube></Cube>')
    })
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
    try {
      const on = await post('/update_settings/', {
        external_api_provider: 'ecb',
        provider_url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/daily.xml`,
        auto_update_rates: true,
      })
      expect(on.status, JSON.stringify(on.body)).toBe(200)
      // Due: the last update is more than a day old.
      await server.handle.db.update(currencySettings).set({ lastRateUpdateAt: new Date(Date.now() - 25 * 3600_000) })
      // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the four run at once and only
      // the one conditional UPDATE that claims the day lets a single one through (a check then a write in a
      // transaction lets two download: checked so). On PGlite (one connection) their statements take turns, and the
      // same assertions check that outcome.
      const runs = await Promise.all([1, 2, 3, 4].map(() => autoUpdateRates(server.handle.db, { allowPrivateUrls: true })))
      expect(runs.filter(Boolean)).toHaveLength(1)
      expect(downloads).toBe(1)
      expect(await autoUpdateRates(server.handle.db, { allowPrivateUrls: true })).toBeNull()
      expect(downloads).toBe(1)
    } finally {
      feed.close()
    }
  })

  it('settings refuse an automatic update without a downloading provider', async () => {
    const noAddress = await post('/update_settings/', { provider_url: '' })
    expect(noAddress.body.provider_url).toEqual(['The ecb provider needs the address of its rates file.'])
    const manual = await post('/update_settings/', { external_api_provider: 'file', auto_update_rates: true })
    expect(manual.body.auto_update_rates[0]).toMatch(/Automatic updates need a provider that downloads rates/)
  })
})

describe('tRPC', () => {
  it('offers the same calls as procedures, with the same messages', async () => {
    const call = (path: string, input: unknown, who = 'admin', method = 'POST') =>
      method === 'GET'
        ? server.request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token: token[who] })
        : server.request(`/trpc/${path}`, { token: token[who], body: input })
    const preview = await call('currencies.preview', { from_currency: 'USD', to_currency: 'EUR', amount: '10', date: '2026-02-01' }, 'admin', 'GET')
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.result.data).toMatchObject({ converted_amount: '9.00', path: 'direct' })
    const bad = await call('currencies.rates.create', { from_currency: id.USD, to_currency: id.EUR, rate: 0, effective_date: '2026-05-01' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.data.fields).toEqual({ rate: ['Rate must be a positive number'] })
    const denied = await call('currencies.settings', undefined, 'traveler', 'GET')
    expect(denied.status).toBe(403)
    expect(denied.body.error.message).toBe("You don't have permission to manage currencies. Only admins and superadmins can access this page.")
  })
})
