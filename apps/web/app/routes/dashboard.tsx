import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { navigationFor, showsNewChat, showsPlanTrip } from '@meridian/auth/navigation'
import { listNotifications } from '@meridian/core'
import { DashboardShell } from '../components/shell/dashboard-shell.tsx'
import { BELL_SIZE } from '../components/shell/bell.ts'
import { requireUser } from '../utils/auth.server.ts'
import { requestPreferences } from '../utils/list-settings.server.ts'

/**
 * The layout of every /dashboard/* page: sidebar, header and the user's UI preferences. Child routes still call
 * requireUser in their own loaders; this check only guards what the layout itself shows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  // Shared with the list screen's own loader in the same request (one query).
  const preferences = await requestPreferences(request, context, ctx)
  // The bell: unread count and latest notifications, unless the user turned notifications off.
  const bell = preferences.notifications ? await listNotifications(ctx, {}, { limit: BELL_SIZE }) : null
  return {
    user: {
      firstName: actor.firstName,
      username: actor.username,
      role: actor.role,
      roleLabel: ROLE_DISPLAY_NAMES[actor.role],
    },
    navigation: navigationFor(actor).map((section) => ({
      title: section.title,
      items: section.items.map(({ label, to }) => ({ label, to })),
    })),
    preferences,
    /** For list screens: rows per page (3-back-office.md §9, default 20). */
    itemsPerPage: preferences.items_per_page,
    notifications: bell && { unread: bell.counters.unread, items: bell.results },
    showPlanTrip: showsPlanTrip(actor),
    showNewChat: showsNewChat(actor),
  }
}

export type DashboardLayoutData = Awaited<ReturnType<typeof loader>>

export default function DashboardLayout() {
  const shell = useLoaderData<typeof loader>()
  return (
    <DashboardShell data={shell}>
      <Outlet />
    </DashboardShell>
  )
}

export { DashboardErrorBoundary as ErrorBoundary } from '../components/errors/generic-error-screen.tsx'
