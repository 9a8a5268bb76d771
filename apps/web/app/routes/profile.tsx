import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '../utils/auth.server.ts'

/**
 * /profile (spec 1 §2, a public navigation target): the profile settings screen, for every signed-in user.
 * Signed out: the sign-in page, then back here (requireUser), which then forwards to the settings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  throw redirect('/dashboard/settings')
}
