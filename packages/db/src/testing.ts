import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import type { Logger } from 'drizzle-orm/logger'
import { type DatabaseHandle, openDatabase } from './client.ts'

/** Env var naming a file with a migrated PGlite data directory, written once per test run. */
export const PGLITE_TEMPLATE_ENV = 'MERIDIAN_PGLITE_TEMPLATE'

/** Migrate a fresh in-memory PGlite and write its data directory to `file` (tests' global setup). */
export async function writePgliteTemplate(file: string) {
  const handle = await openDatabase({ dataDir: 'memory://' })
  await handle.migrate()
  const dump = await handle.dump!()
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
}

/**
 * A freshly migrated database of its own for one test file: PGlite in memory by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: { logger?: Logger } = {}): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const templateFile = process.env[PGLITE_TEMPLATE_ENV]
    const template = templateFile && fs.existsSync(templateFile) ? new Blob([fs.readFileSync(templateFile)]) : undefined
    const handle = await openDatabase({ dataDir: 'memory://', template, logger: options.logger })
    await handle.migrate()
    return handle
  }
  const name = `meridian_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const handle = await openDatabase({ url: target.toString(), max: 4, logger: options.logger })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      const cleanup = postgres(url, { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
      await cleanup.end()
    },
  }
}

export interface StatementRecord {
  sql: string
  /** Prepared under a name (a server-side named statement on postgres.js), not parsed anew for each request. */
  named: boolean
}

/**
 * Every statement the database object runs from now on (outside transactions), and whether it was prepared
 * under a name. Install before the first request: statements prepared earlier are not seen.
 */
export function recordStatements(db: object): StatementRecord[] {
  const log: StatementRecord[] = []
  const session = (db as { session: { prepareQuery: (...args: unknown[]) => Record<string, unknown> } }).session
  const prepareQuery = session.prepareQuery.bind(session)
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args)
    const named = args[2] !== undefined
    const sql = (args[0] as { sql: string }).sql
    for (const method of ['execute', 'all', 'values']) {
      const run = prepared[method]
      if (typeof run !== 'function') continue
      prepared[method] = (...values: unknown[]) => {
        log.push({ sql, named })
        return run.apply(prepared, values)
      }
    }
    return prepared
  }
  return log
}
