import { activities, countries, currencies, type Database, eq, locations } from '@meridian/db'

/**
 * A minimal real activity (with a country, a location and USD made when missing), for tests of features that refer
 * to activities (media of core.activity). Returns its id.
 */
export async function insertTestActivity(db: Database, name = 'Test Activity'): Promise<number> {
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  const currencyId = usd?.id ?? (await db.insert(currencies).values({ code: 'USD', name: 'US Dollar', symbol: '$' }).returning({ id: currencies.id }))[0]!.id
  const [country] = await db.insert(countries).values({ name: `${name} Land ${Math.random().toString(36).slice(2, 8)}`, continent: 'Europe' }).returning({ id: countries.id })
  const [location] = await db.insert(locations).values({ name: `${name} Town`, countryId: country!.id }).returning({ id: locations.id })
  const [row] = await db
    .insert(activities)
    .values({ name, description: 'For tests.', currencyId, locationId: location!.id, countryId: country!.id, supplierName: 'Test supplier' })
    .returning({ id: activities.id })
  return row!.id
}
