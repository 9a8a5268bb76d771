import { listCursor } from '@meridian/validators'
import * as v from 'valibot'

/**
 * A list procedure's input: the filters (checked by the service), and either a page number (as REST's ?page=) or
 * the `cursor` a previous answer gave as `next_cursor`, which costs the same at any depth (decision 021).
 */
export const listInput = (size: number) => v.optional(v.object({ filters: v.optional(v.record(v.string(), v.unknown()), {}), ...pageFields(size) }), {})

/** The paging fields of a list input: a page from 1, a page size from 1 to 500, or a cursor. */
export const pageFields = (size: number) => ({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), size),
  cursor: v.optional(listCursor),
})

/** The service's page window for a list input. */
export function pageWindow(input: { page?: number; page_size?: number; cursor?: string }, size: number) {
  const limit = input.page_size ?? size
  return { limit, offset: ((input.page ?? 1) - 1) * limit, after: input.cursor }
}
