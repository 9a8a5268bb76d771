import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * Countries, regions and locations (2-catalogue-content.md §7), the traveler-facing destinations (1-platform-core.md
 * §7), and suppliers. Each area's gate runs before a procedure reads its input (decision 010); the services check it
 * again. REST runs the same services, which refuse the same callers.
 */
const countriesMgmt = '/api/destinations/countries-mgmt'
const locationsMgmt = '/api/destinations/locations-mgmt'
const size = val.CATALOGUE_PAGE_SIZE

const destinationStaff = operations(gatedProcedure(core.canReadDestinations))
export const countries = {
  list: destinationStaff.list(core.listCountries, size, {
    at: [`GET ${countriesMgmt}/`, { at: 'GET /api/destinations/management/countries/', summary: 'Countries (the management path)' }],
    summary: 'Countries',
    query: val.CountryFilters,
  }),
  create: destinationStaff.create(core.createCountry, { at: `POST ${countriesMgmt}/`, summary: 'Create a country', body: val.CreateCountryInput }),
  selectOptions: destinationStaff.query(core.countryOptions, {
    at: `GET ${countriesMgmt}/select_options/`,
    summary: 'Countries as select options',
    query: val.CountryOptionsQuery,
  }),
  get: destinationStaff.get(core.getCountry, { at: `GET ${countriesMgmt}/{id}/`, summary: 'One country' }),
  update: destinationStaff.update(core.updateCountry, {
    at: `PATCH ${countriesMgmt}/{id}/`,
    summary: 'Change a country',
    body: val.UpdateCountryInput,
    readOnly: ['code', 'locations_count', 'activities_count', 'created_at'],
  }),
  delete: destinationStaff.remove(core.deleteCountry, { at: `DELETE ${countriesMgmt}/{id}/`, summary: 'Delete a country', errors: [409] }),
  regions: destinationStaff.get(core.listRegions, { at: `GET ${countriesMgmt}/{id}/regions/`, summary: "A country's regions" }),
}

const locationStaff = operations(gatedProcedure(core.canReadLocations))
export const locations = {
  list: locationStaff.list(core.listLocations, size, {
    at: [`GET ${locationsMgmt}/`, { at: 'GET /api/destinations/management/locations/', summary: 'Locations (the management path)' }],
    summary: 'Locations',
    query: val.LocationFilters,
  }),
  create: locationStaff.create(core.createLocation, { at: `POST ${locationsMgmt}/`, summary: 'Create a location', body: val.CreateLocationInput }),
  selectOptions: locationStaff.query(core.locationOptions, {
    at: `GET ${locationsMgmt}/select_options/`,
    summary: 'Locations as select options',
    query: val.LocationOptionsQuery,
  }),
  get: locationStaff.get(core.getLocation, { at: `GET ${locationsMgmt}/{id}/`, summary: 'One location' }),
  update: locationStaff.update(core.updateLocation, {
    at: `PATCH ${locationsMgmt}/{id}/`,
    summary: 'Change a location',
    body: val.UpdateLocationInput,
    readOnly: ['activities_count', 'accommodations_count', 'created_at'],
  }),
  delete: locationStaff.remove(core.deleteLocation, { at: `DELETE ${locationsMgmt}/{id}/`, summary: 'Delete a location', errors: [409] }),
}

/** Traveler-facing destinations: open to everyone. */
const anyone = operations(publicProcedure, { auth: 'optional' })
export const destinations = {
  list: anyone.list(core.listDestinations, 20, { at: 'GET /api/destinations/', summary: 'Destinations as travelers see them', query: val.DestinationFilters }),
  /** REST: no `q` searches for nothing (no results), as an empty one does. */
  search: anyone.custom(
    anyone.query(
      core.searchDestinations,
      undefined,
      v.object({ q: v.string(), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }),
    ).procedure,
    {
      at: 'GET /api/destinations/search/',
      summary: 'Search destinations by name',
      query: val.DestinationSearchQuery,
      handler: async ({ ctx, query }) => ({
        body: await core.searchDestinations(ctx, { q: query.get('q') ?? '', ...(query.get('limit') ? { limit: query.get('limit') } : {}) }),
      }),
    },
  ),
  get: anyone.get(core.getDestination, { at: 'GET /api/destinations/{id}/', summary: 'One destination' }),
}

const supplierReaders = operations(gatedProcedure(core.canReadSuppliers))
const supplierWriters = operations(gatedProcedure(core.canWriteSuppliers))
export const suppliers = {
  list: supplierReaders.list(core.listSuppliers, size, { at: 'GET /api/suppliers/', summary: 'Suppliers', query: val.SupplierFilters }),
  create: supplierWriters.create(core.createSupplier, { at: 'POST /api/suppliers/', summary: 'Create a supplier', body: val.CreateSupplierInput }),
  selectOptions: supplierReaders.query(core.supplierOptions, {
    at: 'GET /api/suppliers/select_options/',
    summary: 'Suppliers as select options',
    query: val.SupplierOptionsQuery,
  }),
  stats: supplierReaders.read(core.supplierStats, { at: 'GET /api/suppliers/stats/', summary: 'Supplier counts by status and type' }),
  countryOptions: supplierReaders.query(core.supplierCountryOptions, {
    at: 'GET /api/suppliers/country-options/',
    summary: 'Countries for the supplier form',
    query: val.CountryOptionsQuery,
  }),
  get: supplierReaders.get(core.getSupplier, { at: 'GET /api/suppliers/{id}/', summary: 'One supplier' }),
  update: supplierWriters.update(core.updateSupplier, {
    at: 'PATCH /api/suppliers/{id}/',
    summary: 'Change a supplier',
    body: val.UpdateSupplierInput,
    readOnly: ['status', 'rating', 'total_reviews', 'activities_count', 'schedule_text', 'policy_text', 'created_at'],
  }),
  setStatus: supplierWriters.flat(
    core.setSupplierStatus,
    { status: v.string() },
    { at: 'POST /api/suppliers/{id}/set_status/', summary: "Set a supplier's status", body: val.SetSupplierStatusInput },
  ),
  delete: supplierWriters.remove(core.deleteSupplier, { at: 'DELETE /api/suppliers/{id}/', summary: 'Delete a supplier', errors: [409] }),
}
