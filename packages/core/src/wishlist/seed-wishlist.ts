import { activities, and, asc, countries, type Database, eq, inArray, sql, suppliers, trips, users, wishlistItems } from '@meridian/db'
import { DEMO_STAY_LABEL } from '../accommodations/seed-accommodations.ts'

const HOUR = 3_600_000

/**
 * A few saved items for the demo traveler (demo data: a demo destination, a demo stay, an activity and one of their
 * demo trips, whichever exist), saved over the last days. Runs once: nothing happens when the traveler has saved
 * anything. Needs the demo trips and stays seeded first. Returns the items added.
 */
export async function seedDemoWishlist(db: Database): Promise<number> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'))
  if (!traveler) return 0
  const [have] = await db.select({ id: wishlistItems.id }).from(wishlistItems).where(eq(wishlistItems.userId, traveler.id)).limit(1)
  if (have) return 0
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.name, 'Japan'), eq(countries.isActive, true)))
  const [stay] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.supplierType, 'accommodation'), eq(suppliers.status, 'active'), sql`${suppliers.description} like ${`${DEMO_STAY_LABEL}%`}`))
    .orderBy(asc(suppliers.id))
    .limit(1)
  const [activity] = await db.select({ id: activities.id }).from(activities).where(eq(activities.isActive, true)).orderBy(asc(activities.id)).limit(1)
  const [trip] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.travelerId, traveler.id), inArray(trips.status, ['planning', 'booked'])))
    .orderBy(asc(trips.startDate), asc(trips.id))
    .limit(1)
  const now = Date.now()
  const rows: (typeof wishlistItems.$inferInsert)[] = []
  if (country) rows.push({ userId: traveler.id, itemType: 'destination', countryId: country.id, savedAt: new Date(now - 72 * HOUR) })
  if (stay) rows.push({ userId: traveler.id, itemType: 'hotel', supplierId: stay.id, savedAt: new Date(now - 50 * HOUR) })
  if (activity) rows.push({ userId: traveler.id, itemType: 'activity', activityId: activity.id, savedAt: new Date(now - 26 * HOUR) })
  if (trip) rows.push({ userId: traveler.id, itemType: 'trip', tripId: trip.id, savedAt: new Date(now - 3 * HOUR) })
  if (rows.length === 0) return 0
  await db.insert(wishlistItems).values(rows).onConflictDoNothing()
  return rows.length
}
