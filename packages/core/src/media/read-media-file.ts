import type { Readable } from 'node:stream'
import { isStorageNotFound } from '@meridian/storage'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { MEDIA_MESSAGES } from '../messages.ts'
import { CONTENT_TYPES, isContentType } from './content-types.ts'
import { findVisibleMedia } from './list-media.ts'
import { MEDIA_VARIANTS, type MediaVariantName } from './serialize-media.ts'

export interface MediaFile {
  mime: string
  size: number
  /** attachment for the original (a download), inline for the renditions. */
  disposition: 'inline' | 'attachment'
  filename: string
  /** public when the item belongs to something everyone may see, private otherwise. */
  cache: 'public' | 'private'
  etag: string
  version: number
  open(range?: { start: number; end: number }): Promise<Readable>
}

/** One rendition of a media item the caller may see (GET /media/{id}/{variant}). */
export async function getMediaFile(ctx: ServiceContext, id: number, variant: string): Promise<MediaFile> {
  const row = await findVisibleMedia(ctx, id)
  const stored = (MEDIA_VARIANTS as readonly string[]).includes(variant) ? row.variants[variant as MediaVariantName] : undefined
  if (!stored) throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
  const publicItem = row.status === 'ready' && row.contentType !== null && isContentType(row.contentType) && CONTENT_TYPES[row.contentType].public
  const ext = stored.key.includes('.') ? stored.key.slice(stored.key.lastIndexOf('.') + 1) : ''
  const base = row.originalFilename.replace(/\.[^.]{1,5}$/, '') || `media-${row.id}`
  return {
    mime: stored.mime,
    size: stored.size,
    disposition: variant === 'original' ? 'attachment' : 'inline',
    filename: variant === 'original' ? (ext ? `${base}.${ext}` : row.originalFilename || `media-${row.id}`) : `${base}-${variant}.${ext || 'bin'}`,
    cache: publicItem ? 'public' : 'private',
    etag: `"m${row.id}-${variant}-v${row.version}"`,
    version: row.version,
    async open(range) {
      try {
        return await ctx.storage.get(stored.key, range)
      } catch (error) {
        if (isStorageNotFound(error)) throw new DomainError('not_found', MEDIA_MESSAGES.notFound)
        throw new DomainError('unavailable', MEDIA_MESSAGES.storageUnavailable)
      }
    },
  }
}
