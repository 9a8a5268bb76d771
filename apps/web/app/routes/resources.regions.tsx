import type { LoaderFunctionArgs } from '@remix-run/node'
import { canReadDestinations, DomainError, listRegions } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/** The regions of one country for the location form's region select (fetched when the country changes). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canReadDestinations(ctx) // 403 for those without access, whatever they ask
  const country = new URL(request.url).searchParams.get('country')
  try {
    return { regions: await listRegions(ctx, country) }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return { regions: [] }
    throw error
  }
}
