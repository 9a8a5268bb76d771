import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, count, type DatabaseHandle, eq, locations, regions } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { seedCatalogueIfEmpty, seedReferenceCatalogue } from './seed-catalogue.ts'
import { normalizeSearch } from './shared.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

const total = async (table: typeof countries | typeof regions | typeof locations) =>
  (await handle.db.select({ n: count() }).from(table))[0]!.n

describe('reference catalogue', () => {
  it('loads every country, first-level regions and capitals at first start, and only then', async () => {
    const first = await seedCatalogueIfEmpty(handle.db)
    expect(first?.countries).toBeGreaterThanOrEqual(245)
    expect(first?.regions).toBeGreaterThanOrEqual(3800)
    const [france] = await handle.db.select().from(countries).where(eq(countries.code, 'FR'))
    expect(france).toMatchObject({ name: 'France', continent: 'Europe', capital: 'Paris', currency: 'EUR', language: 'French' })
    expect(france!.mainAirports).toContain('CDG')
    const [paris] = await handle.db.select().from(locations).where(eq(locations.countryId, france!.id))
    expect(paris).toMatchObject({ name: 'Paris', locationType: 'city', isFeatured: true, timezone: 'Europe/Paris' })
    expect(Number(paris!.latitude)).toBeCloseTo(48.85, 1)
    expect(await seedCatalogueIfEmpty(handle.db)).toBeNull()
  })

  it('adds airports and cities up to the requested total, and a second run changes nothing', async () => {
    await seedReferenceCatalogue(handle.db, { locations: 8_000 })
    expect(await total(locations)).toBe(8_000)
    const [cdg] = await handle.db.select().from(locations).where(eq(locations.airportCode, 'CDG'))
    expect(cdg).toMatchObject({ locationType: 'airport', timezone: 'Europe/Paris' })
    const before = { countries: await total(countries), regions: await total(regions) }
    await seedReferenceCatalogue(handle.db, { locations: 8_000 })
    expect({ countries: await total(countries), regions: await total(regions), locations: await total(locations) }).toEqual({
      ...before,
      locations: 8_000,
    })
  })
})

describe('normalizeSearch', () => {
  it('drops accents and case the way the database index does', () => {
    expect(normalizeSearch('  São   Tomé ')).toBe('sao tome')
    expect(normalizeSearch('Straße Łódź Ærø')).toBe('strasse lodz aero')
  })
})
