import { AttachMediaInput } from '@meridian/validators'
import { and, asc, desc, eq, inArray, mediaItems, ne } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { ACTIVITY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { recordId } from '../catalogue/shared.ts'
import { serializeMediaRows } from '../media/list-media.ts'
import type { MediaDto } from '../media/serialize-media.ts'
import { canManageActivities } from './access.ts'
import { readActivity } from './activities.ts'

type Kind = 'photo' | 'video'

/** The photos (or videos) of an activity, by display order then newest first. Needs activity management access. */
export async function listActivityMedia(ctx: ServiceContext, rawId: unknown, kind: Kind, base = ctx.request.linkOrigin ?? ''): Promise<MediaDto[]> {
  canManageActivities(ctx)
  const id = recordId(rawId, ACTIVITY_MESSAGES.notFound)
  await readActivity(ctx.db, id)
  const rows = await ctx.db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.contentType, 'core.activity'), eq(mediaItems.objectId, id), eq(mediaItems.mediaType, kind), ne(mediaItems.status, 'uploading')))
    .orderBy(asc(mediaItems.displayOrder), desc(mediaItems.createdAt), desc(mediaItems.id))
  return serializeMediaRows(ctx, rows, base)
}

/**
 * POST photos/attach/ (photo_ids) or videos/attach/ (video_ids): library items become the activity's (moved from
 * whatever they were attached to). Unknown ids or items of the other type are a field error; nothing changes then.
 */
export async function attachActivityMedia(ctx: ServiceContext, rawId: unknown, kind: Kind, input: unknown, base = ctx.request.linkOrigin ?? '') {
  canManageActivities(ctx)
  const id = recordId(rawId, ACTIVITY_MESSAGES.notFound)
  const field = kind === 'photo' ? 'photo_ids' : 'video_ids'
  const ids = (parseInput(AttachMediaInput(field), input) as Record<string, number[]>)[field]!
  await readActivity(ctx.db, id)
  const found = ids.length
    ? await ctx.db.select({ id: mediaItems.id, type: mediaItems.mediaType }).from(mediaItems).where(inArray(mediaItems.id, ids))
    : []
  const known = new Map(found.map((m) => [m.id, m.type]))
  const missing = ids.filter((x) => !known.has(x))
  if (missing.length) throw DomainError.invalid({ [field]: [ACTIVITY_MESSAGES.unknownMedia(kind, missing)] })
  const wrong = ids.filter((x) => known.get(x) !== kind)
  if (wrong.length) throw DomainError.invalid({ [field]: [ACTIVITY_MESSAGES.wrongMediaType(kind, wrong)] })
  if (ids.length) {
    await ctx.db.update(mediaItems).set({ contentType: 'core.activity', objectId: id }).where(inArray(mediaItems.id, ids))
  }
  const items = await listActivityMedia(ctx, id, kind, base)
  return { attached: ids.length, [kind === 'photo' ? 'photos' : 'videos']: items }
}
