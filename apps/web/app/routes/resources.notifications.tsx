import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { isDomainError, listNotifications, markAllNotificationsRead, markNotificationRead } from '@meridian/core'
import { BELL_SIZE } from '../components/shell/bell.ts'
import { requireUser } from '../utils/auth.server.ts'

/** The bell's dropdown: the latest notifications and the unread count, loaded each time it opens or an event arrives. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { results, counters } = await listNotifications(ctx, {}, { limit: BELL_SIZE })
  return { unread: counters.unread, items: results }
}

/**
 * The bell's read marks, posted by a fetcher: `intent=read` with `id` (a notification followed from the dropdown), or
 * `intent=read-all`. Answers `{ok, unread}`; another user's notification, or none, 404. The plain-form page is
 * /dashboard/notifications.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const intent = form.get('intent')
  try {
    if (intent === 'read') return { ok: true as const, unread: (await markNotificationRead(ctx, String(form.get('id') ?? ''))).unread }
    if (intent === 'read-all') return { ok: true as const, unread: (await markAllNotificationsRead(ctx)).unread }
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'not_found') throw error
    // A resource route: a plain Response carries the status (data() is for routes that render).
    return Response.json({ ok: false as const, error: error.message }, { status: 404 })
  }
  return Response.json({ ok: false as const, error: 'Unknown action.' }, { status: 400 })
}
