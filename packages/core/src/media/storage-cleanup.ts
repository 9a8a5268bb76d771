import { and, asc, eq, lte, mediaItems, storageDeletions } from '@meridian/db'
import type { AppServices } from '../context.ts'

/** The storage folder of one media item. */
export const mediaPrefix = (uuid: string) => `media/${uuid}`

/** An upload older than this that never finished (the process died mid-request) is cleared away. */
export const STALE_UPLOAD_MS = 15 * 60_000

/**
 * Remove a folder of objects now; if the store is down, write it to the deletions outbox so a later sweep
 * finishes the job. Never throws: the caller's outcome does not depend on the store being up.
 */
export async function removeStoredFolder(app: AppServices, prefix: string): Promise<boolean> {
  try {
    await app.storage.deletePrefix(prefix)
    return true
  } catch (error) {
    await app.db
      .insert(storageDeletions)
      .values({ prefix, attempts: 1, lastError: String((error as Error)?.message ?? error).slice(0, 500) })
      .catch((e) => console.error('[media] could not record a pending deletion:', e))
    return false
  }
}

/**
 * Try every due outbox deletion once; failures wait longer each time (up to an hour). While the store does not
 * answer at all, nothing is tried and nothing waits longer: the deletions go at the first round after it is back.
 */
export async function flushStorageDeletions(app: AppServices, limit = 50): Promise<number> {
  const due = await app.db
    .select()
    .from(storageDeletions)
    .where(lte(storageDeletions.nextAttemptAt, new Date()))
    .orderBy(asc(storageDeletions.nextAttemptAt))
    .limit(limit)
  if (!due.length) return 0
  try {
    await app.storage.ping()
  } catch {
    return 0
  }
  let done = 0
  for (const row of due) {
    try {
      await app.storage.deletePrefix(row.prefix)
      await app.db.delete(storageDeletions).where(eq(storageDeletions.id, row.id))
      done++
    } catch (error) {
      const wait = Math.min(3600, 30 * 2 ** Math.min(row.attempts, 7))
      await app.db
        .update(storageDeletions)
        .set({
          attempts: row.attempts + 1,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + wait * 1000),
        })
        .where(eq(storageDeletions.id, row.id))
    }
  }
  return done
}

/** Uploads whose request died with its process: their rows and whatever bytes reached storage go. */
export async function sweepStaleUploads(app: AppServices, olderThanMs = STALE_UPLOAD_MS): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs)
  const stale = await app.db
    .delete(mediaItems)
    .where(and(eq(mediaItems.status, 'uploading'), lte(mediaItems.createdAt, cutoff)))
    .returning({ uuid: mediaItems.uuid })
  for (const row of stale) await removeStoredFolder(app, mediaPrefix(row.uuid))
  return stale.length
}

/** Housekeeping shared by every worker: finish pending deletions, clear dead uploads. */
export async function mediaHousekeeping(app: AppServices): Promise<void> {
  await sweepStaleUploads(app)
  await flushStorageDeletions(app)
}
