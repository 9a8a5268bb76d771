import { DEFAULT_PREFERENCES, type Preferences, UpdatePreferencesInput } from '@meridian/validators'
import { type Database, eq, sql, users } from '@meridian/db'
import * as v from 'valibot'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'

/**
 * Stored preferences with the defaults filled in. A stored value that no longer passes the schema (an older
 * version's key, a hand-edited row) falls back to its default rather than reaching the UI.
 */
function withDefaults(stored: unknown): Preferences {
  const result: Preferences = {
    ...DEFAULT_PREFERENCES,
    collapsed_sections: [...DEFAULT_PREFERENCES.collapsed_sections],
  }
  if (!stored || typeof stored !== 'object') return result
  const entries = UpdatePreferencesInput.entries
  for (const [key, value] of Object.entries(stored)) {
    if (!(key in entries) || value === undefined || value === null) continue
    const parsed = v.safeParse(entries[key as keyof typeof entries], value)
    if (parsed.success && parsed.output !== undefined) (result as Record<string, unknown>)[key] = parsed.output
  }
  return result
}

const prepare = (db: Database) =>
  db.select({ p: users.preferences }).from(users).where(eq(users.id, sql.placeholder('id'))).prepare('get_preferences')
const statements = new WeakMap<Database, ReturnType<typeof prepare>>()

/**
 * The signed-in user's dashboard preferences, defaults filled in. Every list screen reads them (its page size and
 * layout), so the query is prepared once per database.
 */
export async function getPreferences(ctx: ServiceContext): Promise<Preferences> {
  const actor = requireActor(ctx)
  let statement = statements.get(ctx.db)
  if (!statement) {
    statement = prepare(ctx.db)
    statements.set(ctx.db, statement)
  }
  const [row] = await statement.execute({ id: actor.id })
  return withDefaults(row?.p)
}

/**
 * Merge changes into the signed-in user's preferences. The merge happens in the database (jsonb `||`), so two
 * saves at once (a sidebar toggle and the settings form) both keep their keys.
 */
export async function updatePreferences(ctx: ServiceContext, input: unknown): Promise<Preferences> {
  const actor = requireActor(ctx)
  const changes = Object.fromEntries(
    Object.entries(parseInput(UpdatePreferencesInput, input)).filter(([, value]) => value !== undefined)
  )
  const [row] = await ctx.db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(users.id, actor.id))
    .returning({ p: users.preferences })
  return withDefaults(row?.p)
}
