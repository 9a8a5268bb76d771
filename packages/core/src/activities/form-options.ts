import { and, asc, countries, currencies, eq, locations, suppliers } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { canManageActivities } from './access.ts'

/**
 * What the activity screen loads besides the list (§4 initial load): suppliers, countries and active currencies,
 * and the locations of one country (the location choice is limited to the chosen country). Editors manage
 * activities without supplier rights, so this is guarded by activity access, not supplier access.
 */
export async function activityFormOptions(ctx: ServiceContext, countryId?: number | null) {
  canManageActivities(ctx)
  const [supplierRows, countryRows, currencyRows, locationRows] = await Promise.all([
    ctx.db.select({ id: suppliers.id, name: suppliers.name, country_id: suppliers.countryId }).from(suppliers).orderBy(asc(suppliers.name)).limit(500),
    ctx.db.select({ id: countries.id, name: countries.name }).from(countries).where(eq(countries.isActive, true)).orderBy(asc(countries.name)),
    ctx.db.select({ code: currencies.code, name: currencies.name }).from(currencies).where(eq(currencies.isActive, true)).orderBy(asc(currencies.displayOrder), asc(currencies.code)),
    countryId ? activityLocationRows(ctx, countryId) : Promise.resolve([]),
  ])
  return { suppliers: supplierRows, countries: countryRows, currencies: currencyRows, locations: locationRows }
}

const activityLocationRows = (ctx: ServiceContext, countryId: number) =>
  ctx.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.countryId, countryId), eq(locations.isActive, true)))
    .orderBy(asc(locations.name))
    .limit(1000)

/** The active locations of one country, by name (at most 1000): the form's location choice. */
export async function activityLocations(ctx: ServiceContext, countryId: number) {
  canManageActivities(ctx)
  return activityLocationRows(ctx, countryId)
}
