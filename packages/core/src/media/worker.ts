import type PgBoss from 'pg-boss'
import { and, count, eq, inArray, mediaItems } from '@meridian/db'
import type { AppServices } from '../context.ts'
import { claimMediaById, claimNextMedia, MEDIA_LEASE_MS, processClaimedMedia } from './process-media.ts'
import type { MediaRow } from './serialize-media.ts'
import { mediaHousekeeping } from './storage-cleanup.ts'
import { lazyModule } from '../lazy-module.ts'

/** The job queue, on PostgreSQL only (the embedded database never loads it). */
const pgBoss = lazyModule<typeof PgBoss>('pg-boss')

export const MEDIA_QUEUE = 'media-process'

export interface MediaWorkerOptions {
  /** PostgreSQL URL: jobs travel through pg-boss. Without it, an in-process worker polls the table. */
  databaseUrl?: string | null
  concurrency?: number
  /** How often the table is looked at for work a hand-off missed (crashed workers, lapsed leases). */
  pollMs?: number
  housekeepingMs?: number
  leaseMs?: number
}

export interface MediaWorker {
  readonly kind: 'in-process' | 'pg-boss'
  /** Resolves when nothing is claimable and nothing is in progress (tests, benchmarks). */
  idle(): Promise<void>
  /**
   * The queue's depth (metrics): items waiting for a worker (pg-boss jobs not yet taken, or on the embedded database
   * uploads not yet claimed), and those this process is working on now.
   */
  counts(): Promise<{ queued: number; active: number }>
  /**
   * Stop taking work, give the items in progress up to `timeoutMs` (10 s) to finish, then release the rest: each goes
   * back to pending with no lease, so another process (or this one's next start) processes it again at once instead of
   * waiting for its lease to lapse; on pg-boss their jobs are failed too, and retried by another process's worker.
   */
  stop(options?: { timeoutMs?: number }): Promise<MediaStopReport>
}

export interface MediaStopReport {
  /** Items in progress that finished within the bound. */
  finished: number
  /** Items in progress at the bound, handed back for another attempt. */
  released: number
}

/** How long stop() waits for items in progress when not told. */
const STOP_TIMEOUT_MS = 10_000

/**
 * Start processing media in this process. Every claim is one atomic UPDATE in the database, so several
 * processes (each with its worker) never process one item twice; an item whose worker died is taken over
 * once its lease lapses.
 */
