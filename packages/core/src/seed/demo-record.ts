import { type Database, rowsOf, sql } from '@meridian/db'

/** The seed's transaction, typed as a database so that the per-feature demo seeds (which take one) run inside it. */
export type DemoTx = Database

/** Tables whose existing rows the demo may change (a destination promoted, a profile filled in), and which of them. */
export interface WatchedRows {
  table: 'users' | 'countries' | 'locations'
  /** Limits the snapshot to some rows (SQL over the table's own columns); all when absent. */
  where?: ReturnType<typeof sql>
}

const NOT_REGISTERED = new Set(['demo_rows', 'demo_world'])

/** Every table of the schema with a whole-number id: the ones demo rows are registered in. */
export async function tablesWithIds(db: DemoTx): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'id'
         and c.data_type in ('integer', 'bigint', 'smallint')
       order by c.table_name`),
  )
  return rows.map((r) => r.table_name).filter((name) => !NOT_REGISTERED.has(name))
}

/** The highest id of each table now: in a repeatable-read transaction, what lies above it afterwards is ours. */
export async function highestIds(db: DemoTx, tables: string[]): Promise<Map<string, number>> {
  if (!tables.length) return new Map()
  const parts = tables.map((t) => sql`select ${t}::text as t, coalesce(max(id), 0)::bigint as n from ${sql.identifier(t)}`)
  const rows = rowsOf<{ t: string; n: string | number }>(await db.execute(sql.join(parts, sql` union all `)))
  return new Map(rows.map((r) => [r.t, Number(r.n)]))
}

/** Keep a copy of the watched rows as they are before the seed, to find what it changed. */
export async function snapshotWatched(db: DemoTx, watched: WatchedRows[]): Promise<void> {
  await db.execute(sql`create temp table demo_before (t text not null, id bigint not null, j jsonb not null) on commit drop`)
  for (const w of watched) {
    await db.execute(sql`insert into demo_before select ${w.table}, x.id, to_jsonb(x) from ${sql.identifier(w.table)} x where ${w.where ?? sql`true`}`)
  }
}

/**
 * Register the seed's rows: every row above the table's watermark, and every watched row it changed, with the
 * columns it changed as they were (`restore`) and as the seed left them (`seeded`). The rows added, by table.
 */
export async function registerDemoRows(db: DemoTx, marks: Map<string, number>, watched: WatchedRows[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const [table, mark] of marks) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`
        with added as (
          insert into demo_rows (table_name, row_id)
          select ${table}, id from ${sql.identifier(table)} where id > ${mark}
          on conflict do nothing returning 1)
        select count(*)::int as n from added`),
    )
    const n = Number(rows[0]?.n ?? 0)
    if (n) counts[table] = n
  }
  for (const w of watched) {
    const changed = rowsOf<{ id: string | number; before: Record<string, unknown>; after: Record<string, unknown> }>(
      await db.execute(sql`
        select b.id, b.j as before, to_jsonb(x) as after
          from demo_before b join ${sql.identifier(w.table)} x on x.id = b.id
         where b.t = ${w.table} and to_jsonb(x) <> b.j`),
    )
    for (const row of changed) {
      const keys = Object.keys(row.after).filter((k) => JSON.stringify(row.after[k]) !== JSON.stringify(row.before[k]))
      const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, from[k] ?? null]))
      await db.execute(sql`
        insert into demo_rows (table_name, row_id, restore, seeded)
        values (${w.table}, ${Number(row.id)}, ${JSON.stringify(pick(row.before))}::jsonb, ${JSON.stringify(pick(row.after))}::jsonb)
        on conflict do nothing`)
    }
  }
  return counts
}

/** Tables in an order where each comes before every table it references (children first), for deleting. */
export async function childrenFirst(db: DemoTx, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and cn.nspname = current_schema() and c.oid <> p.oid`),
  )
  const wanted = new Set(tables)
  const referencedBy = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]))
  for (const { child, parent } of edges) if (wanted.has(child) && wanted.has(parent)) referencedBy.get(parent)!.add(child)
  const order: string[] = []
  const placed = new Set<string>()
  // A table goes once every table that references it is placed; what a cycle leaves is appended as it is.
  let progress = true
  while (progress) {
    progress = false
    for (const table of tables) {
      if (placed.has(table)) continue
      if ([...referencedBy.get(table)!].every((child) => placed.has(child))) {
        order.push(table)
        placed.add(table)
        progress = true
      }
    }
  }
  return [...order, ...tables.filter((t) => !placed.has(t))]
}
