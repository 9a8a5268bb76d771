import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'drizzle-orm/logger'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { sql } from 'drizzle-orm'
import * as schema from './schema/index.ts'
import { acquireDataDirLock } from './lock.ts'
import { rowsOf } from './rows.ts'
import { gatedClient, PoolGate } from './pool-gate.ts'
import { type QueryListener, QueryTimer, timedPglite, timedPostgres } from './query-timer.ts'

export type Schema = typeof schema
/** One type for both drivers; services never know which engine they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/**
 * The repository's drizzle/ folder, found upwards from this module: from packages/db/src when run as TypeScript,
 * from apps/web/build when bundled into the server.
 */
export const migrationsFolder = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'drizzle')
    if (fs.existsSync(path.join(folder, 'meta/_journal.json'))) return folder
    if (path.dirname(dir) === dir) return path.resolve(fileURLToPath(import.meta.url), '../../../../drizzle')
  }
})()

export interface DatabaseHandle {
  db: Database
  /** PGlite only: the data directory as a tarball. */
  dump?(): Promise<Blob>
  driver: 'pglite' | 'postgres'
  /** PostgreSQL only: the connection URL (for tools with their own connections, such as the job queue). */
  url?: string
  /** Apply pending migrations (safe to call from several processes at once on PostgreSQL). */
  migrate(): Promise<void>
  /** Round-trip check for readiness probes. */
  ping(): Promise<void>
  /** PostgreSQL with a queue time-out only: statements running and callers waiting for a connection. */
  poolStats?(): { active: number; waiting: number }
  /** Hear each statement's duration (metrics); the function returned stops. Nothing is timed while nobody listens. */
  observeQueries(listener: QueryListener, every?: number): () => void
  /**
   * LISTEN on a channel: `onNotify` gets each payload, in commit order. PostgreSQL: one connection of its own, reopened
   * after a loss; `onListen` runs each time the listen is (re)established, so a caller can catch up on what it missed
   * meanwhile. PGlite: in process. The function returned stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>
  /**
   * PostgreSQL behind a transaction pooler only: the settings asked for at connect elsewhere (statement_timeout, jit)
   * that the pooled connections run without, as the server's defaults for the role and database give them.
   */
  unappliedSettings?(): Promise<UnappliedSetting[]>
  close(): Promise<void>
}

export interface UnappliedSetting {
  name: string
  /** As the pooled connections have it (pg_settings: milliseconds for statement_timeout). */
  actual: string
  wanted: string
}

/**
 * Time limits for PostgreSQL (README, Reliability). Each is off when absent, so scripts (seed, bench) keep
 * PostgreSQL's own defaults; the application passes the configured values.
 */
export interface PostgresLimits {
  /** statement_timeout of every pooled connection: a statement running longer is cancelled (SQLSTATE 57014). */
  statementTimeoutMs?: number
  /** Give up opening a connection after this long. */
  connectTimeoutMs?: number
  /** Longest wait for a pooled connection before DatabaseBusyError; without it callers queue without limit. */
  queueTimeoutMs?: number
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir?: string
  /** Pool size for PostgreSQL. */
  max?: number
  /** A dumped PGlite data directory to start a `memory://` database from (tests). */
  template?: Blob
  /** Sees every statement the application runs (tests count queries per request with it). */
  logger?: Logger
  /** PostgreSQL only: statement, connect and queue time-outs. */
  limits?: PostgresLimits
  /**
   * PostgreSQL only: what `url` leads to. `transaction`: a pooler in transaction mode (PgBouncer before 1.21), where
   * each transaction may run on another server connection: statements are not prepared under a name, and nothing is
   * set at connect (a pooler refuses it), so statement_timeout and jit are the role's (`unappliedSettings` says which
   * differ). Needs `directUrl`.
   */
  pooler?: 'none' | 'transaction'
  /** PostgreSQL only: the server itself, for what needs a session of its own (LISTEN, the migration lock); `url` unless given. */
  directUrl?: string
}

/** The newest migration's timestamp in drizzle/meta/_journal.json (what drizzle records as its created_at). */
const latestMigration = (() => {
  let latest: number | undefined
  return () => {
    if (latest === undefined) {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
      latest = Math.max(0, ...journal.entries.map((entry) => entry.when))
    }
    return latest
  }
})()

/**
 * Whether the database already has the newest migration: one read of drizzle's own table, where the migrator reads
 * and hashes every migration file and, on PostgreSQL, opens a connection and waits for the migration lock. A start on
 * a current database (every start but the first after an upgrade) skips the migrator.
 */
export async function migrationsCurrent(db: Database): Promise<boolean> {
  try {
    const rows = rowsOf<{ newest: string | null }>(await db.execute(sql.raw('select max(created_at)::text as newest from drizzle.__drizzle_migrations')))
    return rows[0]?.newest != null && Number(rows[0].newest) >= latestMigration()
  } catch {
    // No table yet: a new database.
    return false
  }
}

/** Lock id for migrations: several app processes starting together apply them once. */
const MIGRATION_LOCK = 7_260_412

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options)
  return openPglite(options.dataDir ?? '.data', options.template, options.logger)
}

/**
 * Wait between reconnection attempts after a failed connect, in seconds. postgres.js's default grows to 20 s
 * after a handful of failures, so an app that saw an outage under load would wait that long after the server
 * is back; capped at one second it recovers within about a second of the server's return.
 */
