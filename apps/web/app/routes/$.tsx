import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { getActor } from '../utils/auth.server.ts'

/** Unknown paths: the home dashboard when signed in, else the landing page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  throw redirect((await getActor(request, context)) ? '/dashboard/overview' : '/')
}
