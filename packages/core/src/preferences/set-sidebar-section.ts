import { SIDEBAR_SECTIONS } from '@meridian/validators'
import { eq, sql, users } from '@meridian/db'
import * as v from 'valibot'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'

const SetSidebarSectionInput = v.object({
  section: v.picklist(SIDEBAR_SECTIONS, 'Unknown section.'),
  collapsed: v.boolean(),
})

/**
 * Collapse or expand one sidebar section for the signed-in user. One statement that adds or removes the
 * title in preferences.collapsed_sections, so two sections toggled at once do not overwrite each other.
 * Returns the resulting list.
 */
export async function setSidebarSectionCollapsed(ctx: ServiceContext, input: unknown): Promise<string[]> {
  const actor = requireActor(ctx)
  const { section, collapsed } = parseInput(SetSidebarSectionInput, input)
  const current = sql`coalesce(${users.preferences} -> 'collapsed_sections', '[]'::jsonb)`
  const without = sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${current}) as e where e <> to_jsonb(${section}::text))`
  const next = collapsed ? sql`${without} || jsonb_build_array(${section}::text)` : without
  const [row] = await ctx.db
    .update(users)
    .set({ preferences: sql`jsonb_set(${users.preferences}, '{collapsed_sections}', ${next})` })
    .where(eq(users.id, actor.id))
    .returning({ preferences: users.preferences })
  const list = row?.preferences?.collapsed_sections
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : []
}
