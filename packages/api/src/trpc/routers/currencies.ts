import { RecordId } from '@meridian/validators'
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
  canManageCurrencies,
  canManageTransfers,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure, router } from '../init.ts'

// manage_currencies (decision 013) and the transfer roles (decision 015), checked before the input is read.
const currenciesProcedure = gatedProcedure(canManageCurrencies)
const transfersProcedure = gatedProcedure(canManageTransfers)
import { listInput, pageWindow } from '../paging.ts'

/** Loose inputs: the services parse them with the same schemas as REST, so messages match on both fronts. */
const data = v.record(v.string(), v.unknown())
const filters = v.optional(v.record(v.string(), v.unknown()), {})
const page = pageWindow
const byId = v.object({ id: RecordId })
const patch = v.object({ id: RecordId, data })

/** Currencies, rates, settings and conversions: the /api/currencies-mgmt/ calls as procedures. */
export const currenciesRouter = router({
  public: publicProcedure.query(({ ctx }) => listPublicCurrencies(ctx.service)),
  list: currenciesProcedure.input(listInput(200)).query(({ ctx, input }) => listCurrencies(ctx.service, input.filters, page(input, 200))),
  get: currenciesProcedure.input(byId).query(({ ctx, input }) => getCurrency(ctx.service, input.id)),
  create: currenciesProcedure.input(data).mutation(({ ctx, input }) => createCurrency(ctx.service, input)),
  update: currenciesProcedure.input(patch).mutation(({ ctx, input }) => updateCurrency(ctx.service, input.id, input.data)),
  delete: currenciesProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteCurrency(ctx.service, input.id)
    return { id: input.id, deleted: true }
  }),
  rates: router({
    list: currenciesProcedure.input(listInput(100)).query(({ ctx, input }) => listRates(ctx.service, input.filters, page(input, 100))),
    get: currenciesProcedure.input(byId).query(({ ctx, input }) => getRate(ctx.service, input.id)),
    create: currenciesProcedure.input(data).mutation(({ ctx, input }) => createRate(ctx.service, input)),
    update: currenciesProcedure.input(patch).mutation(({ ctx, input }) => updateRate(ctx.service, input.id, input.data, true)),
    delete: currenciesProcedure.input(byId).mutation(async ({ ctx, input }) => {
      await deleteRate(ctx.service, input.id)
      return { id: input.id, deleted: true }
    }),
    import: currenciesProcedure.input(data).mutation(({ ctx, input }) => importRates(ctx.service, input)),
    updateNow: currenciesProcedure.mutation(({ ctx }) => updateRatesNow(ctx.service)),
  }),
  settings: currenciesProcedure.query(({ ctx }) => getCurrencySettings(ctx.service)),
  updateSettings: currenciesProcedure.input(data).mutation(({ ctx, input }) => updateCurrencySettings(ctx.service, input)),
  preview: currenciesProcedure.input(data).query(({ ctx, input }) => previewConversion(ctx.service, input)),
  convert: currenciesProcedure.input(data).mutation(({ ctx, input }) => convertCurrency(ctx.service, input)),
})

export const transfersRouter = router({
  list: transfersProcedure.input(listInput(100)).query(({ ctx, input }) => listTransfers(ctx.service, input.filters, page(input, 100))),
  selectOptions: transfersProcedure.input(filters).query(({ ctx, input }) => transferOptions(ctx.service, input)),
  get: transfersProcedure.input(byId).query(({ ctx, input }) => getTransfer(ctx.service, input.id)),
  create: transfersProcedure.input(data).mutation(({ ctx, input }) => createTransfer(ctx.service, input)),
  update: transfersProcedure.input(patch).mutation(({ ctx, input }) => updateTransfer(ctx.service, input.id, input.data)),
  delete: transfersProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteTransfer(ctx.service, input.id)
    return { id: input.id, deleted: true }
  }),
})
