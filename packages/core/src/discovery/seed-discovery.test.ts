import { countries } from '@meridian/db'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { tripTestBed } from '../trips/test-bed.ts'
import { searchCatalogue } from './search-catalogue.ts'
import { seedDemoDiscovery } from './seed-discovery.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
let traveler: ServiceContext

beforeAll(async () => {
  bed = await tripTestBed()
  traveler = bed.as.traveler!
  await bed.handle.db.insert(countries).values({ name: 'Maldives', continent: 'Asia' })
})

describe('the Search & Discovery demo data', () => {
  it('puts Malé on the map with rated activities and a stay, labelled, once', async () => {
    expect(await seedDemoDiscovery(bed.handle.db)).toBe(5)
    expect(await seedDemoDiscovery(bed.handle.db)).toBe(0)
    const found = await searchCatalogue(traveler, { q: 'Male' })
    expect(found.results[0]).toMatchObject({ type: 'location', title: 'Malé', latitude: 4.1755, longitude: 73.5093 })
    const rated = await searchCatalogue(traveler, { rating: '4.5', sort: 'rating', location: 'male' })
    expect(rated.results.map((r) => [r.title, r.rating])).toEqual([
      ['House reef snorkelling safari', 4.8],
      ['Malé fish market and old town walk', 4.8],
      ['Sunset dolphin cruise from Malé', 4.8],
      ['Malé Lagoon Guesthouse', 4.5],
    ])
    expect(rated.results.every((r) => r.description.startsWith('Demo data:'))).toBe(true)
    // A letter doubled in a word of a longer name is forgiven too.
    const typo = await searchCatalogue(traveler, { q: 'Malle', type: 'activity' })
    expect(typo.results.map((r) => r.title)).toContain('Sunset dolphin cruise from Malé')
  })
})
