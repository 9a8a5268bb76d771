// `npm run seed`: demo data for the configured database — one account per role (password meridian-demo) and the
// reference catalogue (every country, its regions, capitals, airports and cities).
// Safe to run twice: existing accounts and catalogue rows are kept as they are, and the demo world (docs/demo.md) is
// added once (again after `npm run demo:clear`).
//
//   npm run seed                          demo accounts, countries, first-level regions, 5,000 locations
//   npm run seed -- --size large          also second-level regions and 120,000 locations (the benchmark's set)
//   npm run seed -- --locations 20000     any number of locations (capitals, then airports, then cities)
//   npm run seed -- --all-regions         second-level regions (counties, districts) too
//   npm run seed -- --activities 100000   any number of activities (demo: 200; large: 100,000)
import { createAppServices, loadConfig, openAppDatabase } from '@meridian/core'
import { DEMO_PASSWORD, seedDemoUsers, seedDemoWorld } from '@meridian/core/seed'
import { seedReferenceCatalogue } from '@meridian/core/catalogue-seed'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { seedActivities } from '@meridian/core/activity-seed'

const SIZES = { demo: { locations: 5_000, allRegions: false, activities: 200 }, large: { locations: 120_000, allRegions: true, activities: 100_000 } } as const

function options(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const sizeName = (arg('size') ?? 'demo') as keyof typeof SIZES
  const size = SIZES[sizeName]
  if (!size) throw new Error(`Unknown --size "${sizeName}" (demo or large).`)
  const locations = arg('locations') === undefined ? size.locations : Number(arg('locations'))
  if (!Number.isInteger(locations) || locations < 0) throw new Error('--locations takes a whole number.')
  const activities = arg('activities') === undefined ? size.activities : Number(arg('activities'))
  if (!Number.isInteger(activities) || activities < 0) throw new Error('--activities takes a whole number.')
  return { locations, allRegions: size.allRegions || argv.includes('--all-regions'), activities }
}

const chosen = options(process.argv.slice(2))
const config = loadConfig()
const handle = await openAppDatabase(config)
try {
  const created = await seedDemoUsers(handle.db)
  console.log(
    created.length
      ? `Created demo accounts ${created.join(', ')} (password "${DEMO_PASSWORD}").`
      : 'Demo accounts already exist; nothing to do.',
  )
  console.log(`Currencies: ${await seedCurrencies(handle.db)} ISO 4217 currencies added.`)
  const started = Date.now()
  const result = await seedReferenceCatalogue(handle.db, { locations: chosen.locations, allRegions: chosen.allRegions, log: (line) => console.log(`  ${line}`) })
  console.log(
    `Catalogue: ${result.countries} countries, ${result.regions} regions, ${result.locations} locations (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  )
  const activityStart = Date.now()
  const added = await seedActivities(handle.db, chosen.activities)
  console.log(`Activities: ${added} added (${((Date.now() - activityStart) / 1000).toFixed(1)} s).`)
  const world = await seedDemoWorld(createAppServices(handle, config), { again: true })
  console.log(
    world
      ? `Demo world: ${Object.values(world.counts).reduce((a, b) => a + b, 0)} rows labelled as demo data (${world.counts.trips ?? 0} trips, ${world.photos} pictures) in ${(world.milliseconds / 1000).toFixed(1)} s; \`npm run demo:clear\` removes it.`
      : 'Demo world: already there, or the demo accounts are missing; nothing to do.',
  )
} finally {
  await handle.close()
}
