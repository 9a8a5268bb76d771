import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DataDirLockedError, type DatabaseHandle, sql } from '@meridian/db'
import {
  type AppConfig,
  type AppServices,
  autoUpdateRates,
  ConfigError,
  createAppServices,
  deliverOutbox,
  loadConfig,
  mailOfflineParticipants,
  openAppDatabase,
  pruneRequestFigures,
  RequestFigures,
  smtpTransport,
  startMediaWorker,
  startReminderSweeps,
  type MediaStopReport,
  type MediaWorker,
} from '@meridian/core'
import { countUsers, DEMO_PASSWORD, seedDemoUsers, seedDemoWorld, startupSeedsNeeded } from '@meridian/core/seed'
import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'
import { createLogger, defaultLogSettings, installServerLogger, type Logger, routeConsoleTo } from '@meridian/core/observability'
import { EXIT_CONFIG, poolerRefusal, StartupPhases } from './process-config.ts'

/** The advisory lock processes take turns on for the start-up seeding. */
const STARTUP_SEED_LOCK = 7_260_413

/** How often this process writes its finished minutes of request figures. */
const FIGURES_FLUSH_MS = 60_000

/** How often participants offline for 15 minutes are looked for. */
const CHAT_MAIL_CHECK_MS = 60_000

export interface Booted {
  /** Where the start-up's time went so far (serve.ts adds its own phases and logs them). */
  phases: StartupPhases
  config: AppConfig
  handle: DatabaseHandle
  app: AppServices
  figures: RequestFigures
  /** The process's logger (LOG_LEVEL, LOG_FORMAT), also behind reportServerError. */
  logger: Logger
  /** The media worker, whose queue the metrics read. */
  media: MediaWorker
  /**
   * Graceful shutdown, first part: no new background work (timers cleared); media in progress gets up to `timeoutMs`
   * to finish, then is handed back for another process or the next start.
   */
  stopWork(timeoutMs: number): Promise<MediaStopReport>
  /** Last part (after stopWork, or alone): request figures written, live events stopped, database closed. */
  stop(): Promise<void>
}

/** Set in the child process that prepares a new embedded database (prepareInChild). */
const PREPARE_ONLY = 'MERIDIAN_PREPARE_DATA_DIR'

/** The embedded database's directory holds no database yet (the first start on it). */
const isNewDataDir = (config: AppConfig) =>
  !config.databaseUrl && !config.dataDir.startsWith('memory://') && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))

/**
 * A new embedded database is created, migrated and seeded by a short-lived child process running this same program,
 * and the server then opens the prepared directory: PGlite's initdb and the first seeding leave some 400 MB behind in
 * the process that ran them (WebAssembly memory never shrinks), which the server would otherwise hold until its next
 * restart. Resolves with the child's exit code; a SIGTERM or SIGINT meanwhile is passed on and ends the start (null).
 */
function prepareInChild(): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, process.argv.slice(2), { env: { ...process.env, [PREPARE_ONLY]: '1' }, stdio: 'inherit' })
    let stopped = false
    const forward = (signal: NodeJS.Signals) => {
      stopped = true
      child.kill(signal)
    }
    process.on('SIGTERM', forward).on('SIGINT', forward)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward)
      resolve(stopped ? null : (code ?? (signal ? 1 : 0)))
    })
  })
}

/**
 * A server that cannot start as configured says why and exits 78 (EX_CONFIG), which `npm start`'s supervisor does not
 * restart; any other error is left to the caller.
 */
function notStartable(error: unknown, logger: Logger) {
  const message = error instanceof DataDirLockedError || error instanceof ConfigError ? error.message : poolerRefusal(error)
  if (message === null) return
  logger.fatal(message)
  process.exit(EXIT_CONFIG)
}

/**
 * Behind a transaction pooler the connections carry no settings of their own: say so when the role's defaults differ
 * from what Meridian sets where it connects directly (DB_STATEMENT_TIMEOUT_MS, jit off).
 */
async function warnUnappliedSettings(handle: DatabaseHandle, config: AppConfig, logger: Logger) {
  const unapplied = (await handle.unappliedSettings?.()) ?? []
  if (!unapplied.length) return
  const has = unapplied.map((s) => `${s.name}=${s.actual}`).join(', ')
  const statements = unapplied.map((s) => `ALTER ROLE CURRENT_USER SET ${s.name} = ${s.wanted}`).join('; ')
  logger.warn(
    `Behind the transaction pooler (DATABASE_POOLER=${config.database.pooler}) the database connections run with ${has}, and a pooler ` +
      `passes no settings at connect: give them to the database role once (${statements}), then reconnect the pooler's server connections ` +
      '(docs/operations.md "Behind a connection pooler").',
  )
}

