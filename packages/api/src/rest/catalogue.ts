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
import {
  CATALOGUE_PAGE_SIZE,
  CountryFilters,
  CountryOptionsQuery,
  CreateCountryInput,
  CreateLocationInput,
  CreateSupplierInput,
  DestinationFilters,
  DestinationSearchQuery,
  LocationFilters,
  LocationOptionsQuery,
  SetSupplierStatusInput,
  SupplierFilters,
  SupplierOptionsQuery,
  UpdateCountryInput,
  UpdateLocationInput,
  UpdateSupplierInput,
} from '@meridian/validators'
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
    .add('GET', `${countriesMgmt}/`, paged(listCountries, CATALOGUE_PAGE_SIZE), { summary: 'Countries', query: CountryFilters, paginated: true })
    .add('GET', '/api/destinations/management/countries/', paged(listCountries, CATALOGUE_PAGE_SIZE), {
      summary: 'Countries (the management path)',
      query: CountryFilters,
      paginated: true,
    })
    .add('POST', `${countriesMgmt}/`, async ({ ctx, body }) => ({ status: 201, body: await createCountry(ctx, await body()) }), {
      summary: 'Create a country',
      body: CreateCountryInput,
      status: 201,
    })
    .add('GET', `${countriesMgmt}/select_options/`, async ({ ctx, query }) => ({ body: await countryOptions(ctx, filters(query)) }), {
      summary: 'Countries as select options',
      query: CountryOptionsQuery,
    })
    .add('GET', `${countriesMgmt}/{id}/`, async ({ ctx, params }) => ({ body: await getCountry(ctx, params.id) }), { summary: 'One country' })
    .add('PATCH', `${countriesMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateCountry(ctx, params.id, await body()) }), {
      summary: 'Change a country',
      body: UpdateCountryInput,
      readOnly: ['code', 'locations_count', 'activities_count', 'created_at'],
    })
    .add(
      'DELETE',
      `${countriesMgmt}/{id}/`,
      async ({ ctx, params }) => {
        await deleteCountry(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a country', errors: [409] },
    )
    .add('GET', `${countriesMgmt}/{id}/regions/`, async ({ ctx, params }) => ({ body: await listRegions(ctx, params.id) }), { summary: "A country's regions" })
    .add('GET', `${locationsMgmt}/`, paged(listLocations, CATALOGUE_PAGE_SIZE), { summary: 'Locations', query: LocationFilters, paginated: true })
    .add('GET', '/api/destinations/management/locations/', paged(listLocations, CATALOGUE_PAGE_SIZE), {
      summary: 'Locations (the management path)',
      query: LocationFilters,
      paginated: true,
    })
    .add('POST', `${locationsMgmt}/`, async ({ ctx, body }) => ({ status: 201, body: await createLocation(ctx, await body()) }), {
      summary: 'Create a location',
      body: CreateLocationInput,
      status: 201,
    })
    .add('GET', `${locationsMgmt}/select_options/`, async ({ ctx, query }) => ({ body: await locationOptions(ctx, filters(query)) }), {
      summary: 'Locations as select options',
      query: LocationOptionsQuery,
    })
    .add('GET', `${locationsMgmt}/{id}/`, async ({ ctx, params }) => ({ body: await getLocation(ctx, params.id) }), { summary: 'One location' })
    .add('PATCH', `${locationsMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateLocation(ctx, params.id, await body()) }), {
      summary: 'Change a location',
      body: UpdateLocationInput,
      readOnly: ['activities_count', 'accommodations_count', 'created_at'],
    })
    .add(
      'DELETE',
      `${locationsMgmt}/{id}/`,
      async ({ ctx, params }) => {
        await deleteLocation(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a location', errors: [409] },
    )
    .add('GET', '/api/destinations/', paged(listDestinations, 20), 'optional', {
      summary: 'Destinations as travelers see them',
      query: DestinationFilters,
      paginated: true,
    })
    .add(
      'GET',
      '/api/destinations/search/',
      async ({ ctx, query }) => ({
        body: await searchDestinations(ctx, { q: query.get('q') ?? '', ...(query.get('limit') ? { limit: query.get('limit') } : {}) }),
      }),
      'optional',
      { summary: 'Search destinations by name', query: DestinationSearchQuery },
    )
    .add('GET', '/api/destinations/{id}/', async ({ ctx, params }) => ({ body: await getDestination(ctx, params.id) }), 'optional', {
      summary: 'One destination',
    })
}

/** Suppliers (2-catalogue-content.md §7). */
export function supplierRoutes(table: RouteTable) {
  table
    .add('GET', '/api/suppliers/', paged(listSuppliers, CATALOGUE_PAGE_SIZE), { summary: 'Suppliers', query: SupplierFilters, paginated: true })
    .add('POST', '/api/suppliers/', async ({ ctx, body }) => ({ status: 201, body: await createSupplier(ctx, await body()) }), {
      summary: 'Create a supplier',
      body: CreateSupplierInput,
      status: 201,
    })
    .add('GET', '/api/suppliers/select_options/', async ({ ctx, query }) => ({ body: await supplierOptions(ctx, filters(query)) }), {
      summary: 'Suppliers as select options',
      query: SupplierOptionsQuery,
    })
    .add('GET', '/api/suppliers/stats/', async ({ ctx }) => ({ body: await supplierStats(ctx) }), { summary: 'Supplier counts by status and type' })
    .add('GET', '/api/suppliers/country-options/', async ({ ctx, query }) => ({ body: await supplierCountryOptions(ctx, filters(query)) }), {
      summary: 'Countries for the supplier form',
      query: CountryOptionsQuery,
    })
    .add('GET', '/api/suppliers/{id}/', async ({ ctx, params }) => ({ body: await getSupplier(ctx, params.id) }), { summary: 'One supplier' })
    .add('PATCH', '/api/suppliers/{id}/', async ({ ctx, params, body }) => ({ body: await updateSupplier(ctx, params.id, await body()) }), {
      summary: 'Change a supplier',
      body: UpdateSupplierInput,
      readOnly: ['status', 'rating', 'total_reviews', 'activities_count', 'created_at'],
    })
    .add('POST', '/api/suppliers/{id}/set_status/', async ({ ctx, params, body }) => ({ body: await setSupplierStatus(ctx, params.id, await body()) }), {
      summary: "Set a supplier's status",
      body: SetSupplierStatusInput,
    })
    .add(
      'DELETE',
      '/api/suppliers/{id}/',
      async ({ ctx, params }) => {
        await deleteSupplier(ctx, params.id)
        return noContent
      },
      { summary: 'Delete a supplier', errors: [409] },
    )
}
