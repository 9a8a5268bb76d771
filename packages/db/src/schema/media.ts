import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

export const MEDIA_TYPES = ['photo', 'video'] as const
/** uploading is internal (the bytes are on their way to storage; never listed); the rest are spec 2 §4. */
export const MEDIA_STATUSES = ['uploading', 'pending', 'processing', 'ready', 'failed'] as const

/** One stored rendition of a media item: the sanitised original, the preview, a thumbnail, a poster frame. */
export interface MediaVariant {
  key: string
  mime: string
  size: number
  width?: number
  height?: number
}

/**
 * A photo or video of the library (spec 2 §3 Media item). Its objects live in storage under
 * `media/<uuid>/`; the upload itself is `media/<uuid>/upload`, kept private.
 */
export const mediaItems = pgTable(
  'media_items',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    mediaType: text('media_type', { enum: MEDIA_TYPES }).notNull(),
    mimeType: text('mime_type').notNull(),
    originalFilename: text('original_filename').notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('uploading'),
    failureReason: text('failure_reason'),
    isFeatured: boolean('is_featured').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    contentType: text('content_type'),
    objectId: integer('object_id'),
    variants: jsonb('variants').$type<Record<string, MediaVariant>>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Processing attempts so far; a worker's claim increments it. */
    attempts: integer('attempts').notNull().default(0),
    /** A processing claim is good until then; past it, another worker may take the item over (crash recovery). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Bumped by every finished processing: part of the file URLs, so caches never serve an old rendition. */
    version: integer('version').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The library newest first without uploads in progress, and each filter followed by that order (decision 021).
    // The status index also serves the worker's claims and the cleanup of abandoned uploads.
    index('media_items_list_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} <> 'uploading'`),
    index('media_items_object_idx').on(t.contentType, t.objectId, t.createdAt.desc(), t.id.desc()),
    index('media_items_type_idx').on(t.mediaType, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} <> 'uploading'`),
    index('media_items_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // Search: ILIKE '%…%' on each of the three fields reads its trigram index (a bitmap OR of the three).
    index('media_items_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('media_items_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('media_items_filename_trgm_idx').using('gin', t.originalFilename.op('gin_trgm_ops')),
  ],
)

/**
 * Stored objects still to remove (an outbox): written in the transaction that deletes a media row, so a
 * storage outage delays the removal but never forgets it.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    id: serial('id').primaryKey(),
    prefix: text('prefix').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('storage_deletions_next_idx').on(t.nextAttemptAt)],
)
