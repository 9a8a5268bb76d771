import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportItinerary } from '@meridian/core'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The itinerary as a file for the signed-in browser (docs/itineraries.md "Export"): `?format=pdf|ics[&version=]`.
 * Another person's itinerary is the 404 page; a bad format a 400 with the service's message.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const query = new URL(request.url).searchParams
  try {
    const file = await exportItinerary(ctx, params.id, { format: query.get('format') ?? undefined, version: query.get('version') ?? undefined })
    return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (error) {
    return notFoundResponse(error)
  }
}
