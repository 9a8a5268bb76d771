import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '../../routes/dashboard.tsx'

/**
 * The dashboard layout's data (user, preferences, itemsPerPage) for pages inside it. For display only: a page's
 * own loader must still check the user itself.
 */
export function useDashboardData() {
  return useRouteLoaderData<typeof loader>('routes/dashboard')
}
