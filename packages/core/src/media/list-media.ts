import { and, asc, count, desc, eq, ilike, inArray, mediaItems, ne, or, sql } from '@meridian/db'
import type { SQL } from 'drizzle-orm'
import { ListMediaQuery, MediaGalleryQuery } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { MEDIA_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { checkAttachment } from './attachment.ts'
import { type ContentTypeName, isContentType } from './content-types.ts'
import { assertCanManageMedia, canManageMedia } from './media-access.ts'
import { type MediaDto, type MediaRow, serializeMedia } from './serialize-media.ts'

export interface MediaPage {
  count: number
  page: number
  page_size: number
  results: MediaDto[]
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Serialise rows with the names of the objects they are attached to (one lookup per content type). */
export async function serializeMediaRows(ctx: ServiceContext, rows: MediaRow[], base = ''): Promise<MediaDto[]> {
  const idsByType = new Map<ContentTypeName, number[]>()
  for (const row of rows) {
    if (row.contentType && row.objectId !== null && isContentType(row.contentType)) {
      const ids = idsByType.get(row.contentType) ?? []
      ids.push(row.objectId)
      idsByType.set(row.contentType, ids)
    }
  }
  const names = new Map<string, string>()
  for (const [type, ids] of idsByType) {
    for (const [id, name] of await ctx.contentObjects.names(ctx.db, type, [...new Set(ids)])) names.set(`${type}:${id}`, name)
  }
  return rows.map((row) => serializeMedia(row, { base, objectName: names.get(`${row.contentType}:${row.objectId}`) ?? null }))
}

/**
 * GET /api/media/: managers see the whole library; anyone else only the ready media of an object they may view
 * (content_type and object_id given). Newest first within the display order.
 */
export async function listMedia(ctx: ServiceContext, input: unknown, base = ''): Promise<MediaPage> {
  const query = parseInput(ListMediaQuery, input)
  const manager = canManageMedia(ctx.actor)
  const where: SQL[] = [ne(mediaItems.status, 'uploading')]
  if (query.content_type || query.object_id !== undefined) {
    const target = await checkAttachment(ctx, query.content_type || null, query.object_id ?? null)
    where.push(eq(mediaItems.contentType, target.contentType!), eq(mediaItems.objectId, target.objectId!))
    if (!manager) {
      await assertCanView(ctx, target.contentType!, target.objectId!)
      where.push(eq(mediaItems.status, 'ready'))
    }
  } else if (!manager) {
    assertCanManageMedia(ctx)
  }
  if (query.type !== 'all') where.push(eq(mediaItems.mediaType, query.type))
  if (query.status !== 'all') where.push(eq(mediaItems.status, query.status))
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`
    where.push(
      or(ilike(mediaItems.title, pattern), ilike(mediaItems.description, pattern), ilike(mediaItems.originalFilename, pattern))!,
    )
  }
  const condition = and(...where)
  const [total] = await ctx.db.select({ n: count() }).from(mediaItems).where(condition)
  const n = total?.n ?? 0
  const lastPage = Math.max(1, Math.ceil(n / query.page_size))
  if (query.page > lastPage) throw new DomainError('not_found', 'Invalid page.')
  const rows = await ctx.db
    .select()
    .from(mediaItems)
    .where(condition)
    .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
  return { count: n, page: query.page, page_size: query.page_size, results: await serializeMediaRows(ctx, rows, base) }
}

/** GET /api/media/gallery/: the ready media of one object, featured first, then by display order. */
export async function getMediaGallery(ctx: ServiceContext, input: unknown, base = ''): Promise<MediaDto[]> {
  const query = parseInput(MediaGalleryQuery, input)
  const target = await checkAttachment(ctx, query.content_type, query.object_id)
  const manager = canManageMedia(ctx.actor)
  if (!manager) await assertCanView(ctx, target.contentType!, target.objectId!)
  const rows = await ctx.db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.contentType, target.contentType!),
        eq(mediaItems.objectId, target.objectId!),
        manager ? ne(mediaItems.status, 'uploading') : eq(mediaItems.status, 'ready'),
      ),
    )
    .orderBy(desc(mediaItems.isFeatured), asc(mediaItems.displayOrder), asc(mediaItems.id))
    .limit(500)
  return serializeMediaRows(ctx, rows, base)
}

/** One media row the caller may see: managers any, others a ready item attached to something they may view. */
export async function findVisibleMedia(ctx: ServiceContext, id: number): Promise<MediaRow> {
  if (!Number.isInteger(id) || id < 1) throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
  const [row] = await ctx.db.select().from(mediaItems).where(eq(mediaItems.id, id))
  if (!row || row.status === 'uploading') throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
  if (canManageMedia(ctx.actor)) return row
  const attached = row.contentType && row.objectId !== null && isContentType(row.contentType)
  if (!attached || row.status !== 'ready' || !(await ctx.contentObjects.canView(ctx.db, ctx.actor, row.contentType as ContentTypeName, row.objectId!))) {
    // Unauthenticated callers learn they must sign in; others learn nothing about the item.
    if (!ctx.actor) throw new DomainError('unauthenticated', 'Authentication credentials were not provided.')
    throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
  }
  return row
}

/** GET /api/media/{id}/. */
export async function getMedia(ctx: ServiceContext, id: number, base = ''): Promise<MediaDto> {
  const row = await findVisibleMedia(ctx, id)
  return (await serializeMediaRows(ctx, [row], base))[0]!
}

export interface MediaStats {
  total: number
  photos: number
  videos: number
  processing_queue: number
}

/** GET /api/media/stats/: counts over the library; the queue is what is pending or processing. */
export async function getMediaStats(ctx: ServiceContext): Promise<MediaStats> {
  assertCanManageMedia(ctx)
  const [row] = await ctx.db
    .select({
      total: count(),
      photos: sql<number>`count(*) filter (where ${mediaItems.mediaType} = 'photo')`.mapWith(Number),
      videos: sql<number>`count(*) filter (where ${mediaItems.mediaType} = 'video')`.mapWith(Number),
      queue: sql<number>`count(*) filter (where ${inArray(mediaItems.status, ['pending', 'processing'])})`.mapWith(Number),
    })
    .from(mediaItems)
    .where(ne(mediaItems.status, 'uploading'))
  return { total: row?.total ?? 0, photos: row?.photos ?? 0, videos: row?.videos ?? 0, processing_queue: row?.queue ?? 0 }
}

async function assertCanView(ctx: ServiceContext, type: ContentTypeName, id: number) {
  if (!(await ctx.contentObjects.canView(ctx.db, ctx.actor, type, id))) {
    if (!ctx.actor) throw new DomainError('unauthenticated', 'Authentication credentials were not provided.')
    throw new DomainError('forbidden', MEDIA_MESSAGES.deniedBody)
  }
}
