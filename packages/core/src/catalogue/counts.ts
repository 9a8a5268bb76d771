import { activities, count, type Database, locations, sql } from '@meridian/db'
import { byIds } from '../lists/paged-list.ts'

/**
 * Read-only counts (2-catalogue-content.md §3), computed on every read, one prepared statement per figure for all
 * the rows of a page. Accommodations are a later feature: their count is 0 until that table exists, and this is
 * the one place that learns to count them.
 */
const countsBy = (rows: { id: number | null; n: number }[]) => new Map(rows.map((r) => [r.id as number, r.n]))

const locationsPerCountry = byIds('country_location_counts', (db, ids) =>
  db
    .select({ id: locations.countryId, n: count() })
    .from(locations)
    .where(sql`${locations.countryId} = any(${ids})`)
    .groupBy(locations.countryId),
)

type ActivityRef = typeof activities.countryId | typeof activities.locationId | typeof activities.supplierId

const activitiesPer = (name: string, column: ActivityRef) =>
  byIds(name, (db, ids) =>
    db
      .select({ id: column, n: count() })
      .from(activities)
      .where(sql`${column} = any(${ids})`)
      .groupBy(column),
  )
const activitiesPerCountry = activitiesPer('country_activity_counts', activities.countryId)
const activitiesPerLocation = activitiesPer('location_activity_counts', activities.locationId)
const activitiesPerSupplier = activitiesPer('supplier_activity_counts', activities.supplierId)

export const locationCounts = async (db: Database, countryIds: number[]) => countsBy(await locationsPerCountry(db, countryIds))
export const countryActivityCounts = async (db: Database, ids: number[]) => countsBy(await activitiesPerCountry(db, ids))
export const locationActivityCounts = async (db: Database, ids: number[]) => countsBy(await activitiesPerLocation(db, ids))
export const locationAccommodationCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
export const supplierActivityCounts = async (db: Database, ids: number[]) => countsBy(await activitiesPerSupplier(db, ids))
