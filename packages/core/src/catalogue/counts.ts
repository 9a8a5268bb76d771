import { type Database, count, inArray, locations } from '@meridian/db'

/**
 * Read-only counts (2-catalogue-content.md §3), computed on every read. Activities and accommodations are later
 * features: their counts are 0 until those tables exist, and this is the one place that learns to count them.
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

export const countryActivityCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
export const locationActivityCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
export const locationAccommodationCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
export const supplierActivityCounts = async (_db: Database, _ids: number[]) => new Map<number, number>()
