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
} from '@meridian/core'
import { CATALOGUE_PAGE_SIZE } from '@meridian/validators'
import { pagedList as paged, queryFilters as filters } from './pagination.ts'
import type { RouteTable } from './router.ts'

const noContent = { status: 204, body: null }

/**
 * Countries, regions and locations (2-catalogue-content.md §7), the traveler-facing destinations
 * (1-platform-core.md §7), and the paths the diagnostics screen probes (3-back-office.md §7).
 */
export function destinationRoutes(table: RouteTable) {
  const countriesMgmt = '/api/destinations/countries-mgmt'
  const locationsMgmt = '/api/destinations/locations-mgmt'
  table
    .add('GET', `${countriesMgmt}/`, paged(listCountries, CATALOGUE_PAGE_SIZE))
    .add('GET', '/api/destinations/management/countries/', paged(listCountries, CATALOGUE_PAGE_SIZE))
    .add('POST', `${countriesMgmt}/`, async ({ ctx, body }) => ({ status: 201, body: await createCountry(ctx, await body()) }))
    .add('GET', `${countriesMgmt}/select_options/`, async ({ ctx, query }) => ({ body: await countryOptions(ctx, filters(query)) }))
    .add('GET', `${countriesMgmt}/{id}/`, async ({ ctx, params }) => ({ body: await getCountry(ctx, params.id) }))
    .add('PATCH', `${countriesMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCountry(ctx, params.id, await body()) }))
    .add('DELETE', `${countriesMgmt}/{id}/`, async ({ ctx, params }) => {
      await deleteCountry(ctx, params.id)
      return noContent
    })
    .add('GET', `${countriesMgmt}/{id}/regions/`, async ({ ctx, params }) => ({ body: await listRegions(ctx, params.id) }))
    .add('GET', `${locationsMgmt}/`, paged(listLocations, CATALOGUE_PAGE_SIZE))
    .add('GET', '/api/destinations/management/locations/', paged(listLocations, CATALOGUE_PAGE_SIZE))
    .add('POST', `${locationsMgmt}/`, async ({ ctx, body }) => ({ status: 201, body: await createLocation(ctx, await body()) }))
    .add('GET', `${locationsMgmt}/select_options/`, async ({ ctx, query }) => ({ body: await locationOptions(ctx, filters(query)) }))
    .add('GET', `${locationsMgmt}/{id}/`, async ({ ctx, params }) => ({ body: await getLocation(ctx, params.id) }))
    .add('PATCH', `${locationsMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateLocation(ctx, params.id, await body()) }))
    .add('DELETE', `${locationsMgmt}/{id}/`, async ({ ctx, params }) => {
      await deleteLocation(ctx, params.id)
      return noContent
    })
    .add('GET', '/api/destinations/', paged(listDestinations, 20), 'optional')
    .add('GET', '/api/destinations/search/', async ({ ctx, query }) => ({ body: await searchDestinations(ctx, { q: query.get('q') ?? '', ...(query.get('limit') ? { limit: query.get('limit') } : {}) }) }), 'optional')
    .add('GET', '/api/destinations/{id}/', async ({ ctx, params }) => ({ body: await getDestination(ctx, params.id) }), 'optional')
}

/** Suppliers (2-catalogue-content.md §7). */
export function supplierRoutes(table: RouteTable) {
  table
    .add('GET', '/api/suppliers/', paged(listSuppliers, CATALOGUE_PAGE_SIZE))
    .add('POST', '/api/suppliers/', async ({ ctx, body }) => ({ status: 201, body: await createSupplier(ctx, await body()) }))
    .add('GET', '/api/suppliers/select_options/', async ({ ctx, query }) => ({ body: await supplierOptions(ctx, filters(query)) }))
    .add('GET', '/api/suppliers/stats/', async ({ ctx }) => ({ body: await supplierStats(ctx) }))
    .add('GET', '/api/suppliers/country-options/', async ({ ctx, query }) => ({ body: await supplierCountryOptions(ctx, filters(query)) }))
    .add('GET', '/api/suppliers/{id}/', async ({ ctx, params }) => ({ body: await getSupplier(ctx, params.id) }))
    .add('PATCH', '/api/suppliers/{id}/', async ({ ctx, params, body }) => ({ body: await updateSupplier(ctx, params.id, await body()) }))
    .add('POST', '/api/suppliers/{id}/set_status/', async ({ ctx, params, body }) => ({ body: await setSupplierStatus(ctx, params.id, await body()) }))
    .add('DELETE', '/api/suppliers/{id}/', async ({ ctx, params }) => {
      await deleteSupplier(ctx, params.id)
      return noContent
    })
}
