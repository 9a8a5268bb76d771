import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { HttpError } from '../rest/http.ts'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { custom, type Operation, operations, restOnly } from './kit.ts'

/**
 * Currencies, conversion rates, settings and conversions (3-back-office.md §7 Currencies) behind manage_currencies
 * (decision 013), and transfers (§7 Transfers) behind the transfer roles (decision 015). Each gate runs before a
 * procedure reads its input; the services check it again and parse the same schemas as REST.
 */
const mgmt = '/api/currencies-mgmt'
const rates = `${mgmt}/conversion_rates`
const transfersAt = '/api/itineraries/transfers'

/** The /api/v1 family's version header (3-back-office.md §7): sent on every answer, checked when a client sends it. */
const VERSION_HEADER = 'X-API-Version'
const ACCEPTED_VERSIONS = new Set(['v1', '1', '1.0'])
const v1 = <O extends Operation>(op: O): O => ({
  ...op,
  rest: op.rest.map((e) => ({
    ...e,
    handler: async (call) => {
      const sent = call.req.headers[VERSION_HEADER.toLowerCase()]
      const value = Array.isArray(sent) ? sent[0] : sent
      if (value !== undefined && !ACCEPTED_VERSIONS.has(value.trim().toLowerCase())) {
        throw new HttpError(406, { detail: `Invalid version in "${VERSION_HEADER}" header.` }, { [VERSION_HEADER]: 'v1' })
      }
      const reply = await e.handler(call)
      if ('streamed' in reply) return reply
      return { ...reply, headers: { ...reply.headers, [VERSION_HEADER]: 'v1' } }
    },
  })),
})

