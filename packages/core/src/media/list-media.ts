import { and, asc, count, type Database, desc, eq, getTableColumns, inArray, mediaItems, ne, sql } from '@meridian/db'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { ListMediaQuery, MediaGalleryQuery, parseRecordId } from '@meridian/validators'
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
  /** The rest of the library after this page (typed procedures and loaders: `cursor`); null after the last. */
  next_cursor: string | null
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
  const found = await Promise.all([...idsByType].map(async ([type, ids]) => [type, await ctx.contentObjects.names(ctx.db, type, [...new Set(ids)])] as const))
  for (const [type, byId] of found) for (const [id, name] of byId) names.set(`${type}:${id}`, name)
  return rows.map((row) => serializeMedia(row, { base, objectName: names.get(`${row.contentType}:${row.objectId}`) ?? null }))
}

/**
 * The library newest first, never the uploads in progress (a literal condition, so that the partial indexes serve
 * generic plans too); each filter has an index in this order, search reads the three fields' trigram indexes.
 */
const mediaList = pagedList({
  name: 'media',
  table: mediaItems,
  id: mediaItems.id,
  where: sql`${mediaItems.status} <> 'uploading'`,
  keys: [
    { expr: mediaItems.createdAt, type: 'timestamp' },
    { expr: mediaItems.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    object: (p) => sql`(${mediaItems.contentType} = ${p('type')} and ${mediaItems.objectId} = ${p('id')})`,
    media_type: (p) => sql`${mediaItems.mediaType} = ${p()}`,
    status: (p) => sql`${mediaItems.status} = ${p()}`,
    search: (p) =>
      sql`(${mediaItems.title} ilike ${p()} or ${mediaItems.description} ilike ${p()} or ${mediaItems.originalFilename} ilike ${p()})`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(mediaItems), ...page.cursor })
      .from(page.from)
      .innerJoin(mediaItems, eq(mediaItems.id, page.id)),
})

/**
 * GET /api/media/: managers see the whole library; anyone else only the ready media of an object they may view
 * (content_type and object_id given). Newest first within the display order.
 */
export async function listMedia(ctx: ServiceContext, input: unknown, base = ctx.request.linkOrigin ?? ''): Promise<MediaPage> {
  const query = parseInput(ListMediaQuery, input)
  const { filters, window } = await mediaQuery(ctx, query)
  const { count, rows, next_cursor } = await mediaList.page(ctx.db, filters, window)
  const lastPage = Math.max(1, Math.ceil(count / query.page_size))
  if (query.page > lastPage && !query.cursor) throw new DomainError('not_found', 'Invalid page.')
  return { count, page: query.page, page_size: query.page_size, results: await serializeMediaRows(ctx, rows, base), next_cursor }
}

/** What a caller may list, as the list's filters (access is checked here). */
async function mediaQuery(ctx: ServiceContext, query: ListMediaQuery) {
  const manager = canManageMedia(ctx.actor)
  let object: { type: string; id: number } | undefined
  let status: string | undefined = query.status === 'all' ? undefined : query.status
  if (query.content_type || query.object_id !== undefined) {
    const target = await checkAttachment(ctx, query.content_type || null, query.object_id ?? null)
    object = { type: target.contentType!, id: target.objectId! }
    if (!manager) {
      await assertCanView(ctx, target.contentType!, target.objectId!)
      // Others see ready media only: another status asked for matches nothing.
      if (status !== undefined && status !== 'ready') status = 'none'
      else status = 'ready'
    }
  } else if (!manager) {
    assertCanManageMedia(ctx)
  }
  const filters = {
    object,
    media_type: query.type === 'all' ? undefined : query.type,
    status,
    search: query.search ? `%${escapeLike(query.search)}%` : undefined,
  }
  return { filters, window: { limit: query.page_size, offset: (query.page - 1) * query.page_size, after: query.cursor } }
}

/** The list's statements for these filters (plan checks in tests; no access check). */
export const mediaListQueries = (
  db: Database,
  filters: { object?: { type: string; id: number }; media_type?: string; status?: string; search?: string },
  window: PageWindow,
) => mediaList.queries(db, filters, window)

/** GET /api/media/gallery/: the ready media of one object, featured first, then by display order. */
export async function getMediaGallery(ctx: ServiceContext, input: unknown, base = ctx.request.linkOrigin ?? ''): Promise<MediaDto[]> {
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
  if (parseRecordId(id) === null) throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
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
export async function getMedia(ctx: ServiceContext, id: number, base = ctx.request.linkOrigin ?? ''): Promise<MediaDto> {
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
