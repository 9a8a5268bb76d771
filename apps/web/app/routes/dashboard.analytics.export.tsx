import type { LoaderFunctionArgs } from '@remix-run/node'
import { analyticsExportName, currentAnalyticsReport, DomainError } from '@meridian/core'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The Analytics Dashboard's Export: the report of the period asked for (30d when none) as a JSON file named with the
 * period and the day (docs/analytics.md "Export"). The same 403 as the screen for roles without view_analytics; a bad
 * period is a 400 in the selector's words.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    const report = await currentAnalyticsReport(ctx, { period: new URL(request.url).searchParams.get('period') ?? undefined })
    return new Response(`${JSON.stringify(report, null, 2)}\n`, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${analyticsExportName(report)}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const status = error.code === 'forbidden' ? 403 : 400
    const detail =
      Object.values(error.fields ?? {})
        .flat()
        .join(' ') || error.message
    return new Response(JSON.stringify({ detail }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  }
}