const manage = gatedProcedure(core.canManageCurrencies)
const staff = operations(manage)
export const currencies = {
  public: v1(
    operations(publicProcedure).read(core.listPublicCurrencies, {
      at: 'GET /api/v1/currencies/public/',
      auth: 'public',
      summary: 'The active currencies (the /api/v1 family: answers X-API-Version)',
      errors: [406],
    }),
  ),
  // The diagnostics screen probes this path (§7 Diagnostics): the active currencies, like the public call.
  active: restOnly({
    at: 'GET /api/currencies/',
    auth: 'optional',
    summary: 'The active currencies',
    returns: 'listPublicCurrencies',
    handler: async ({ ctx }) => ({ body: await core.listPublicCurrencies(ctx) }),
  }),
  list: staff.list(core.listCurrencies, 200, { at: `GET ${mgmt}/`, summary: 'Currencies', query: val.CurrencyFilters }),
  create: staff.create(core.createCurrency, { at: `POST ${mgmt}/`, summary: 'Create a currency', body: val.CreateCurrencyInput }),
  'rates.list': staff.list(core.listRates, 100, { at: `GET ${rates}/`, summary: 'Conversion rates', query: val.RateFilters }),
  'rates.create': staff.create(core.createRate, {
    at: `POST ${mgmt}/create_conversion_rate/`,
    summary: 'Create a conversion rate',
    body: val.ConversionRateInput,
  }),
  'rates.get': staff.get(core.getRate, { at: `GET ${rates}/{id}/`, summary: 'One conversion rate' }),
  /** PUT replaces a rate; PATCH (and tRPC `rates.update`) changes the fields sent. */
  'rates.replace': restOnly({
    at: `PUT ${rates}/{id}/`,
    summary: 'Replace a conversion rate',
    body: val.ConversionRateInput,
    returns: 'updateRate',
    handler: async ({ ctx, params, body }) => ({ body: await core.updateRate(ctx, params.id, await body()) }),
  }),
  'rates.update': staff.update((ctx, id, data) => core.updateRate(ctx, id, data, true), {
    at: `PATCH ${rates}/{id}/`,
    summary: 'Change a conversion rate',
    body: val.UpdateConversionRateInput,
    readOnly: ['is_current', 'created_at'],
  }),
  'rates.delete': staff.remove(core.deleteRate, { at: `DELETE ${rates}/{id}/`, summary: 'Delete a conversion rate' }),
  convert: staff.create(core.convertCurrency, {
    at: `POST ${mgmt}/convert/`,
    summary: 'Convert an amount and record the conversion',
    body: val.ConversionRequest,
    status: 200,
  }),
  /** A query on tRPC (it records nothing); a POST with a body on REST. */
  preview: custom(
    manage.input(v.record(v.string(), v.unknown())).query(({ ctx, input }) => core.previewConversion(ctx.service, input)),
    {
      at: `POST ${mgmt}/preview_conversion/`,
      summary: 'Convert an amount without recording it',
      body: val.ConversionRequest,
      handler: async ({ ctx, body }) => ({ body: await core.previewConversion(ctx, await body()) }),
    },
  ),
  settings: staff.read(core.getCurrencySettings, { at: `GET ${mgmt}/currency_settings/`, summary: 'The currency settings' }),
  updateSettings: staff.create(core.updateCurrencySettings, {
    at: `POST ${mgmt}/update_settings/`,
    summary: 'Change the currency settings',
    body: val.CurrencySettingsInput,
    status: 200,
  }),
  'rates.import': staff.create(core.importRates, {
    at: `POST ${mgmt}/import_rates/`,
    summary: 'Import conversion rates (a list, or from the configured provider)',
    body: val.RateImportInput,
    status: 200,
  }),
  'rates.updateNow': staff.command(core.updateRatesNow, {
    at: `POST ${mgmt}/update_rates/`,
    summary: 'Fetch rates from the configured provider now',
    errors: [503],
  }),
  get: staff.get(core.getCurrency, { at: `GET ${mgmt}/{id}/`, summary: 'One currency' }),
  /** PUT replaces a currency; PATCH (and tRPC `update`) changes the fields sent. */
  replace: restOnly({
    at: `PUT ${mgmt}/{id}/`,
    summary: 'Replace a currency',
    body: val.CreateCurrencyInput,
    returns: 'updateCurrency',
    handler: async ({ ctx, params, body }) => ({ body: await core.updateCurrency(ctx, params.id, await body(), false) }),
  }),
  update: staff.update(core.updateCurrency, {
    at: `PATCH ${mgmt}/{id}/`,
    summary: 'Change a currency',
    body: val.UpdateCurrencyInput,
    readOnly: ['is_base_currency', 'created_at'],
  }),
  delete: staff.remove(core.deleteCurrency, { at: `DELETE ${mgmt}/{id}/`, summary: 'Delete a currency', errors: [409] }),
}

const transferStaff = operations(gatedProcedure(core.canManageTransfers))
export const transfers = {
  list: transferStaff.list(core.listTransfers, 100, { at: `GET ${transfersAt}/`, summary: 'Transfers', query: val.TransferFilters }),
  create: transferStaff.create(core.createTransfer, { at: `POST ${transfersAt}/`, summary: 'Create a transfer', body: val.CreateTransferInput }),
  selectOptions: transferStaff.query(core.transferOptions, {
    at: `GET ${transfersAt}/select_options/`,
    summary: 'Transfers as select options',
    query: val.TransferFilters,
  }),
  get: transferStaff.get(core.getTransfer, { at: `GET ${transfersAt}/{id}/`, summary: 'One transfer' }),
  update: transferStaff.update(core.updateTransfer, {
    at: [`PATCH ${transfersAt}/{id}/`, `PUT ${transfersAt}/{id}/`],
    summary: 'Change a transfer',
    body: val.CreateTransferInput,
    readOnly: ['from_country_name', 'to_country_name', 'from_location_name', 'to_location_name', 'created_at'],
  }),
  delete: transferStaff.remove(core.deleteTransfer, { at: `DELETE ${transfersAt}/{id}/`, summary: 'Delete a transfer', errors: [409] }),
}
