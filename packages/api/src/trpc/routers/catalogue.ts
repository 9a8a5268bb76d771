import {
  countryOptions,
  createCountry,
  createLocation,
  createSupplier,
  deleteCountry,
  deleteLocation,
  deleteSupplier,
  getCountry,
  getDestination,
  getLocation,
  getSupplier,
  listCountries,
  listDestinations,
  listLocations,
  listRegions,
  listSuppliers,
  locationOptions,
  searchDestinations,
  setSupplierStatus,
  supplierCountryOptions,
  supplierOptions,
  supplierStats,
  updateCountry,
  updateLocation,
  updateSupplier,
  canReadDestinations,
  canReadLocations,
  canReadSuppliers,
  canWriteSuppliers,
} from '@meridian/core'
import { CATALOGUE_PAGE_SIZE, RecordId } from '@meridian/validators'
import { listInput as pagedInput, pageFields, pageWindow } from '../paging.ts'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure, router } from '../init.ts'

// Each area's access rule runs before the input is read (decision 010); the services check it again.
const destinationsProcedure = gatedProcedure(canReadDestinations)
const locationsProcedure = gatedProcedure(canReadLocations)
const supplierReadProcedure = gatedProcedure(canReadSuppliers)
const supplierWriteProcedure = gatedProcedure(canWriteSuppliers)

/**
 * Inputs are checked by the services (the same valibot schemas as REST), so procedures take loose objects here
 * and field messages come out identical on both fronts.
 */
const filters = v.optional(v.record(v.string(), v.unknown()), {})
const listInput = pagedInput(CATALOGUE_PAGE_SIZE)
const byId = v.object({ id: RecordId })
const patch = v.object({ id: RecordId, data: v.record(v.string(), v.unknown()) })
const data = v.record(v.string(), v.unknown())

const page = (input: { page?: number; page_size?: number; cursor?: string }) => pageWindow(input, CATALOGUE_PAGE_SIZE)

export const countriesRouter = router({
  list: destinationsProcedure.input(listInput).query(({ ctx, input }) => listCountries(ctx.service, input.filters, page(input))),
  selectOptions: destinationsProcedure.input(filters).query(({ ctx, input }) => countryOptions(ctx.service, input)),
  get: destinationsProcedure.input(byId).query(({ ctx, input }) => getCountry(ctx.service, input.id)),
  regions: destinationsProcedure.input(byId).query(({ ctx, input }) => listRegions(ctx.service, input.id)),
  create: destinationsProcedure.input(data).mutation(({ ctx, input }) => createCountry(ctx.service, input)),
  update: destinationsProcedure.input(patch).mutation(({ ctx, input }) => updateCountry(ctx.service, input.id, input.data)),
  delete: destinationsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteCountry(ctx.service, input.id)
    return { id: input.id, deleted: true }
  }),
})

export const locationsRouter = router({
  list: locationsProcedure.input(listInput).query(({ ctx, input }) => listLocations(ctx.service, input.filters, page(input))),
  selectOptions: locationsProcedure.input(filters).query(({ ctx, input }) => locationOptions(ctx.service, input)),
  get: locationsProcedure.input(byId).query(({ ctx, input }) => getLocation(ctx.service, input.id)),
  create: locationsProcedure.input(data).mutation(({ ctx, input }) => createLocation(ctx.service, input)),
  update: locationsProcedure.input(patch).mutation(({ ctx, input }) => updateLocation(ctx.service, input.id, input.data)),
  delete: locationsProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteLocation(ctx.service, input.id)
    return { id: input.id, deleted: true }
  }),
})

export const suppliersRouter = router({
  list: supplierReadProcedure.input(listInput).query(({ ctx, input }) => listSuppliers(ctx.service, input.filters, page(input))),
  selectOptions: supplierReadProcedure.input(filters).query(({ ctx, input }) => supplierOptions(ctx.service, input)),
  stats: supplierReadProcedure.query(({ ctx }) => supplierStats(ctx.service)),
  countryOptions: supplierReadProcedure.input(filters).query(({ ctx, input }) => supplierCountryOptions(ctx.service, input)),
  get: supplierReadProcedure.input(byId).query(({ ctx, input }) => getSupplier(ctx.service, input.id)),
  create: supplierWriteProcedure.input(data).mutation(({ ctx, input }) => createSupplier(ctx.service, input)),
  update: supplierWriteProcedure.input(patch).mutation(({ ctx, input }) => updateSupplier(ctx.service, input.id, input.data)),
  setStatus: supplierWriteProcedure
    .input(v.object({ id: RecordId, status: v.string() }))
    .mutation(({ ctx, input }) => setSupplierStatus(ctx.service, input.id, { status: input.status })),
  delete: supplierWriteProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteSupplier(ctx.service, input.id)
    return { id: input.id, deleted: true }
  }),
})

/** Traveler-facing destinations: open to everyone, like the REST paths. */
export const destinationsRouter = router({
  list: publicProcedure
    .input(v.optional(v.object({ filters, ...pageFields(20) }), {}))
    .query(({ ctx, input }) => listDestinations(ctx.service, input.filters, page(input))),
  get: publicProcedure.input(byId).query(({ ctx, input }) => getDestination(ctx.service, input.id)),
  search: publicProcedure
    .input(v.object({ q: v.string(), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }))
    .query(({ ctx, input }) => searchDestinations(ctx.service, input)),
})
