import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type sharpModule from 'sharp'
import type { Metadata } from 'sharp'
import { and, asc, eq, inArray, isNull, lt, mediaItems, type MediaVariant, or, sql } from '@meridian/db'
import { isStorageUnavailable } from '@meridian/storage'
import type { AppServices } from '../context.ts'
import { exifHasGps, previewAndThumbnails, sanitisedOriginal, variantOf } from './image-renditions.ts'
import { formatDuration, type MediaRow } from './serialize-media.ts'
import { mediaPrefix, removeStoredFolder } from './storage-cleanup.ts'
import { hasTool, posterFrame, probeVideo } from './video-tools.ts'
import { lazyModule } from '../lazy-module.ts'

/** Image processing, loaded with the first image (a worker that never processes one does not hold it). */
const sharp = lazyModule<typeof sharpModule>('sharp')

/** A claim lasts this long; a worker that dies leaves the item to be taken over after it (crash recovery). */
export const MEDIA_LEASE_MS = 5 * 60_000
/** Attempts before an item is failed for good (transient errors such as a storage outage are retried). */
export const MEDIA_MAX_ATTEMPTS = 3

const uploadKey = (row: Pick<MediaRow, 'uuid'>) => `${mediaPrefix(row.uuid)}/upload`

/** Items a worker may take: pending and due, or processing with a lapsed lease. */
const claimable = () =>
  or(
    and(eq(mediaItems.status, 'pending'), or(isNull(mediaItems.leaseUntil), lt(mediaItems.leaseUntil, sql`now()`))),
    and(eq(mediaItems.status, 'processing'), lt(mediaItems.leaseUntil, sql`now()`)),
  )

const claimSet = (leaseMs: number) => ({
  status: 'processing' as const,
  attempts: sql`${mediaItems.attempts} + 1`,
  leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
})

/**
 * Take the next item atomically (one UPDATE over a SKIP LOCKED pick): across any number of processes an
 * item is claimed by one worker at a time.
 */
export async function claimNextMedia(app: AppServices, leaseMs = MEDIA_LEASE_MS): Promise<MediaRow | null> {
  const next = app.db.select({ id: mediaItems.id }).from(mediaItems).where(claimable()).orderBy(asc(mediaItems.id)).limit(1).for('update', { skipLocked: true })
  const [row] = await app.db.update(mediaItems).set(claimSet(leaseMs)).where(inArray(mediaItems.id, next)).returning()
  return row ?? null
}

/** Claim one given item, if it is still claimable (pg-boss hands over ids; a duplicate delivery claims nothing). */
export async function claimMediaById(app: AppServices, id: number, leaseMs = MEDIA_LEASE_MS): Promise<MediaRow | null> {
  const [row] = await app.db
    .update(mediaItems)
    .set(claimSet(leaseMs))
    .where(and(eq(mediaItems.id, id), claimable()))
    .returning()
  return row ?? null
}

interface Outcome {
  variants: Record<string, MediaVariant>
  metadata: Record<string, unknown>
  /** Objects that are no longer needed once the item is ready (the raw upload of a photo). */
  obsolete: string[]
}

/** Process a claimed item to ready or failed (or back to pending for a retry after a storage outage). */
export async function processClaimedMedia(app: AppServices, row: MediaRow): Promise<MediaRow | null> {
  const token = and(eq(mediaItems.id, row.id), eq(mediaItems.status, 'processing'), eq(mediaItems.attempts, row.attempts))
  if (row.attempts > MEDIA_MAX_ATTEMPTS) {
    return finish(app, row, token, { status: 'failed', failureReason: 'Processing did not finish after several attempts.', leaseUntil: null })
  }
  let outcome: Outcome
  try {
    outcome = row.mediaType === 'photo' ? await processPhoto(app, row) : await processVideo(app, row)
  } catch (error) {
    const transient = isStorageUnavailable(error)
    if (transient && row.attempts < MEDIA_MAX_ATTEMPTS) {
      const wait = 30 * row.attempts
      return finishOrClean(app, row, token, {
        status: 'pending',
        failureReason: null,
        leaseUntil: sql`now() + make_interval(secs => ${wait})` as unknown as Date,
      })
    }
    const reason = transient ? 'File storage was unavailable.' : String((error as Error)?.message ?? error).slice(0, 300)
    return finishOrClean(app, row, token, { status: 'failed', failureReason: reason, leaseUntil: null })
  }
  const done = await finishOrClean(app, row, token, {
    status: 'ready',
    failureReason: null,
    leaseUntil: null,
    variants: outcome.variants,
    metadata: outcome.metadata,
    version: sql`${mediaItems.version} + 1` as unknown as number,
    processedAt: new Date(),
  })
  if (done) for (const key of outcome.obsolete) await app.storage.delete(key).catch(() => {})
  return done
}

/**
 * Record the outcome unless the item was deleted (or taken over) while we worked; if its row is gone, so must be
 * whatever we wrote meanwhile, whether processing succeeded or failed.
 */