export async function startMediaWorker(app: AppServices, options: MediaWorkerOptions = {}): Promise<MediaWorker> {
  const concurrency = Math.max(1, options.concurrency ?? app.config.mediaConcurrency)
  const leaseMs = options.leaseMs ?? MEDIA_LEASE_MS
  let active = 0
  let stopped = false
  let draining = false
  const inFlight = new Set<Promise<unknown>>()
  /** Items this process has claimed and not finished: what stop() hands back when the bound is reached. */
  const claimed = new Map<number, MediaRow>()
  let stopReport: Promise<MediaStopReport> | null = null
  /** Items that finished after stop() was called (within its bound). */
  let finishedWhileStopping = 0

  const track = (row: MediaRow, work: Promise<unknown>) => {
    claimed.set(row.id, row)
    inFlight.add(work)
    void work.finally(() => {
      inFlight.delete(work)
      if (claimed.get(row.id) !== row) return
      claimed.delete(row.id)
      if (stopped) finishedWhileStopping++
    })
    return work
  }

  /** Fill free slots with claimable items until there are none. */
  async function drain(): Promise<void> {
    if (stopped || draining) return
    draining = true
    try {
      while (!stopped && active < concurrency) {
        const row = await claimNextMedia(app, leaseMs)
        if (!row) break
        if (stopped) {
          // Claimed while the process began to stop: handed straight back.
          await release(app, row)
          break
        }
        active++
        void track(
          row,
          processClaimedMedia(app, row)
            .catch((error) => console.error(`[media] processing ${row.id} failed:`, error))
            .finally(() => {
              active--
              void drain()
            }),
        )
      }
    } catch (error) {
      if (!stopped) console.error('[media] claiming failed:', (error as Error).message)
    } finally {
      draining = false
    }
  }

  let boss: PgBoss | null = null
  if (options.databaseUrl) {
    boss = new (pgBoss())({ connectionString: options.databaseUrl, schedule: false, application_name: 'meridian-media', max: 3 })
    boss.on('error', (error) => console.error('[media] job queue:', error.message))
    await boss.start()
    try {
      if (!(await boss.getQueue(MEDIA_QUEUE))) await boss.createQueue(MEDIA_QUEUE, { name: MEDIA_QUEUE, expireInSeconds: leaseMs / 1000, retryLimit: 2 })
    } catch (error) {
      if (!(await boss.getQueue(MEDIA_QUEUE))) throw error
    }
    const queue = boss
    app.mediaJobs.attach(async (ids) => {
      await queue.insert(ids.map((id) => ({ name: MEDIA_QUEUE, data: { id } })))
    })
    for (let i = 0; i < concurrency; i++) {
      await boss.work<{ id: number }>(MEDIA_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) {
          // Failed, so that pg-boss hands the job to another process's worker.
          if (stopped) throw new Error('This process is stopping; the item is left to another worker.')
          const row = await claimMediaById(app, Number(job.data.id), leaseMs)
          if (!row) continue
          active++
          try {
            await track(row, processClaimedMedia(app, row))
          } finally {
            active--
          }
        }
      })
    }
  } else {
    app.mediaJobs.attach(async () => void drain())
  }

  const poll = setInterval(() => void drain(), options.pollMs ?? 5_000)
  const housekeeping = setInterval(() => {
    mediaHousekeeping(app).catch((error) => console.error('[media] housekeeping failed:', (error as Error).message))
  }, options.housekeepingMs ?? 60_000)
  poll.unref()
  housekeeping.unref()
  void drain()

  return {
    kind: boss ? 'pg-boss' : 'in-process',
    async counts() {
      const queued = boss ? ((await boss.getQueueSize(MEDIA_QUEUE)) ?? 0) : await pendingCount(app)
      return { queued, active }
    },
    async idle() {
      for (;;) {
        await drain()
        await Promise.all([...inFlight])
        if (active === 0 && (await unfinishedCount(app)) === 0) return
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    stop(stopOptions = {}) {
      stopReport ??= (async () => {
        const timeoutMs = stopOptions.timeoutMs ?? STOP_TIMEOUT_MS
        stopped = true
        clearInterval(poll)
        clearInterval(housekeeping)
        // Uploads from now on wait as pending rows (the queue of record) for another process or the next start.
        app.mediaJobs.detach()
        // pg-boss stops fetching at once, waits for its handlers up to the bound, then fails the jobs still active.
        const bossStopped = boss?.stop({ graceful: true, wait: true, timeout: timeoutMs }).catch(() => {})
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, timeoutMs)
          }),
        ])
        clearTimeout(timer)
        const unfinished = [...claimed.values()]
        claimed.clear()
        const finished = finishedWhileStopping
        let released = 0
        for (const row of unfinished) released += await release(app, row).catch(() => 0)
        await bossStopped
        return { finished, released }
      })()
      return stopReport
    },
  }
}

/**
 * Hand a claimed item back: pending, no lease, so it is claimable at once. Only while this process's claim still holds
 * (same attempt, still processing); the attempt is kept counted, so an older worker's late write can never match.
 */
async function release(app: AppServices, row: MediaRow): Promise<number> {
  const rows = await app.db
    .update(mediaItems)
    .set({ status: 'pending', leaseUntil: null })
    .where(and(eq(mediaItems.id, row.id), eq(mediaItems.status, 'processing'), eq(mediaItems.attempts, row.attempts)))
    .returning({ id: mediaItems.id })
  return rows.length
}

async function pendingCount(app: AppServices): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.status, 'pending'))
  return row?.n ?? 0
}

async function unfinishedCount(app: AppServices): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(mediaItems)
    .where(inArray(mediaItems.status, ['pending', 'processing']))
  return row?.n ?? 0
}
