import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CONTENT_TYPES, type ContentTypeName, isContentType } from './content-types.ts'

/** A content type and object id to attach media to: both or neither, of a real catalogue type and object. */
export async function checkAttachment(
  ctx: ServiceContext,
  contentType: string | null,
  objectId: number | null,
): Promise<{ contentType: ContentTypeName | null; objectId: number | null }> {
  if (!contentType && objectId === null) return { contentType: null, objectId: null }
  if (!contentType) throw DomainError.invalid({ content_type: ['This field is required when object_id is given.'] })
  if (!isContentType(contentType)) {
    throw DomainError.invalid({
      content_type: [`Unknown content type "${contentType}". Use one of: ${Object.keys(CONTENT_TYPES).join(', ')}.`],
    })
  }
  if (objectId === null) throw DomainError.invalid({ object_id: ['This field is required when content_type is given.'] })
  if (!(await ctx.contentObjects.exists(ctx.db, contentType, objectId))) {
    throw DomainError.invalid({ object_id: [`No ${CONTENT_TYPES[contentType].label.toLowerCase()} with id ${objectId}.`] })
  }
  return { contentType, objectId }
}
