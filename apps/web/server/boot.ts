import { DataDirLockedError, type DatabaseHandle } from '@meridian/db'
import {
  type AppConfig,
  type AppServices,
  autoUpdateRates,
  ConfigError,
  countUsers,
  createAppServices,
  DEMO_PASSWORD,
  deliverOutbox,
  loadConfig,
  mailOfflineParticipants,
  openAppDatabase,
  seedDemoChat,
  seedDemoItineraries,
  seedDemoMatching,
  seedDemoTrips,
  seedDemoUsers,
  smtpTransport,
  startMediaWorker,
} from '@meridian/core'
import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'

/** How often participants offline for 15 minutes are looked for. */
const CHAT_MAIL_CHECK_MS = 60_000

/** Exit code of a server that cannot start as configured; scripts/supervise.mjs does not restart it. */
export const EXIT_CONFIG = 78

export interface Booted {
  config: AppConfig
  handle: DatabaseHandle
  app: AppServices
  stop(): Promise<void>
}

/** Read configuration, open and migrate the database, seed the embedded default's demo accounts once. */
export async function boot(): Promise<Booted> {
  let config: AppConfig
  let handle: DatabaseHandle
  try {
    config = loadConfig()
    handle = await openAppDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(`\n${error.message}\n`)
      // 78 (EX_CONFIG): `npm start`'s supervisor does not restart a server that cannot start as configured.
      process.exit(EXIT_CONFIG)
    }
    throw error
  }
  const app = createAppServices(handle, config)
  const catalogue = await seedCatalogueIfEmpty(handle.db)
  if (catalogue) console.log(`Reference catalogue loaded: ${catalogue.countries} countries, ${catalogue.regions} regions, ${catalogue.locations} capitals.`)
  const currencies = await seedCurrenciesIfEmpty(handle.db)
  if (currencies) console.log(`Currency list loaded: ${currencies} ISO 4217 currencies (a few active, USD the base).`)
  if (config.seedDemo && (await countUsers(handle.db)) === 0) {
    const created = await seedDemoUsers(handle.db)
    console.log(`\nDemo accounts created (password "${DEMO_PASSWORD}"): ${created.join(', ')}\n`)
    const demoTrips = await seedDemoTrips(handle.db)
    if (demoTrips) console.log(`Demo trips added for the demo traveler: ${demoTrips} (labelled "Demo data").`)
    const demoItineraries = await seedDemoItineraries(handle.db)
    if (demoItineraries) console.log(`Demo itineraries added on the demo expert's trips: ${demoItineraries} (labelled "Demo data").`)
    const demoMatching = await seedDemoMatching(handle.db)
    if (demoMatching) console.log(`Demo experts and travelers with quizzes to review added: ${demoMatching} accounts (labelled "Demo data").`)
    const demoChat = await seedDemoChat(handle.db)
    if (demoChat) console.log(`Demo conversations added for the demo traveler: ${demoChat} (titles start with "Demo data").`)
  }
  // Media processing: pg-boss over PostgreSQL, or an in-process worker on the embedded database.
  const media = await startMediaWorker(app, { databaseUrl: config.databaseUrl, housekeepingMs: config.mediaHousekeepingMs })
  const timers: NodeJS.Timeout[] = []
  if (config.smtpUrl) {
    const transport = await smtpTransport(config.smtpUrl)
    timers.push(
      setInterval(() => {
        deliverOutbox(handle.db, transport, config.mailFrom).catch((e) => console.error('[mail] delivery failed:', e.message))
      }, 5_000),
    )
  }
  // Chat mail to participants offline for more than 15 minutes: checked every minute; each conversation is claimed by
  // one process (docs/chat.md "Offline mail"). Written to the outbox, delivered when SMTP_URL is set.
  const origin = config.appOrigin ?? `http://localhost:${config.port}`
  timers.push(
    setInterval(
      () => void mailOfflineParticipants(handle.db, origin).catch((e) => console.error('[chat] offline mail failed:', e.message)),
      CHAT_MAIL_CHECK_MS,
    ).unref(),
  )
  // Automatic rate updates (when switched on in the currency settings): checked every RATES_CHECK_INTERVAL_MS
  // (hourly), run at most once a day across every process (autoUpdateRates claims the day in the database).
  timers.push(
    setInterval(
      () => void autoUpdateRates(handle.db, { allowPrivateUrls: config.ratesAllowPrivateUrls }).catch((e) => console.error('[rates] update failed:', e.message)),
      config.ratesCheckIntervalMs,
    ).unref(),
  )
  return {
    config,
    handle,
    app,
    async stop() {
      timers.forEach(clearInterval)
      await app.events.stop()
      await media.stop()
      await handle.close()
    },
  }
}

export function describeDatabase(config: AppConfig) {
  return config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `embedded PGlite in ${config.dataDir}`
}
