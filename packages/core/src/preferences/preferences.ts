import { DEFAULT_PREFERENCES, type Preferences, UpdatePreferencesInput } from '@meridian/validators'
import { eq, users } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'

/** The signed-in user's dashboard preferences, defaults filled in. */
export async function getPreferences(ctx: ServiceContext): Promise<Preferences> {
  const actor = requireActor(ctx)
  const [row] = await ctx.db.select({ p: users.preferences }).from(users).where(eq(users.id, actor.id))
  return { ...DEFAULT_PREFERENCES, ...(row?.p as Partial<Preferences> | undefined) }
}

/** Merge changes into the signed-in user's preferences. */
export async function updatePreferences(ctx: ServiceContext, input: unknown): Promise<Preferences> {
  const actor = requireActor(ctx)
  const changes = Object.fromEntries(Object.entries(parseInput(UpdatePreferencesInput, input)).filter(([, v]) => v !== undefined))
  const current = await getPreferences(ctx)
  const next = { ...current, ...changes } as Preferences
  await ctx.db.update(users).set({ preferences: next }).where(eq(users.id, actor.id))
  return next
}
