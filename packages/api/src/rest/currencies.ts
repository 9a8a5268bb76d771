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
import {
  ConversionRateInput,
  ConversionRequest,
  CreateCurrencyInput,
  CreateTransferInput,
  CurrencyFilters,
  CurrencySettingsInput,
  RateFilters,
  RateImportInput,
  TransferFilters,
  UpdateConversionRateInput,
  UpdateCurrencyInput,
} from '@meridian/validators'
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
    .add(
      'GET',
      '/api/v1/currencies/public/',
      versioned(async ({ ctx }) => ({ body: await listPublicCurrencies(ctx) })),
      'public',
      { summary: 'The active currencies (the /api/v1 family: answers X-API-Version)', errors: [406] },
    )
    // The diagnostics screen probes this path (§7 Diagnostics): the active currencies, like the public call.
    .add('GET', '/api/currencies/', async ({ ctx }) => ({ body: await listPublicCurrencies(ctx) }), 'optional', { summary: 'The active currencies' })
    .add('GET', `${base}/`, paged(listCurrencies, 200), { summary: 'Currencies', query: CurrencyFilters, paginated: true })
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createCurrency(ctx, await body()) }), {
      summary: 'Create a currency',
      body: CreateCurrencyInput,
      status: 201,
    })
    .add('GET', `${base}/conversion_rates/`, paged(listRates, 100), { summary: 'Conversion rates', query: RateFilters, paginated: true })
    .add('POST', `${base}/create_conversion_rate/`, async ({ ctx, body }) => ({ status: 201, body: await createRate(ctx, await body()) }), {
      summary: 'Create a conversion rate',
      body: ConversionRateInput,
      status: 201,
    })
    .add('GET', `${base}/conversion_rates/{id}/`, async ({ ctx, params }) => ({ body: await getRate(ctx, params.id) }), { summary: 'One conversion rate' })
    .add('PUT', `${base}/conversion_rates/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRate(ctx, params.id, await body()) }), {
      summary: 'Replace a conversion rate',
      body: ConversionRateInput,
    })
    .add('PATCH', `${base}/conversion_rates/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRate(ctx, params.id, await body(), true) }), {
      summary: 'Change a conversion rate',
      body: UpdateConversionRateInput,
      readOnly: ['is_current', 'created_at'],
    })
    .add(
      'DELETE',
      `${base}/conversion_rates/{id}/`,
      async ({ ctx, params }) => {
        await deleteRate(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a conversion rate' },
    )
    .add('POST', `${base}/convert/`, async ({ ctx, body }) => ({ body: await convertCurrency(ctx, await body()) }), {
      summary: 'Convert an amount and record the conversion',
      body: ConversionRequest,
    })
    .add('POST', `${base}/preview_conversion/`, async ({ ctx, body }) => ({ body: await previewConversion(ctx, await body()) }), {
      summary: 'Convert an amount without recording it',
      body: ConversionRequest,
    })
    .add('GET', `${base}/currency_settings/`, async ({ ctx }) => ({ body: await getCurrencySettings(ctx) }), { summary: 'The currency settings' })
    .add('POST', `${base}/update_settings/`, async ({ ctx, body }) => ({ body: await updateCurrencySettings(ctx, await body()) }), {
      summary: 'Change the currency settings',
      body: CurrencySettingsInput,
    })
    .add('POST', `${base}/import_rates/`, async ({ ctx, body }) => ({ body: await importRates(ctx, await body()) }), {
      summary: 'Import conversion rates (a list, or from the configured provider)',
      body: RateImportInput,
    })
    .add('POST', `${base}/update_rates/`, async ({ ctx }) => ({ body: await updateRatesNow(ctx) }), {
      summary: 'Fetch rates from the configured provider now',
      body: null,
      errors: [503],
    })
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getCurrency(ctx, params.id) }), { summary: 'One currency' })
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCurrency(ctx, params.id, await body(), false) }), {
      summary: 'Replace a currency',
      body: CreateCurrencyInput,
    })
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCurrency(ctx, params.id, await body()) }), {
      summary: 'Change a currency',
      body: UpdateCurrencyInput,
      readOnly: ['is_base_currency', 'created_at'],
    })
    .add(
      'DELETE',
      `${base}/{id}/`,
      async ({ ctx, params }) => {
        await deleteCurrency(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a currency', errors: [409] },
    )
}

/** Transfers (3-back-office.md §7 Transfers). */
export function transferRoutes(table: RouteTable) {
  const base = '/api/itineraries/transfers'
  table
    .add('GET', `${base}/`, paged(listTransfers, 100), { summary: 'Transfers', query: TransferFilters, paginated: true })
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createTransfer(ctx, await body()) }), {
      summary: 'Create a transfer',
      body: CreateTransferInput,
      status: 201,
    })
    .add('GET', `${base}/select_options/`, async ({ ctx, query }) => ({ body: await transferOptions(ctx, filters(query)) }), {
      summary: 'Transfers as select options',
      query: TransferFilters,
    })
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getTransfer(ctx, params.id) }), { summary: 'One transfer' })
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTransfer(ctx, params.id, await body()) }), {
      summary: 'Change a transfer',
      body: CreateTransferInput,
      readOnly: ['from_country_name', 'to_country_name', 'from_location_name', 'to_location_name', 'created_at'],
    })
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTransfer(ctx, params.id, await body()) }), {
      summary: 'Change a transfer',
      body: CreateTransferInput,
      readOnly: ['from_country_name', 'to_country_name', 'from_location_name', 'to_location_name', 'created_at'],
    })
    .add(
      'DELETE',
      `${base}/{id}/`,
      async ({ ctx, params }) => {
        await deleteTransfer(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a transfer', errors: [409] },
    )
}
