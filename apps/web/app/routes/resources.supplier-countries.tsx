import type { LoaderFunctionArgs } from '@remix-run/node'
import { supplierCountryOptions } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The supplier form's country search as the user types (2-catalogue-content.md §5): active countries matching
 * `search`, best matches first, as `{id, name, continent}` — the service of GET /api/suppliers/country-options/,
 * under the page's session. 403 for those without supplier access.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const search = (new URL(request.url).searchParams.get('search') ?? '').slice(0, 100)
  return Response.json({ countries: await supplierCountryOptions(ctx, { search, is_active: 'true' }) })
}
