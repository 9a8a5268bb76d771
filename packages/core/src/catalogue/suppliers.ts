import {
  CreateSupplierInput,
  SELECT_OPTIONS_LIMIT,
  SELECT_OPTIONS_MAX,
  SetSupplierStatusInput,
  SupplierFilters,
  SupplierOptionsQuery,
  UpdateSupplierInput,
} from '@meridian/validators'
import { and, asc, count, countries, type Database, eq, getTableColumns, inArray, or, type SQL, sql, suppliers } from '@meridian/db'
import { pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CATALOGUE_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canReadSuppliers, canWriteSuppliers } from './access.ts'
import { countryOptionsFor, type Page } from './countries.ts'
import { supplierActivityCounts } from './counts.ts'
import { serializeSupplier, type SupplierDto } from './serialize.ts'
import { escapeLike, normalizeSearch, recordId, referencingTable, stillReferenced, textMatch } from './shared.ts'

type SupplierRow = typeof suppliers.$inferSelect

async function expand(db: Database, rows: SupplierRow[]): Promise<SupplierDto[]> {
  if (rows.length === 0) return []
  const countryIds = [...new Set(rows.map((r) => r.countryId).filter((x): x is number => x !== null))]
  const [cs, acts] = await Promise.all([
    countryIds.length
      ? db
          .select({ id: countries.id, name: countries.name, continent: countries.continent })
          .from(countries)
          .where(inArray(countries.id, countryIds))
      : Promise.resolve([]),
    supplierActivityCounts(
      db,
      rows.map((r) => r.id),
    ),
  ])
  const byId = new Map(cs.map((c) => [c.id, c]))
  return rows.map((r) =>
    serializeSupplier(r, { country: r.countryId ? (byId.get(r.countryId) ?? null) : null }, { activities: acts.get(r.id) ?? 0 }),
  )
}

/** Supplier search looks at the name, company, contact, e-mail and city (search_text, trigram-indexed). */
function conditions(filters: { search?: string; supplier_type?: string; status?: string; verified?: boolean; country?: number }): SQL[] {
  const where: SQL[] = []
  if (filters.search) {
    const key = normalizeSearch(filters.search)
    if (key) where.push(sql`${suppliers.searchText} like ${`%${escapeLike(key)}%`}`)
  }
  if (filters.supplier_type) where.push(sql`${suppliers.supplierType} = ${filters.supplier_type}`)
  if (filters.status) where.push(sql`${suppliers.status} = ${filters.status}`)
  if (filters.verified !== undefined) where.push(eq(suppliers.verified, filters.verified))
  if (filters.country) where.push(eq(suppliers.countryId, filters.country))
  return where
}

