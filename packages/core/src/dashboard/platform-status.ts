import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'

export interface StatusCheck {
  key: 'database' | 'storage' | 'jobs'
  label: string
  status: 'operational' | 'degraded' | 'down'
  detail: string
}

/**
 * Writing a file costs far more than the rest of the dashboard together, so each process probes its own data
 * directory at most once per PROBE_TTL_MS and reuses the answer (a check of this machine's disk: nothing another
 * instance needs).
 */
const PROBE_TTL_MS = 10_000
const probes = new Map<string, { at: number; ok: Promise<boolean> }>()

function dataDirWritable(dataDir: string): Promise<boolean> {
  const cached = probes.get(dataDir)
  if (cached && Date.now() - cached.at < PROBE_TTL_MS) return cached.ok
  const ok = (async () => {
    try {
      // A name of its own per probe: two processes sharing the directory must not remove each other's file.
      const probe = path.join(dataDir, `.probe-${process.pid}-${randomUUID()}`)
      await fs.mkdir(dataDir, { recursive: true })
      await fs.writeFile(probe, 'ok')
      await fs.rm(probe, { force: true })
      return true
    } catch {
      return false
    }
  })()
  probes.set(dataDir, { at: Date.now(), ok })
  return ok
}

/** Live checks: database round trip, storage writable (probed every few seconds), background mail delivery. */
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

  if (await dataDirWritable(ctx.config.dataDir)) {
    checks.push({ key: 'storage', label: 'File Storage', status: 'operational', detail: 'Data directory writable' })
  } else {
    checks.push({ key: 'storage', label: 'File Storage', status: 'down', detail: 'Data directory not writable' })
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
