import * as v from 'valibot'
import { RecordId } from './ids.ts'
import { listCursor } from './fields.ts'

/** Media limits (spec 2 §5, §9). */
export const MEDIA_PAGE_SIZE = 24
export const MEDIA_MAX_FILE_BYTES = 100 * 1024 * 1024
export const MEDIA_MAX_FILES_DEFAULT = 20
export const MEDIA_DOWNSCALE_ABOVE_BYTES = 6_291_456
export const MEDIA_DOWNSCALE_MAX_PX = 2560
export const MEDIA_DOWNSCALE_QUALITY = 0.85
export const MEDIA_UPLOAD_TIMEOUT_MS = 300_000
export const MEDIA_BODY_LIMIT_BYTES = 1024 * 1024 * 1024
/** Files in one upload request; the screens send fewer (the embedded manager's cap is 20). */
export const MEDIA_MAX_FILES_PER_REQUEST = 100
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/x-msvideo,video/webm'

export const MEDIA_TYPE_FILTERS = ['all', 'photo', 'video'] as const
export const MEDIA_STATUS_FILTERS = ['all', 'ready', 'processing', 'pending', 'failed'] as const

const ORDER_MESSAGE = 'Display order must be a whole number of at least 0.'

/** A number, or the text of one (forms send text). */
const wholeNumber = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.decimal(message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(0, message),
    v.maxValue(2_147_483_647, message),
  )

const objectId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.digits('A valid integer is required.'), v.transform(Number))], 'A valid integer is required.'),
  v.integer('A valid integer is required.'),
  v.minValue(1, 'A valid integer is required.'),
  v.maxValue(2_147_483_647, 'A valid integer is required.'),
)
const contentType = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(100))

/** GET /api/media/ query (spec 2 §7). */
export const ListMediaQuery = v.object({
  content_type: v.optional(contentType),
  object_id: v.optional(objectId),
  type: v.optional(v.picklist(MEDIA_TYPE_FILTERS, 'Select a valid choice.'), 'all'),
  status: v.optional(v.picklist(MEDIA_STATUS_FILTERS, 'Select a valid choice.'), 'all'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  page: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits('Invalid page.'), v.transform(Number))]), v.integer(), v.minValue(1, 'Invalid page.')), 1),
  page_size: v.optional(
    v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits(), v.transform(Number))]), v.integer(), v.minValue(1), v.maxValue(500)),
    MEDIA_PAGE_SIZE,
  ),
  /** The page after this one: the list's `next_cursor` (typed procedures and loaders; REST pages by number). */
  cursor: v.optional(listCursor),
})
export type ListMediaQuery = v.InferOutput<typeof ListMediaQuery>

/** GET /api/media/gallery/: the media of one catalogue object. */
export const MediaGalleryQuery = v.object({ content_type: contentType, object_id: objectId })

/** Where uploaded files are attached (both optional; object_id needs content_type). */
export const MediaAttachment = v.object({
  content_type: v.optional(v.union([v.literal(''), contentType])),
  object_id: v.optional(v.union([v.literal(''), objectId])),
})

/** PATCH /api/media/{id}/ (spec 2 §5: order is an integer >= 0). */
export const UpdateMediaInput = v.object({
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Ensure this field has no more than 200 characters.'))),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5000, 'Ensure this field has no more than 5000 characters.'))),
  is_featured: v.optional(v.boolean('Must be a valid boolean.')),
  order: v.optional(wholeNumber(ORDER_MESSAGE)),
})
export type UpdateMediaInput = v.InferOutput<typeof UpdateMediaInput>

export const MediaIdsInput = v.object({
  ids: v.pipe(v.array(RecordId), v.minLength(1, 'Select at least one item.'), v.maxLength(500)),
})
