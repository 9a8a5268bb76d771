// What backup and restore ask of a database, on either engine: its tables with their row counts, the migrations
// applied, the server's version.
import fs from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '@meridian/db'

/** Runs one statement and answers its rows (PGlite's client.query, or postgres.js's unsafe). */
export type RunQuery = <T>(text: string) => Promise<T[]>

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Every table outside the system schemas (partitions counted in their parent), as "schema.table" with its rows. */
export async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
     order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${quote(table.schema)}.${quote(table.name)}`)
    counts[`${table.schema}.${table.name}`] = Number(row!.n)
  }
  return counts
}

/** How many migrations were applied, and the newest one's timestamp (drizzle's bookkeeping table). */
export async function appliedMigrations(query: RunQuery): Promise<{ count: number; last: number | null }> {
  const [exists] = await query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`)
  if (!exists?.found) return { count: 0, last: null }
  const [row] = await query<{ count: number; last: string | null }>(
    `select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )
  return { count: Number(row!.count), last: row!.last === null ? null : Number(row!.last) }
}

/** The newest migration this version of Meridian knows (its journal), to tell an archive made by a newer one. */
export function newestKnownMigration(): number | null {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
    return Math.max(...journal.entries.map((entry) => entry.when))
  } catch {
    return null
  }
}

/** Tables whose counts differ from the expected ones ("schema.table: expected n, found m"). */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const differences: string[] = []
  for (const [table, rows] of Object.entries(expected)) {
    if (found[table] === undefined) differences.push(`${table}: missing`)
    else if (found[table] !== rows) differences.push(`${table}: ${rows} rows in the archive, ${found[table]} restored`)
  }
  return differences
}
