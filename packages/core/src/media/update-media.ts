import { and, eq, inArray, mediaItems, sql, storageDeletions } from '@meridian/db'
import { MediaIdsInput, UpdateMediaInput, parseRecordId } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { MEDIA_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { serializeMediaRows } from './list-media.ts'
import { assertCanManageMedia } from './media-access.ts'
import type { MediaDto } from './serialize-media.ts'
import { mediaPrefix } from './storage-cleanup.ts'

const notFound = () => new DomainError('not_found', MEDIA_MESSAGES.notFound)
const visible = (id: number) => and(eq(mediaItems.id, id), sql`${mediaItems.status} <> 'uploading'`)

/** PATCH /api/media/{id}/: title, description, is_featured, order (an integer >= 0). */
export async function updateMedia(ctx: ServiceContext, id: number, input: unknown, base = ctx.request.linkOrigin ?? ''): Promise<MediaDto> {
  assertCanManageMedia(ctx)
  const data = parseInput(UpdateMediaInput, input)
  const changes: Partial<typeof mediaItems.$inferInsert> = {}
  if (data.title !== undefined) changes.title = data.title
  if (data.description !== undefined) changes.description = data.description
  if (data.is_featured !== undefined) changes.isFeatured = data.is_featured
  if (data.order !== undefined) changes.displayOrder = data.order
  if (parseRecordId(id) === null) throw notFound()
  const [row] = Object.keys(changes).length
    ? await ctx.db.update(mediaItems).set(changes).where(visible(id)).returning()
    : await ctx.db.select().from(mediaItems).where(visible(id))
  if (!row) throw notFound()
  return (await serializeMediaRows(ctx, [row], base))[0]!
}

/** POST /api/media/{id}/reprocess/: a failed or pending item goes back to the queue from scratch. */
export async function reprocessMedia(ctx: ServiceContext, id: number, base = ctx.request.linkOrigin ?? ''): Promise<MediaDto> {
  assertCanManageMedia(ctx)
  if (parseRecordId(id) === null) throw notFound()
  const [row] = await ctx.db
    .update(mediaItems)
    .set({ status: 'pending', failureReason: null, attempts: 0, leaseUntil: null })
    .where(and(eq(mediaItems.id, id), inArray(mediaItems.status, ['failed', 'pending'])))
    .returning()
  if (!row) {
    const [exists] = await ctx.db.select({ id: mediaItems.id }).from(mediaItems).where(visible(id))
    if (!exists) throw notFound()
    throw new DomainError('conflict', MEDIA_MESSAGES.notReprocessable)
  }
  await ctx.mediaJobs.enqueue([row.id]).catch((e) => console.error('[media] enqueue failed:', e))
  return (await serializeMediaRows(ctx, [row], base))[0]!
}

/**
 * DELETE /api/media/{id}/ (and several at once): the rows and a deletion order for their stored objects are
 * written in one transaction, then the objects are removed; if storage is down the order waits in the outbox.
 */
export async function deleteMediaItems(ctx: ServiceContext, input: unknown): Promise<{ deleted: number[] }> {
  assertCanManageMedia(ctx)
  const { ids } = parseInput(MediaIdsInput, input)
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(mediaItems)
      .where(and(inArray(mediaItems.id, ids), sql`${mediaItems.status} <> 'uploading'`))
      .returning({ id: mediaItems.id, uuid: mediaItems.uuid })
    if (rows.length) {
      await tx.insert(storageDeletions).values(rows.map((r) => ({ prefix: mediaPrefix(r.uuid) })))
    }
    return rows
  })
  for (const row of removed) {
    try {
      await ctx.storage.deletePrefix(mediaPrefix(row.uuid))
      await ctx.db.delete(storageDeletions).where(eq(storageDeletions.prefix, mediaPrefix(row.uuid)))
    } catch (error) {
      console.warn(`[media] storage deletion of ${row.uuid} postponed:`, (error as Error).message)
    }
  }
  return { deleted: removed.map((r) => r.id) }
}

export async function deleteMedia(ctx: ServiceContext, id: number): Promise<void> {
  assertCanManageMedia(ctx)
  if (parseRecordId(id) === null) throw notFound()
  const { deleted } = await deleteMediaItems(ctx, { ids: [id] })
  if (!deleted.length) throw notFound()
}
