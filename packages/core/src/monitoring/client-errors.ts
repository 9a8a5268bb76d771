import { ClientErrorReport } from '@meridian/validators'
import { and, clientErrorReports, count, desc, eq, gt, users } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'
import { isStaff } from '../staff.ts'
import { parseInput } from '../validation.ts'

export const ERROR_REPORTS_PER_MINUTE = 30

/** Store a browser's error report (anyone may report; at most 30 a minute from one address). */
export async function logClientError(ctx: ServiceContext, input: unknown): Promise<{ id: number }> {
  const data = parseInput(ClientErrorReport, input)
  const since = new Date(Date.now() - 60_000)
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(clientErrorReports)
    .where(and(eq(clientErrorReports.ipAddress, ctx.request.ipAddress), gt(clientErrorReports.createdAt, since)))
  if ((recent?.n ?? 0) >= ERROR_REPORTS_PER_MINUTE) {
    throw new DomainError('rate_limited', STATUS_MESSAGES[429], { retryAfter: 60 })
  }
  const reported = data.timestamp ? new Date(data.timestamp) : null
  const [row] = await ctx.db
    .insert(clientErrorReports)
    .values({
      errorId: data.errorId,
      message: data.message,
      stack: data.stack,
      componentStack: data.componentStack,
      url: data.url,
      userAgent: data.userAgent || ctx.request.userAgent,
      // Trust the session, not the report, for who it was.
      userId: ctx.actor?.id ?? null,
      sessionId: data.sessionId,
      retryCount: data.retryCount,
      reportedAt: reported && !Number.isNaN(reported.getTime()) ? reported : null,
      ipAddress: ctx.request.ipAddress,
    })
    .returning({ id: clientErrorReports.id })
  return { id: row!.id }
}

export interface ClientErrorDto {
  id: number
  error_id: string
  message: string
  url: string
  user_agent: string
  username: string | null
  retry_count: number
  created_at: string
}

/** The latest reports, for staff in diagnostics. */
export async function listClientErrors(ctx: ServiceContext, limit = 20): Promise<ClientErrorDto[]> {
  const actor = requireActor(ctx)
  if (!isStaff(actor)) throw new DomainError('forbidden', STATUS_MESSAGES[403])
  const rows = await ctx.db
    .select({ r: clientErrorReports, username: users.username })
    .from(clientErrorReports)
    .leftJoin(users, eq(users.id, clientErrorReports.userId))
    .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
    .limit(Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 100) : 20)
  return rows.map(({ r, username }) => ({
    id: r.id,
    error_id: r.errorId,
    message: r.message,
    url: r.url,
    user_agent: r.userAgent,
    username,
    retry_count: r.retryCount,
    created_at: new Date(r.createdAt).toISOString(),
  }))
}
