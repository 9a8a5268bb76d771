import { activities, count, type Database, inArray, locations } from '@meridian/db'

/**
 * Read-only counts (2-catalogue-content.md §3), computed on every read. Accommodations are a later feature: their
 * count is 0 until that table exists, and this is the one place that learns to count them.
 */
export async function locationCounts(db: Database, countryIds: number[]): Promise<Map<number, number>> {
  if (countryIds.length === 0) return new Map()
  const rows = await db
    .select({ id: locations.countryId, n: count() })
    .from(locations)
    .where(inArray(locations.countryId, countryIds))
    .groupBy(locations.countryId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

type ActivityRef = typeof activities.countryId | typeof activities.locationId | typeof activities.supplierId

async function activityCounts(db: Database, column: ActivityRef, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: column, n: count() }).from(activities).where(inArray(column, ids)).groupBy(column)
  return new Map(rows.map((r) => [r.id as number, r.n]))
}

export const countryActivityCounts = (db: Database, ids: number[]) => activityCounts(db, activities.countryId, ids)
export const locationActivityCounts = (db: Database, ids: number[]) => activityCounts(db, activities.locationId, ids)
export const locationAccommodationCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
export const supplierActivityCounts = (db: Database, ids: number[]) => activityCounts(db, activities.supplierId, ids)
