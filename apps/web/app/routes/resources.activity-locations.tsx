import type { LoaderFunctionArgs } from '@remix-run/node'
import { activityLocations, canManageActivities } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/** The locations of one country for the activity form's location select (fetched when the country changes). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageActivities(ctx) // 403 for those without access, whatever they ask
  const country = Number(new URL(request.url).searchParams.get('country'))
  if (!Number.isInteger(country) || country < 1 || country > 2_147_483_647) return { locations: [] }
  return { locations: await activityLocations(ctx, country) }
}