const reconnectBackoff = (retries: number) => Math.min(0.05 * 2 ** retries, 1)

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { max = 10, logger, limits = {} } = options
  const pooled = options.pooler === 'transaction'
  if (pooled && (!options.directUrl || options.directUrl === url)) {
    throw new Error('Behind a transaction pooler LISTEN and the migration lock need directUrl: PostgreSQL itself')
  }
  const directUrl = options.directUrl ?? url
  // No JIT: it compiles a statement whose estimated cost passes jit_above_cost, some 35 ms each time, for statements
  // that run in a few (an index read stopped at a page is costed as if it read the table: Search & Discovery's).
  const settings: Record<string, string> = { jit: 'off' }
  if (limits.statementTimeoutMs !== undefined) settings.statement_timeout = String(limits.statementTimeoutMs)
  const common = { onnotice: () => {}, backoff: reconnectBackoff, ...(limits.connectTimeoutMs ? { connect_timeout: limits.connectTimeoutMs / 1000 } : {}) }
  const raw = postgres(url, {
    ...common,
    max,
    // A pooler passes only a few parameters at connect (application_name among them) and refuses the rest; a statement
    // prepared under a name on one of its server connections is unknown on the next.
    connection: pooled ? { application_name: 'meridian' } : { application_name: 'meridian', ...settings },
    ...(pooled ? { prepare: false } : {}),
  })
  // LISTEN holds a session: behind a transaction pooler it goes to PostgreSQL itself (postgres.js opens the one
  // connection on the first listen, from these options).
  const direct = directUrl === url ? raw : postgres(directUrl, { ...common, max: 1, connection: { application_name: 'meridian', ...settings } })
  const gate = limits.queueTimeoutMs ? new PoolGate(max, limits.queueTimeoutMs) : null
  // Timed inside the gate: a statement's duration leaves out its wait for a connection (the pool figures show that).
  const timer = new QueryTimer()
  const timed = timedPostgres(raw, timer)
  const client = gate ? gatedClient(timed, gate) : timed
  const db = drizzlePostgres(client, { schema, logger }) as unknown as Database
  return {
    db,
    driver: 'postgres',
    url,
    ...(gate ? { poolStats: () => gate.stats } : {}),
    observeQueries: (listener, every) => timer.observe(listener, every),
    async migrate() {
      if (await migrationsCurrent(db)) return
      // One session on PostgreSQL itself, so the session-level advisory lock covers the whole migration. jit is sent
      // as the pool sends it: a direct URL that leads to a pooler is refused at once ("unsupported startup
      // parameter"), instead of the lock staying behind on one of the pooler's server connections.
      const single = postgres(directUrl, { max: 1, onnotice: () => {}, connection: { application_name: 'meridian', jit: 'off' } })
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK})`
        await migratePostgres(drizzlePostgres(single), { migrationsFolder })
      } finally {
        await single.end({ timeout: 5 })
      }
    },
    async ping() {
      await client.unsafe('select 1')
    },
    async listen(channel, onNotify, onListen) {
      const request = await direct.listen(channel, onNotify, onListen)
      return () => request.unlisten()
    },
    ...(pooled
      ? {
          async unappliedSettings() {
            const rows = await client.unsafe<{ name: string; setting: string }[]>(
              `select name, setting from pg_settings where name in ('jit', 'statement_timeout') order by name`,
            )
            return rows
              .filter((row) => settings[row.name] !== undefined && row.setting !== settings[row.name])
              .map((row) => ({ name: row.name, actual: row.setting, wanted: settings[row.name]! }))
          },
        }
      : {}),
    async close() {
      await Promise.all([raw.end({ timeout: 5 }), direct === raw ? null : direct.end({ timeout: 5 })])
    },
  }
}

/**
 * PGlite's PostgreSQL settings beyond its defaults. Shared buffers live in the process's WebAssembly memory, which
 * never shrinks: PostgreSQL's default of 128 MB filled as the data is read and stayed (an idle server held some 410 MB;
 * with 16 MB, 320 MB). The operating system's page cache still holds the data files, so reads stay fast.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB']

/** PGlite and its driver, loaded only for the embedded database (a server on PostgreSQL never loads them). */
async function loadPglite() {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  return { PGlite, extensions: { pg_trgm, unaccent }, drizzle, migrate }
}

async function openPglite(dataDir: string, template?: Blob, logger?: Logger): Promise<DatabaseHandle> {
  const { PGlite, extensions, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite()
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS]
  let release = () => {}
  let target = dataDir
  if (!dataDir.startsWith('memory://')) {
    const dir = path.resolve(dataDir)
    fs.mkdirSync(dir, { recursive: true })
    release = acquireDataDirLock(dir)
    target = path.join(dir, 'pgdata')
  }
  try {
    // Catalogue search needs pg_trgm and unaccent; PGlite loads contrib extensions only when asked here.
    const client = template ? await PGlite.create({ loadDataDir: template, extensions, startParams }) : await PGlite.create(target, { extensions, startParams })
    const timer = new QueryTimer()
    const db = drizzlePglite(timedPglite(client, timer), { schema, logger }) as unknown as Database
    return {
      db,
      driver: 'pglite',
      observeQueries: (listener, every) => timer.observe(listener, every),
      dump: () => client.dumpDataDir('none') as Promise<Blob>,
      async migrate() {
        if (await migrationsCurrent(db)) return
        await migratePglite(drizzlePglite(client), { migrationsFolder })
      },
      async ping() {
        await client.query('select 1')
      },
      async listen(channel, onNotify, onListen) {
        const stop = await client.listen(channel, onNotify)
        onListen?.()
        return stop
      },
      async close() {
        try {
          await client.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
