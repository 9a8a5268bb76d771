import type { LoaderFunctionArgs } from '@remix-run/node'
import { listRecentActivity } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/** The notifications menu's list, reloaded each time the menu opens. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { activity: await listRecentActivity(ctx, 8) }
}
