import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '../utils/auth.server.ts'

/**
 * /my-trips (spec 1 §2, a public navigation target): a traveler's My Trips screen, every other role's own dashboard
 * (the overview). Signed out: the sign-in page, then back here (requireUser), which then forwards as above.
 * A traveler's query (a status tab, a search) is carried over to the list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request, context)
  if (actor.role !== 'traveler') throw redirect('/dashboard/overview')
  throw redirect(`/dashboard/trips${new URL(request.url).search}`)
}
