import type { LoaderFunctionArgs } from '@remix-run/node'
import { DomainError, EXPORT_FILE_NAME, exportBookingsCsv } from '@meridian/core'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The bookings the signed-in user sees, as meridian-bookings.csv (docs/bookings.md "Bookings screen"); the list's
 * filters (type, status, search, when, trip_id) narrow it. Bookings' Export CSV and the flight screen's Export link
 * here. A role without bookings gets 403; a filter that makes no sense 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    const csv = await exportBookingsCsv(ctx, Object.fromEntries(new URL(request.url).searchParams))
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid')
      throw new Response(
        Object.values(error.fields ?? {})
          .flat()
          .join(' ') || error.message,
        { status: 400 },
      )
    return notFoundResponse(error)
  }
}
