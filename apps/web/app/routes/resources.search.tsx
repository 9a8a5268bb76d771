import type { LoaderFunctionArgs } from '@remix-run/node'
import { searchEverything } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/** The header search's results as data (the dropdown); /dashboard/search renders the same for JavaScript off. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100)
  return { q, hits: await searchEverything(ctx, { q }) }
}
