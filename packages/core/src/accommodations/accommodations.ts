import { AccommodationFilters } from '@meridian/validators'
import { countries, type Database, eq, getTableColumns, sql, suppliers } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { escapeLike, normalizeSearch, recordId } from '../catalogue/shared.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { featuredImages } from './featured-images.ts'

export const ACCOMMODATION_MESSAGES = {
  notFound: 'Accommodation not found.',
  travelersOnly: 'Only travelers can request a stay.',
} as const

type SupplierRow = typeof suppliers.$inferSelect

/**
 * What a traveler may see of an accommodation supplier (docs/bookings.md "Accommodations"): no contact e-mail or
 * phone, payment terms, licence, notes, tags or API ids, which stay with staff.
 */
export function serializeAccommodation(s: SupplierRow, country: { id: number; name: string } | null, image: string | null) {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    city: s.city,
    country,
    rating: Number(s.rating),
    total_reviews: s.totalReviews,
    website: s.website,
    services_offered: s.servicesOffered,
    languages_supported: s.languagesSupported,
    verified: s.verified,
    image,
  }
}
export type AccommodationDto = ReturnType<typeof serializeAccommodation>

/** Conditions every accommodation read has: an active supplier of type accommodation (literals: see decision 021). */
const isAccommodation = sql`${suppliers.supplierType} = 'accommodation' and ${suppliers.status} = 'active'`

/** The search form of name and city (not e-mail or contact, which travelers must not be able to probe). */
const travelerSearchKey = sql`meridian_search_key(${suppliers.name} || ' ' || ${suppliers.city})`

/** Accommodations by name, read from the supplier type index in this order (decision 021). */
const accommodationList = pagedList({
  name: 'accommodations',
  table: suppliers,
  id: suppliers.id,
  keys: [
    { expr: suppliers.name, type: 'text' },
    { expr: suppliers.id, type: 'int' },
  ],
  direction: 'asc',
  where: isAccommodation,
  filters: {
    search: (p) => sql`${travelerSearchKey} like ${p()}`,
    country: (p) => sql`${suppliers.countryId} = ${p()}`,
    city: (p) => sql`meridian_search_key(${suppliers.city}) = ${p()}`,
    verified: (p) => sql`${suppliers.verified} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(suppliers), countryRef: { id: countries.id, name: countries.name }, ...page.cursor })
      .from(page.from)
      .innerJoin(suppliers, eq(suppliers.id, page.id))
      .leftJoin(countries, eq(countries.id, suppliers.countryId)),
})

function filterValues(f: AccommodationFilters) {
  const key = f.search ? normalizeSearch(f.search) : ''
  const city = f.city ? normalizeSearch(f.city) : ''
  return { search: key ? `%${escapeLike(key)}%` : undefined, country: f.country, city: city || undefined, verified: f.verified }
}

/**
 * GET /api/accommodations/: active accommodation suppliers by name (search, country, city, verified), as travelers
 * see them. Open to everyone, like the traveler-facing destinations they belong to.
 */
export async function listAccommodations(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const filters = filterValues(parseInput(AccommodationFilters, query ?? {}))
  const { count, rows, next_cursor } = await accommodationList.page(ctx.db, filters, page)
  const images = await featuredImages(
    ctx.db,
    'core.accommodation',
    rows.map((r) => r.id),
  )
  const results = rows.map(({ countryRef, ...row }) =>
    serializeAccommodation(row as SupplierRow, countryRef?.id ? countryRef : null, images.get(row.id) ?? null),
  )
  return { count, results, next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const accommodationListQueries = (db: Database, query: unknown, page: PageWindow) =>
  accommodationList.queries(db, filterValues(parseInput(AccommodationFilters, query ?? {})), page)

/** An active accommodation supplier with its country, or 404 (another kind of supplier is not one). */
export async function loadAccommodation(db: Database, rawId: unknown) {
  const id = recordId(rawId, ACCOMMODATION_MESSAGES.notFound)
  const [row] = await db
    .select({ supplier: suppliers, country: { id: countries.id, name: countries.name } })
    .from(suppliers)
    .leftJoin(countries, eq(countries.id, suppliers.countryId))
    .where(sql`${suppliers.id} = ${id} and ${isAccommodation}`)
  if (!row) throw new DomainError('not_found', ACCOMMODATION_MESSAGES.notFound)
  return { supplier: row.supplier, country: row.country?.id ? row.country : null }
}

/** GET /api/accommodations/{id}/: one active accommodation as travelers see it. Open to everyone. */
export async function getAccommodation(ctx: ServiceContext, rawId: unknown): Promise<AccommodationDto> {
  const { supplier, country } = await loadAccommodation(ctx.db, rawId)
  const images = await featuredImages(ctx.db, 'core.accommodation', [supplier.id])
  return serializeAccommodation(supplier, country, images.get(supplier.id) ?? null)
}
