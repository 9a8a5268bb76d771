import type { AppLoadContext } from '@remix-run/node'
import { getPreferences, listLayout, listPageSize, type ServiceContext } from '@meridian/core'
import type { Preferences } from '@meridian/validators'

const readsOfRequest = new WeakMap<AppLoadContext, Promise<Preferences>>()

/**
 * The signed-in user's preferences, read once per page request: on reads (GET, HEAD) the dashboard layout's loader
 * and the list screen's loader share one query (as they share the session check). Writes read afresh: an action
 * may have just saved them.
 */
export function requestPreferences(request: Request, context: AppLoadContext, ctx: ServiceContext): Promise<Preferences> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return getPreferences(ctx)
  let pending = readsOfRequest.get(context)
  if (!pending) {
    pending = getPreferences(ctx)
    readsOfRequest.set(context, pending)
  }
  return pending
}

/**
 * How a list screen pages and lays out for this request's user: `pageSize` is the "Rows shown in lists" setting
 * within the list's maximum (an explicit size the address asks for wins), `layout` the "How lists are laid out"
 * setting unless the address names a view. Each list loader calls it itself, after requireUser.
 */
export async function listSettings(
  request: Request,
  context: AppLoadContext,
  ctx: ServiceContext,
  max: number,
  requested: { pageSize?: number | null; view?: string | null } = {},
) {
  const preferences = await requestPreferences(request, context, ctx)
  return { pageSize: listPageSize(preferences, max, requested.pageSize), layout: listLayout(preferences, requested.view) }
}
