import { bigint, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/**
 * Every row the demo world added (docs/demo.md): its table and id, so `npm run demo:clear` removes exactly those.
 * A reference row the demo changed (a destination promoted, an account's profile) is listed with the values it had
 * before (`restore`) and the ones the demo gave it (`seeded`): clearing puts back each column still as seeded.
 */
export const demoRows = pgTable(
  'demo_rows',
  {
    tableName: text('table_name').notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    restore: jsonb('restore').$type<Record<string, unknown>>(),
    seeded: jsonb('seeded').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowId] })],
)

/** Whether the demo world is in this database: one row, written when it is seeded and when it is cleared. */
export const demoWorld = pgTable(
  'demo_world',
  {
    id: integer('id').primaryKey().default(1),
    status: text('status', { enum: ['seeded', 'cleared'] }).notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** How many rows the seed added, by table. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [check('demo_world_singleton', sql`${t.id} = 1`)],
)
