import { ActivityFilters } from '@meridian/validators'
import { activities, type Database, eq, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { canManageActivities } from './access.ts'
import { activityColumns, type CatalogueActivityDto, expandActivities, joinActivityNames } from './serialize.ts'

/**
 * Activities newest first (decision 021). Each filter has an index in this order; search reads the name's prefix
 * index (one or two letters: names that start with them) or its trigram index (anywhere in the name).
 */
const activityList = pagedList({
  name: 'activities',
  table: activities,
  id: activities.id,
  keys: [
    { expr: activities.createdAt, type: 'timestamp' },
    { expr: activities.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    search_prefix: (p) => sql`(${activities.searchName} ~>=~ ${p('lo')} and ${activities.searchName} ~<~ ${p('hi')})`,
    search: (p) => sql`${activities.searchName} like ${p()}`,
    category: (p) => sql`${activities.category} = ${p()}`,
    difficulty: (p) => sql`${activities.difficulty} = ${p()}`,
    supplier_id: (p) => sql`${activities.supplierId} = ${p()}`,
    country_id: (p) => sql`${activities.countryId} = ${p()}`,
    location_id: (p) => sql`${activities.locationId} = ${p()}`,
    is_featured: (p) => sql`${activities.isFeatured} = ${p()}`,
    is_active: (p) => sql`${activities.isActive} = ${p()}`,
  },
  // The stats chips, over the same filters; the figures come from activities_stats_idx alone (index-only scan).
  totals: {
    active: sql`count(*) filter (where ${activities.isActive})`,
    featured: sql`count(*) filter (where ${activities.isFeatured})`,
  },
  rows: (db, page) => joinActivityNames(db.select({ ...activityColumns, ...page.cursor }).from(page.from).innerJoin(activities, eq(activities.id, page.id))),
})

function filterValues(f: ActivityFilters) {
  const key = f.search ? normalizeSearch(f.search) : ''
  const flag = (x: boolean | '' | undefined) => (typeof x === 'boolean' ? x : undefined)
  return {
    search_prefix: key && key.length < 3 ? { lo: key, hi: `${key}\u{10FFFF}` } : undefined,
    search: key.length >= 3 ? `%${escapeLike(key)}%` : undefined,
    category: f.category || undefined,
    difficulty: f.difficulty || undefined,
    supplier_id: f.supplier_id || undefined,
    country_id: f.country_id ?? f.country ?? undefined,
    location_id: f.location_id ?? f.location ?? undefined,
    is_featured: flag(f.is_featured),
    is_active: flag(f.is_active),
  }
}

export interface ActivityStats {
  total: number
  active: number
  featured: number
}

/**
 * A page of activities, newest first, with the figures of the stats chips (total, active, featured) over the same
 * filters: search (name), category, difficulty, supplier_id, country, location, is_featured, is_active. Five
 * statements whatever the page: its rows, the figures, tiers and tags. Needs activity management access.
 */
export async function listActivities(
  ctx: ServiceContext,
  query: unknown,
  page: PageWindow,
): Promise<{ count: number; results: CatalogueActivityDto[]; stats: ActivityStats; next_cursor: string | null }> {
  canManageActivities(ctx)
  const filters = parseInput(ActivityFilters, query ?? {})
  const { totals, rows, next_cursor } = await activityList.page(ctx.db, filterValues(filters), page)
  const figures = { total: totals.count ?? 0, active: totals.active ?? 0, featured: totals.featured ?? 0 }
  return { count: figures.total, results: await expandActivities(ctx.db, rows), stats: figures, next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const activityListQueries = (db: Database, query: unknown, page: PageWindow) =>
  activityList.queries(db, filterValues(parseInput(ActivityFilters, query ?? {})), page)
