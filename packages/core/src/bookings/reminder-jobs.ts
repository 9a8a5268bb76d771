import type PgBoss from 'pg-boss'
import type { Database } from '@meridian/db'
import { lazyModule } from '../lazy-module.ts'
import { type SweepReport, sweepReminders } from './reminders.ts'

/** The job queue, on PostgreSQL only (the embedded database never loads it). */
const pgBoss = lazyModule<typeof PgBoss>('pg-boss')

export const REMINDER_QUEUE = 'booking-reminders'
/** Every ten minutes (pg-boss cron, UTC). */
export const REMINDER_CRON = '*/10 * * * *'
const EMBEDDED_INTERVAL_MS = 10 * 60_000

export interface ReminderSweeps {
  readonly kind: 'in-process' | 'pg-boss'
  /** The sweep run at start (tests wait for it). */
  readonly started: Promise<SweepReport | null>
  stop(): Promise<void>
}

export interface ReminderSweepOptions {
  /** PostgreSQL URL: the sweep is a pg-boss scheduled job. Without it, a timer in this process. */
  databaseUrl?: string | null
  /** The site's origin for the links in mails. */
  origin?: string
  intervalMs?: number
  onError?: (error: Error) => void
}

/**
 * Schedule the reminder sweep (docs/bookings.md "Reminders and Due soon") and run it once now, so that a reminder
 * that fell due while no server ran goes out right after this one starts. On PostgreSQL pg-boss's cron sends one job
 * every ten minutes to whichever process takes it; on the embedded database (one process) a timer runs it. The
 * reminders' unique key, not the scheduler, is what makes each reminder go out once.
 */
export async function startReminderSweeps(db: Database, options: ReminderSweepOptions = {}): Promise<ReminderSweeps> {
  const onError = options.onError ?? ((e) => console.error(`[reminders] sweep failed: ${e.message}`))
  const sweep = () =>
    sweepReminders(db, { origin: options.origin }).catch((e: Error) => {
      onError(e)
      return null
    })
  let boss: PgBoss | null = null
  let timer: NodeJS.Timeout | null = null
  if (options.databaseUrl) {
    boss = new (pgBoss())({ connectionString: options.databaseUrl, application_name: 'meridian-reminders', max: 2 })
    boss.on('error', (error) => onError(error))
    await boss.start()
    try {
      if (!(await boss.getQueue(REMINDER_QUEUE))) await boss.createQueue(REMINDER_QUEUE, { name: REMINDER_QUEUE, policy: 'singleton', retryLimit: 1 })
    } catch (error) {
      if (!(await boss.getQueue(REMINDER_QUEUE))) throw error
    }
    await boss.schedule(REMINDER_QUEUE, REMINDER_CRON, {}, { tz: 'UTC' })
    await boss.work(REMINDER_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
      await sweepReminders(db, { origin: options.origin })
    })
  } else {
    timer = setInterval(() => void sweep(), options.intervalMs ?? EMBEDDED_INTERVAL_MS)
    timer.unref()
  }
  const started = sweep()
  return {
    kind: boss ? 'pg-boss' : 'in-process',
    started,
    async stop() {
      if (timer) clearInterval(timer)
      await started
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 }).catch(() => {})
    },
  }
}
