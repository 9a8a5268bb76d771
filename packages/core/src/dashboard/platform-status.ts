import { sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'

export interface StatusCheck {
  key: 'database' | 'storage' | 'jobs'
  label: string
  status: 'operational' | 'degraded' | 'down'
  detail: string
}

/**
 * The media store's check (a bucket round trip on S3) would cost more than the rest of the dashboard, so each process
 * asks its store at most once per PROBE_TTL_MS and reuses the answer (nothing another instance needs).
 */
const PROBE_TTL_MS = 10_000
const probes = new WeakMap<object, { at: number; ok: Promise<boolean> }>()

function storageReachable(storage: ServiceContext['storage']): Promise<boolean> {
  const cached = probes.get(storage)
  if (cached && Date.now() - cached.at < PROBE_TTL_MS) return cached.ok
  const ok = storage.ping().then(
    () => true,
    () => false,
  )
  probes.set(storage, { at: Date.now(), ok })
  return ok
}

/** Live checks: database round trip, media storage (probed every few seconds), background mail delivery. */
export async function platformStatus(ctx: ServiceContext): Promise<StatusCheck[]> {
  const checks: StatusCheck[] = []
  const started = performance.now()
  let outbox: { pending: number; failed: number; oldest: string | null } | null = null
  try {
    const result = await ctx.db.execute(sql`
      select count(*) filter (where status = 'pending') as pending,
             count(*) filter (where status = 'failed') as failed,
             min(created_at) filter (where status = 'pending') as oldest
      from mail_outbox`)
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
    const row = rows[0] ?? {}
    outbox = { pending: Number(row.pending ?? 0), failed: Number(row.failed ?? 0), oldest: (row.oldest as string | null) ?? null }
    const ms = Math.round(performance.now() - started)
    checks.push({
      key: 'database',
      label: 'Database',
      status: ms > 500 ? 'degraded' : 'operational',
      detail: `${ctx.config.databaseUrl ? 'PostgreSQL' : 'Embedded PostgreSQL'} answered in ${ms} ms`,
    })
  } catch {
    checks.push({ key: 'database', label: 'Database', status: 'down', detail: 'Not reachable' })
  }

  // Media storage as configured: the local media folder writable, or the S3 bucket reachable.
  const s3 = ctx.storage.driver === 's3'
  if (await storageReachable(ctx.storage)) {
    checks.push({ key: 'storage', label: 'File Storage', status: 'operational', detail: s3 ? 'S3 bucket reachable' : 'Media folder writable' })
  } else {
    checks.push({ key: 'storage', label: 'File Storage', status: 'down', detail: s3 ? 'S3 bucket not reachable' : 'Media folder not writable' })
  }

  if (!outbox) {
    checks.push({ key: 'jobs', label: 'Background Jobs', status: 'down', detail: 'Queue unreadable' })
  } else if (!ctx.config.smtpUrl) {
    checks.push({
      key: 'jobs',
      label: 'Background Jobs',
      status: 'operational',
      detail: `Mail kept in the outbox (no SMTP server configured): ${outbox.pending} queued`,
    })
  } else {
    const stale = outbox.oldest && Date.now() - new Date(outbox.oldest).getTime() > 5 * 60_000
    checks.push({
      key: 'jobs',
      label: 'Background Jobs',
      status: stale || outbox.failed > 0 ? 'degraded' : 'operational',
      detail: `Mail delivery: ${outbox.pending} queued, ${outbox.failed} failed`,
    })
  }
  return checks
}
