import { and, type Database, desc, eq, mediaItems, sql } from '@meridian/db'
import { byIds } from '../lists/paged-list.ts'
import { mediaFileUrl } from '../media/serialize-media.ts'

/**
 * The public content types whose photos travelers see on cards: a country, an activity, and an accommodation (a
 * supplier of type accommodation; its photos are attached as core.accommodation, which is public, while
 * core.supplier media stays with staff).
 */
export type CardContentType = 'core.country' | 'core.activity' | 'core.accommodation' | 'core.location'

const reads = new Map<CardContentType, ReturnType<typeof imagesOf>>()

const imagesOf = (type: CardContentType) =>
  byIds(`featured_images_${type.replace('core.', '')}`, (db, ids) =>
    db
      .selectDistinctOn([mediaItems.objectId], { objectId: mediaItems.objectId, id: mediaItems.id, version: mediaItems.version, variants: mediaItems.variants })
      .from(mediaItems)
      .where(
        and(eq(mediaItems.contentType, type), sql`${mediaItems.objectId} = any(${ids})`, eq(mediaItems.status, 'ready'), eq(mediaItems.mediaType, 'photo')),
      )
      .orderBy(mediaItems.objectId, desc(mediaItems.isFeatured), mediaItems.displayOrder, mediaItems.id),
  )

/** The featured (else first) ready photo of each object, as a card-sized file URL; objects without one are left out. */
export async function featuredImages(db: Database, type: CardContentType, ids: number[]): Promise<Map<number, string>> {
  let read = reads.get(type)
  if (!read) reads.set(type, (read = imagesOf(type)))
  const rows = await read(db, [...new Set(ids)])
  const out = new Map<number, string>()
  for (const r of rows) {
    const variant = r.variants.thumbnail_large ? 'thumbnail_large' : r.variants.thumbnail_medium ? 'thumbnail_medium' : r.variants.preview ? 'preview' : null
    if (variant && r.objectId !== null) out.set(r.objectId, mediaFileUrl(r, variant))
  }
  return out
}
