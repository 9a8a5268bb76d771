import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { isDomainError, setSidebarSectionCollapsed, updatePreferences } from '@meridian/core'
import { requireUser, safeRedirect } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

const bool = (value: FormDataEntryValue | null) => (value === null ? undefined : value === 'true' || value === 'on')

/** The preference fields a form sent, as the service's input (absent fields stay unchanged). */
function preferenceChanges(form: FormData) {
  const input: Record<string, unknown> = {}
  for (const key of ['theme', 'items_per_page', 'view_mode'] as const) {
    const value = form.get(key)
    if (value !== null) input[key] = String(value)
  }
  for (const key of ['auto_refresh', 'notifications'] as const) {
    const value = bool(form.get(key))
    if (value !== undefined) input[key] = value
  }
  const interval = form.get('refresh_interval')
  if (interval !== null) input.refresh_interval = Number(interval)
  return input
}

/**
 * Saves the dashboard's per-user UI state. A fetcher posts here without `redirectTo` and gets the result; a
 * plain form (JavaScript off) sends `redirectTo` and is sent back to the page it came from.
 *   intent=section: section, collapsed=true|false (one sidebar section)
 *   intent=update: any of theme, items_per_page, view_mode, auto_refresh, notifications, refresh_interval
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const back = form.get('redirectTo')
  try {
    const result =
      form.get('intent') === 'section'
        ? {
            collapsed_sections: await setSidebarSectionCollapsed(ctx, {
              section: form.get('section'),
              collapsed: form.get('collapsed') === 'true',
            }),
          }
        : await updatePreferences(ctx, preferenceChanges(form))
    if (back !== null) return redirect(safeRedirect(back))
    return { ok: true as const, preferences: result }
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'invalid') throw error
    if (back !== null) {
      return redirect(safeRedirect(back), {
        headers: { 'Set-Cookie': await flashHeader({ type: 'error', message: error.message }) },
      })
    }
    // A resource route: a plain Response carries the status (data() is for routes that render).
    return Response.json({ ok: false as const, error: error.message, fields: error.fields ?? {} }, { status: 400 })
  }
}

export function loader() {
  return redirect('/dashboard/settings')
}