/** Suppliers by name, with their country after the page is cut; each filter has an index in this order (decision 021). */
const supplierList = pagedList({
  name: 'suppliers',
  table: suppliers,
  id: suppliers.id,
  keys: [
    { expr: suppliers.name, type: 'text' },
    { expr: suppliers.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    search: (p) => sql`${suppliers.searchText} like ${p()}`,
    supplier_type: (p) => sql`${suppliers.supplierType} = ${p()}`,
    status: (p) => sql`${suppliers.status} = ${p()}`,
    verified: (p) => sql`${suppliers.verified} = ${p()}`,
    country: (p) => sql`${suppliers.countryId} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({
        ...getTableColumns(suppliers),
        countryRef: { id: countries.id, name: countries.name, continent: countries.continent },
        ...page.cursor,
      })
      .from(page.from)
      .innerJoin(suppliers, eq(suppliers.id, page.id))
      .leftJoin(countries, eq(countries.id, suppliers.countryId)),
})

function supplierFilterValues(f: SupplierFilters) {
  const key = f.search ? normalizeSearch(f.search) : ''
  return {
    search: key ? `%${escapeLike(key)}%` : undefined,
    supplier_type: f.supplier_type || undefined,
    status: f.status || undefined,
    verified: f.verified,
    country: f.country || undefined,
  }
}

/** `type` is the select_options spelling of `supplier_type` (§7). */
const withTypeAlias = (query: unknown) => {
  const q = (query ?? {}) as Record<string, unknown>
  return q.type !== undefined && q.supplier_type === undefined ? { ...q, supplier_type: q.type } : q
}
const withoutAlias = (query: unknown) => {
  const { type: _type, page: _page, page_size: _size, ...rest } = withTypeAlias(query) as Record<string, unknown>
  return rest
}

/** Suppliers by name: search, type, status, verified and country filters. Needs manage_suppliers or view_suppliers. */
export async function listSuppliers(ctx: ServiceContext, query: unknown, page: Page) {
  canReadSuppliers(ctx)
  const filters = parseInput(SupplierFilters, withoutAlias(query))
  const { count, rows, next_cursor } = await supplierList.page(ctx.db, supplierFilterValues(filters), page)
  const acts = await supplierActivityCounts(
    ctx.db,
    rows.map((r) => r.id),
  )
  const results = rows.map(({ countryRef, ...row }) => serializeSupplier(row, { country: countryRef }, { activities: acts.get(row.id) ?? 0 }))
  return { count, results, next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const supplierListQueries = (db: Database, query: unknown, page: Page) =>
  supplierList.queries(db, supplierFilterValues(parseInput(SupplierFilters, withoutAlias(query))), page)

/** `{id, name, supplier_type, status, verified}` options, best matches first (search, type, status, verified). */
export async function supplierOptions(ctx: ServiceContext, query: unknown) {
  canReadSuppliers(ctx)
  const q = parseInput(SupplierOptionsQuery, withoutAlias(query))
  const where = conditions(q)
  let rank: SQL[] = []
  if (q.search) {
    const match = textMatch(suppliers.name, q.search)
    if (match.key) rank = match.rank
  }
  return ctx.db
    .select({ id: suppliers.id, name: suppliers.name, supplier_type: suppliers.supplierType, status: suppliers.status, verified: suppliers.verified })
    .from(suppliers)
    .where(and(...where))
    .orderBy(...rank, asc(suppliers.name), asc(suppliers.id))
    .limit(Math.min(q.limit ?? SELECT_OPTIONS_LIMIT, SELECT_OPTIONS_MAX))
}

/** total_suppliers, active_suppliers, verified_suppliers, average_rating (of suppliers with reviews, 2 places). */
export async function supplierStats(ctx: ServiceContext) {
  canReadSuppliers(ctx)
  const [row] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${suppliers.status} = 'active')`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${suppliers.verified})`.mapWith(Number),
      average: sql<string | null>`round(avg(${suppliers.rating}) filter (where ${suppliers.totalReviews} > 0), 2)`,
    })
    .from(suppliers)
  return {
    total_suppliers: row?.total ?? 0,
    active_suppliers: row?.active ?? 0,
    verified_suppliers: row?.verified ?? 0,
    average_rating: row?.average == null ? 0 : Number(row.average),
  }
}

/** GET suppliers/country-options/: `{id, name, continent}` of countries (search, is_active). Needs supplier access. */
export async function supplierCountryOptions(ctx: ServiceContext, query: unknown) {
  canReadSuppliers(ctx)
  return countryOptionsFor(ctx.db, query)
}

/**
 * Active countries as `{id, name}` by name: the supplier form's country choice (§5), with `keep` (the supplier's own
 * country) even if it has since been made inactive. Needs supplier access.
 */
export async function listSupplierCountryChoices(ctx: ServiceContext, keep: number | null = null) {
  canReadSuppliers(ctx)
  const active = eq(countries.isActive, true)
  return ctx.db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(keep ? or(active, eq(countries.id, keep)) : active)
    .orderBy(asc(countries.name))
}

async function loadSupplier(db: Database, id: number): Promise<SupplierRow> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id))
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.supplierNotFound)
  return row
}

export async function getSupplier(ctx: ServiceContext, rawId: unknown): Promise<SupplierDto> {
  canReadSuppliers(ctx)
  const row = await loadSupplier(ctx.db, recordId(rawId, CATALOGUE_MESSAGES.supplierNotFound))
  return (await expand(ctx.db, [row]))[0]!
}

function supplierValues(input: UpdateSupplierInput) {
  const values: Partial<typeof suppliers.$inferInsert> = {
    name: input.name,
    supplierType: input.supplier_type,
    companyName: input.company_name,
    contactPerson: input.contact_person,
    email: input.email,
    phone: input.phone,
    website: input.website,
    address: input.address,
    city: input.city,
    stateProvince: input.state_province,
    postalCode: input.postal_code,
    countryId: input.country,
    licenseNumber: input.license_number,
    description: input.description,
    servicesOffered: input.services_offered,
    operatingLocations: input.operating_locations,
    languagesSupported: input.languages_supported,
    verified: input.verified,
    paymentTerms: input.payment_terms,
    scheduleTerms: input.schedule_terms,
    cancellationTerms: input.cancellation_terms,
    timeZone: input.time_zone,
    notes: input.notes,
    tags: input.tags,
    externalApiIds: input.external_api_ids as Record<string, string> | undefined,
    apiSyncStatus: input.api_sync_status,
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof suppliers.$inferInsert>
}

/**
 * A supplier's country is one of the active countries (§5: chosen by searching them). The country a supplier already
 * has stays acceptable after it was made inactive, so an edit that leaves it as it is still saves.
 */
async function checkCountry(db: Database, countryId: number | null | undefined, current: number | null = null) {
  if (!countryId) return
  const [row] = await db.select({ name: countries.name, isActive: countries.isActive }).from(countries).where(eq(countries.id, countryId))
  if (!row) throw DomainError.invalid({ country: [CATALOGUE_MESSAGES.supplierUnknownCountry] })
  if (!row.isActive && countryId !== current) throw DomainError.invalid({ country: [CATALOGUE_MESSAGES.supplierInactiveCountry(row.name)] })
}

/** Add a supplier; a new supplier is active unless a status comes with it (§4). Needs manage_suppliers. */
export async function createSupplier(ctx: ServiceContext, input: unknown): Promise<SupplierDto> {
  canWriteSuppliers(ctx)
  const data = parseInput(CreateSupplierInput, input)
  await checkCountry(ctx.db, data.country)
  const [row] = await ctx.db
    .insert(suppliers)
    .values({ ...supplierValues(data), name: data.name, status: data.status ?? 'active' } as typeof suppliers.$inferInsert)
    .returning()
  return (await expand(ctx.db, [row!]))[0]!
}

/** Change some fields of a supplier. Its status changes only through setSupplierStatus. Needs manage_suppliers. */
export async function updateSupplier(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<SupplierDto> {
  canWriteSuppliers(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.supplierNotFound)
  const data = parseInput(UpdateSupplierInput, input)
  const current = await loadSupplier(ctx.db, id)
  // The status is read here and changed through its own action: sent back as it is, it is taken (and changes nothing).
  if (input && typeof input === 'object' && 'status' in input && (input as { status: unknown }).status !== current.status) {
    throw DomainError.invalid({ status: ['The status changes through its own action (set_status).'] })
  }
  await checkCountry(ctx.db, data.country, current.countryId)
  const values = supplierValues(data)
  const [row] = Object.keys(values).length
    ? await ctx.db.update(suppliers).set(values).where(eq(suppliers.id, id)).returning()
    : [await loadSupplier(ctx.db, id)]
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.supplierNotFound)
  return (await expand(ctx.db, [row]))[0]!
}

/** Set a supplier's status (active, inactive, pending, suspended). Needs manage_suppliers. */
export async function setSupplierStatus(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<SupplierDto> {
  canWriteSuppliers(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.supplierNotFound)
  const { status } = parseInput(SetSupplierStatusInput, input)
  const [row] = await ctx.db.update(suppliers).set({ status }).where(eq(suppliers.id, id)).returning()
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.supplierNotFound)
  return (await expand(ctx.db, [row]))[0]!
}

/** Delete a supplier; refused (409) while activities or other records refer to it. Needs manage_suppliers. */
export async function deleteSupplier(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canWriteSuppliers(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.supplierNotFound)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).for('update')
    if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.supplierNotFound)
    try {
      await tx.delete(suppliers).where(eq(suppliers.id, id))
    } catch (error) {
      const table = referencingTable(error)
      if (table) throw stillReferenced('supplier', {}, table)
      throw error
    }
  })
}