async function finishOrClean(
  app: AppServices,
  row: MediaRow,
  token: ReturnType<typeof and>,
  changes: Partial<typeof mediaItems.$inferInsert>,
): Promise<MediaRow | null> {
  const done = await finish(app, row, token, changes)
  if (done) return done
  const [still] = await app.db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.id, row.id))
  if (!still) await removeStoredFolder(app, mediaPrefix(row.uuid))
  return null
}

async function finish(
  app: AppServices,
  row: MediaRow,
  token: ReturnType<typeof and>,
  changes: Partial<typeof mediaItems.$inferInsert>,
): Promise<MediaRow | null> {
  const [done] = await app.db.update(mediaItems).set(changes).where(token).returning()
  return done ?? null
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function processPhoto(app: AppServices, row: MediaRow): Promise<Outcome> {
  const input = await readAll(await app.storage.get(uploadKey(row)))
  let meta: Metadata
  try {
    meta = await sharp()(input, { failOn: 'error' }).metadata()
  } catch (error) {
    throw new Error(`The image could not be read: ${(error as Error).message}`)
  }
  const prefix = mediaPrefix(row.uuid)
  const original = await sanitisedOriginal(input, row.mimeType).catch((error: Error) => {
    throw new Error(`The image could not be read: ${error.message}`)
  })
  const renditions = await previewAndThumbnails(input, { rotate: true })
  const variants: Record<string, MediaVariant> = {}
  const originalKey = `${prefix}/original.${original.ext}`
  await app.storage.put(originalKey, original.data, { contentType: row.mimeType })
  variants.original = variantOf(originalKey, { mime: row.mimeType, ...original })
  for (const r of renditions) {
    const key = `${prefix}/${r.file}`
    await app.storage.put(key, r.data, { contentType: r.mime })
    variants[r.name] = variantOf(key, r)
  }
  const orientation = meta.orientation ?? 1
  return {
    variants,
    metadata: {
      width: original.width,
      height: original.height,
      dimensions: `${original.width}x${original.height}`,
      format: meta.format,
      orientation,
      orientation_applied: orientation !== 1,
      has_alpha: Boolean(meta.hasAlpha),
      frames: meta.pages ?? 1,
      private_metadata_removed: Boolean(meta.exif || meta.xmp || meta.iptc),
      location_removed: exifHasGps(meta.exif),
    },
    obsolete: [uploadKey(row)],
  }
}

async function processVideo(app: AppServices, row: MediaRow): Promise<Outcome> {
  const key = uploadKey(row)
  const info = await app.storage.stat(key)
  if (!info) throw new Error('The uploaded file is missing from storage.')
  const variants: Record<string, MediaVariant> = { original: { key, mime: row.mimeType, size: info.size } }
  const { ffprobePath, ffmpegPath } = app.config
  if (!(await hasTool(ffprobePath)) || !(await hasTool(ffmpegPath))) {
    return {
      variants,
      metadata: { video_tools: 'unavailable', note: 'ffprobe/ffmpeg are not installed on the server: duration and poster frame were not extracted.' },
      obsolete: [],
    }
  }
  const { file, cleanup } = await localCopy(app, key)
  try {
    const probe = await probeVideo(ffprobePath, file)
    const at = probe.duration && probe.duration > 2 ? 1 : 0
    const frame = await posterFrame(ffmpegPath, file, at)
    const prefix = mediaPrefix(row.uuid)
    if (frame) {
      const poster = await sharp()(frame)
        .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true })
      await app.storage.put(`${prefix}/poster.jpg`, poster.data, { contentType: 'image/jpeg' })
      variants.poster = variantOf(`${prefix}/poster.jpg`, { mime: 'image/jpeg', data: poster.data, width: poster.info.width, height: poster.info.height })
      for (const r of await previewAndThumbnails(frame, { rotate: false })) {
        await app.storage.put(`${prefix}/${r.file}`, r.data, { contentType: r.mime })
        variants[r.name] = variantOf(`${prefix}/${r.file}`, r)
      }
    }
    return {
      variants,
      metadata: {
        video_tools: 'ffmpeg',
        duration: probe.duration,
        duration_formatted: probe.duration === null ? null : formatDuration(probe.duration),
        width: probe.width,
        height: probe.height,
        dimensions: probe.width && probe.height ? `${probe.width}x${probe.height}` : null,
        codec: probe.codec,
        poster_frame: Boolean(frame),
      },
      obsolete: [],
    }
  } finally {
    await cleanup()
  }
}

/** ffprobe needs a file: the stored one on local disk, else a temporary copy streamed from S3. */
async function localCopy(app: AppServices, key: string): Promise<{ file: string; cleanup(): Promise<void> }> {
  const local = app.storage.localPath?.(key)
  if (local) return { file: local, cleanup: async () => {} }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'meridian-video-'))
  const file = path.join(dir, 'video')
  await pipeline(await app.storage.get(key), fs.createWriteStream(file))
  return { file, cleanup: () => fs.promises.rm(dir, { recursive: true, force: true }) }
}
