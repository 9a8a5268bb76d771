import {
  convertCurrency,
  createCurrency,
  createRate,
  createTransfer,
  deleteCurrency,
  deleteRate,
  deleteTransfer,
  getCurrency,
  getCurrencySettings,
  getRate,
  getTransfer,
  importRates,
  listCurrencies,
  listPublicCurrencies,
  listRates,
  listTransfers,
  previewConversion,
  transferOptions,
  updateCurrency,
  updateCurrencySettings,
  updateRate,
  updateRatesNow,
  updateTransfer,
} from '@meridian/core'
import { HttpError } from './http.ts'
import { pagedList as paged, queryFilters as filters } from './pagination.ts'
import type { Handler, RouteTable } from './router.ts'

/** The /api/v1 family's version header (3-back-office.md §7): sent on every answer, checked when a client sends it. */
export const API_VERSION_HEADER = 'X-API-Version'
const ACCEPTED_VERSIONS = new Set(['v1', '1', '1.0'])

export const versioned =
  (handler: Handler): Handler =>
  async (call) => {
    const sent = call.req.headers[API_VERSION_HEADER.toLowerCase()]
    const value = Array.isArray(sent) ? sent[0] : sent
    if (value !== undefined && !ACCEPTED_VERSIONS.has(value.trim().toLowerCase())) {
      throw new HttpError(406, { detail: `Invalid version in "${API_VERSION_HEADER}" header.` }, { [API_VERSION_HEADER]: 'v1' })
    }
    const reply = await handler(call)
    if ('streamed' in reply) return reply
    return { ...reply, headers: { ...reply.headers, [API_VERSION_HEADER]: 'v1' } }
  }

const noContent = { status: 204, body: null }

/** Currencies, conversion rates, settings and conversions (3-back-office.md §7 Currencies). */
export function currencyRoutes(table: RouteTable) {
  const base = '/api/currencies-mgmt'
  table
    .add('GET', '/api/v1/currencies/public/', versioned(async ({ ctx }) => ({ body: await listPublicCurrencies(ctx) })), 'public')
    // The diagnostics screen probes this path (§7 Diagnostics): the active currencies, like the public call.
    .add('GET', '/api/currencies/', async ({ ctx }) => ({ body: await listPublicCurrencies(ctx) }), 'optional')
    .add('GET', `${base}/`, paged(listCurrencies, 200))
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createCurrency(ctx, await body()) }))
    .add('GET', `${base}/conversion_rates/`, paged(listRates, 100))
    .add('POST', `${base}/create_conversion_rate/`, async ({ ctx, body }) => ({ status: 201, body: await createRate(ctx, await body()) }))
    .add('GET', `${base}/conversion_rates/{id}/`, async ({ ctx, params }) => ({ body: await getRate(ctx, params.id) }))
    .add('PUT', `${base}/conversion_rates/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRate(ctx, params.id, await body()) }))
    .add('PATCH', `${base}/conversion_rates/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRate(ctx, params.id, await body(), true) }))
    .add('DELETE', `${base}/conversion_rates/{id}/`, async ({ ctx, params }) => {
      await deleteRate(ctx, params.id)
      return noContent
    })
    .add('POST', `${base}/convert/`, async ({ ctx, body }) => ({ body: await convertCurrency(ctx, await body()) }))
    .add('POST', `${base}/preview_conversion/`, async ({ ctx, body }) => ({ body: await previewConversion(ctx, await body()) }))
    .add('GET', `${base}/currency_settings/`, async ({ ctx }) => ({ body: await getCurrencySettings(ctx) }))
    .add('POST', `${base}/update_settings/`, async ({ ctx, body }) => ({ body: await updateCurrencySettings(ctx, await body()) }))
    .add('POST', `${base}/import_rates/`, async ({ ctx, body }) => ({ body: await importRates(ctx, await body()) }))
    .add('POST', `${base}/update_rates/`, async ({ ctx }) => ({ body: await updateRatesNow(ctx) }))
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getCurrency(ctx, params.id) }))
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCurrency(ctx, params.id, await body(), false) }))
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCurrency(ctx, params.id, await body()) }))
    .add('DELETE', `${base}/{id}/`, async ({ ctx, params }) => {
      await deleteCurrency(ctx, params.id)
      return noContent
    })
}

/** Transfers (3-back-office.md §7 Transfers). */
export function transferRoutes(table: RouteTable) {
  const base = '/api/itineraries/transfers'
  table
    .add('GET', `${base}/`, paged(listTransfers, 100))
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createTransfer(ctx, await body()) }))
    .add('GET', `${base}/select_options/`, async ({ ctx, query }) => ({ body: await transferOptions(ctx, filters(query)) }))
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getTransfer(ctx, params.id) }))
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTransfer(ctx, params.id, await body()) }))
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTransfer(ctx, params.id, await body()) }))
    .add('DELETE', `${base}/{id}/`, async ({ ctx, params }) => {
      await deleteTransfer(ctx, params.id)
      return noContent
    })
}