/** Read configuration, open and migrate the database, seed the embedded default's demo accounts once. */
export async function boot(): Promise<Booted> {
  let config: AppConfig
  let handle: DatabaseHandle
  let logger = createLogger(defaultLogSettings())
  const phases = new StartupPhases()
  phases.mark('node and modules')
  try {
    config = loadConfig()
    logger = createLogger(config.observability)
    installServerLogger(logger)
    routeConsoleTo(logger)
    if (!process.env[PREPARE_ONLY] && isNewDataDir(config)) {
      const code = await prepareInChild()
      if (code !== 0) process.exit(code ?? 0)
      phases.mark('new database prepared (a separate process)')
    }
    handle = await openAppDatabase(config)
    phases.mark('database opened and migrations checked')
  } catch (error) {
    notStartable(error, logger)
    throw error
  }
  const app = createAppServices(handle, config)
  const startable = (error: unknown) => {
    notStartable(error, logger)
    throw error
  }
  // One read says whether anything is to be seeded (on every start but the first, nothing).
  const seeds = { demoAccounts: config.seedDemo, demoWorld: config.seedDemo && config.seedDemoWorld }
  const seeding = await startupSeedsNeeded(handle.db, seeds).catch(startable)
  // Reference data and the demo accounts, under one lock: processes starting together on an empty PostgreSQL take
  // turns, and the later ones find everything there.
  const nothing = { catalogue: null, currencies: null, accounts: [] as string[] }
  const first = !seeding
    ? nothing
    : await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_SEED_LOCK})`)
          const catalogue = await seedCatalogueIfEmpty(tx)
          const currencies = await seedCurrenciesIfEmpty(tx)
          const accounts = config.seedDemo && (await countUsers(tx)) === 0 ? await seedDemoUsers(tx) : []
          return { catalogue, currencies, accounts }
        })
        .catch(startable)
  await warnUnappliedSettings(handle, config, logger)
  const { catalogue, currencies, accounts } = first
  phases.mark('reference data and accounts')
  if (catalogue) logger.info(`Reference catalogue loaded: ${catalogue.countries} countries, ${catalogue.regions} regions, ${catalogue.locations} capitals.`)
  if (currencies) logger.info(`Currency list loaded: ${currencies} ISO 4217 currencies (a few active, USD the base).`)
  if (accounts.length) logger.info(`Demo accounts created (password "${DEMO_PASSWORD}"): ${accounts.join(', ')}`)
  if (seeding && seeds.demoWorld) {
    // The demo world, once per database (docs/demo.md); `npm run demo:clear` removes it and a start does not bring it back.
    const world = await seedDemoWorld(app)
    if (world) {
      const rows = Object.values(world.counts).reduce((a, b) => a + b, 0)
      logger.info(
        `Demo world added in ${(world.milliseconds / 1000).toFixed(1)} s: ${rows} rows labelled as demo data (${world.counts.trips ?? 0} trips, ` +
          `${world.counts.activities ?? 0} activities, ${world.counts.flights ?? 0} flights, ${world.photos} pictures). Remove it with \`npm run demo:clear\`.`,
      )
    }
  }
  phases.mark('demo world')
  if (process.env[PREPARE_ONLY]) {
    // The preparing child (prepareInChild) is done: the server opens what it left.
    await app.events.stop()
    await handle.close()
    process.exit(0)
  }
  // Media processing: pg-boss over PostgreSQL, or an in-process worker on the embedded database.
  const media = await startMediaWorker(app, { databaseUrl: config.databaseUrl, housekeepingMs: config.mediaHousekeepingMs })
  const timers: NodeJS.Timeout[] = []
  const origin = config.appOrigin ?? `http://localhost:${config.port}`
  // Payment and free-cancellation reminders, overdue lines (docs/bookings.md "Reminders and Due soon"): a pg-boss cron
  // job every ten minutes on PostgreSQL (a timer on the embedded database), and one sweep now for what fell due while
  // no server ran. Each reminder goes out once, however many processes sweep.
  const reminders = await startReminderSweeps(handle.db, {
    databaseUrl: config.databaseUrl,
    origin,
    onError: (e) => logger.error(`[reminders] sweep failed: ${e.message}`),
  })
  if (config.smtpUrl) {
    const transport = await smtpTransport(config.smtpUrl)
    timers.push(
      setInterval(() => {
        deliverOutbox(handle.db, transport, config.mailFrom).catch((e) => logger.error(`[mail] delivery failed: ${e.message}`))
      }, 5_000),
    )
  }
  // Chat mail to participants offline for more than 15 minutes: checked every minute; each conversation is claimed by
  // one process (docs/chat.md "Offline mail"). Written to the outbox, delivered when SMTP_URL is set.
  timers.push(
    setInterval(
      () => void mailOfflineParticipants(handle.db, origin).catch((e) => logger.error(`[chat] offline mail failed: ${e.message}`)),
      CHAT_MAIL_CHECK_MS,
    ).unref(),
  )
  // Automatic rate updates (when switched on in the currency settings): checked every RATES_CHECK_INTERVAL_MS
  // (hourly), run at most once a day across every process (autoUpdateRates claims the day in the database).
  timers.push(
    setInterval(
      () =>
        void autoUpdateRates(handle.db, { allowPrivateUrls: config.ratesAllowPrivateUrls }).catch((e) => logger.error(`[rates] update failed: ${e.message}`)),
      config.ratesCheckIntervalMs,
    ).unref(),
  )
  // Request figures: this process's finished minutes written every minute; older than 90 days dropped once a day
  // (any process may do it; deleting twice deletes nothing more).
  const figures = new RequestFigures()
  const flushFigures = () => figures.flush(handle.db).catch((e) => logger.error(`[figures] write failed: ${e.message}`))
  timers.push(setInterval(() => void flushFigures(), FIGURES_FLUSH_MS).unref())
  timers.push(setInterval(() => void pruneRequestFigures(handle.db).catch((e) => logger.error(`[figures] clean-up failed: ${e.message}`)), 86_400_000).unref())
  phases.mark('background work started')
  return {
    phases,
    config,
    handle,
    app,
    figures,
    logger,
    media,
    async stopWork(timeoutMs) {
      timers.forEach(clearInterval)
      const [report] = await Promise.all([media.stop({ timeoutMs }), reminders.stop()])
      return report
    },
    async stop() {
      timers.forEach(clearInterval)
      await reminders.stop()
      await media.stop({ timeoutMs: config.shutdownTimeoutMs })
      await figures.flush(handle.db, { all: true }).catch((e) => logger.error(`[figures] write failed: ${e.message}`))
      await app.events.stop()
      await handle.close()
    },
  }
}
