import type { mediaItems } from '@meridian/db'

export type MediaRow = typeof mediaItems.$inferSelect

/** The renditions a client may ask for; 'original' is a download (Content-Disposition: attachment). */
export const MEDIA_VARIANTS = ['original', 'preview', 'thumbnail_small', 'thumbnail_medium', 'thumbnail_large', 'poster'] as const
export type MediaVariantName = (typeof MEDIA_VARIANTS)[number]

export interface MediaDto {
  id: number
  title: string
  description: string
  media_type: 'photo' | 'video'
  mime_type: string
  original_filename: string
  file_size: number
  file_size_mb: number
  status: 'ready' | 'processing' | 'pending' | 'failed'
  failure_reason: string | null
  is_featured: boolean
  order: number
  content_type: string | null
  object_id: number | null
  content_object_name: string | null
  preview_url: string | null
  thumbnail_url: string | null
  urls: Partial<Record<MediaVariantName, string>>
  metadata: Record<string, unknown>
  created_at: string
  updated_at: string
}

/** The path that serves one rendition; the version makes it safe to cache for good. */
export function mediaFileUrl(row: Pick<MediaRow, 'id' | 'version'>, variant: MediaVariantName, base = ''): string {
  return `${base}/media/${row.id}/${variant}?v=${row.version}`
}

/** One media item in the documented snake_case shape (spec 2 §3), the same on REST and tRPC. */
export function serializeMedia(row: MediaRow, options: { base?: string; objectName?: string | null } = {}): MediaDto {
  const base = options.base ?? ''
  const urls: MediaDto['urls'] = {}
  for (const name of MEDIA_VARIANTS) if (row.variants[name]) urls[name] = mediaFileUrl(row, name, base)
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    media_type: row.mediaType,
    mime_type: row.mimeType,
    original_filename: row.originalFilename,
    file_size: row.fileSize,
    file_size_mb: Math.round((row.fileSize / (1024 * 1024)) * 100) / 100,
    status: row.status === 'uploading' ? 'pending' : row.status,
    failure_reason: row.failureReason,
    is_featured: row.isFeatured,
    order: row.displayOrder,
    content_type: row.contentType,
    object_id: row.objectId,
    content_object_name: options.objectName ?? null,
    preview_url: urls.preview ?? null,
    thumbnail_url: urls.thumbnail_medium ?? urls.thumbnail_small ?? null,
    urls,
    metadata: row.metadata,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  }
}

/** "1:05" or "1:02:09". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
