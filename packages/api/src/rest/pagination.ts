import { DomainError } from '@meridian/core'
import type { Handler, RestCall } from './router.ts'

export const MAX_PAGE_SIZE = 500
/** More pages than any table here can fill (a billion rows of one). */
const MAX_PAGE = 1_000_000_000

export interface PageRequest {
  page: number
  pageSize: number
  offset: number
}

/** DRF page-number pagination: `page` (from 1) and `page_size` (capped at 500). */
export function pageRequest(query: URLSearchParams, defaultSize = 20): PageRequest {
  const page = query.get('page') ?? '1'
  const size = query.get('page_size')
  const pageNumber = Number(page)
  // A page past any list's end (and any number the database could not take as an offset) is DRF's 'Invalid page.'.
  if (!Number.isSafeInteger(pageNumber) || pageNumber < 1 || pageNumber > MAX_PAGE) throw new DomainError('not_found', 'Invalid page.')
  let pageSize = size === null || size === '' ? defaultSize : Number(size)
  if (!Number.isInteger(pageSize) || pageSize < 1) pageSize = defaultSize
  pageSize = Math.min(pageSize, MAX_PAGE_SIZE)
  return { page: pageNumber, pageSize, offset: (pageNumber - 1) * pageSize }
}

/** The same absolute URL at another page, as DRF links it: the first page without `page`. */
export function pageLink(url: string, page: number): string {
  const u = new URL(url)
  if (page === 1) u.searchParams.delete('page')
  else u.searchParams.set('page', String(page))
  return u.toString()
}

/** `{count, next, previous, results}` with absolute next/previous links, as DRF answers. */
export function pageResponse<T>(url: string, request: PageRequest, count: number, results: T[]) {
  const link = (page: number) => pageLink(url, page)
  const lastPage = Math.max(1, Math.ceil(count / request.pageSize))
  if (request.page > lastPage) throw new DomainError('not_found', 'Invalid page.')
  return { count, next: request.page < lastPage ? link(request.page + 1) : null, previous: request.page > 1 ? link(request.page - 1) : null, results }
}

/** Query parameters as a plain object (the last value of a repeated key wins), without pagination's own. */
export function queryFilters(query: URLSearchParams): Record<string, string> {
  const out = Object.fromEntries(query)
  delete out.page
  delete out.page_size
  return out
}

type ListService = (
  ctx: RestCall['ctx'],
  query: unknown,
  page: { limit: number; offset: number },
) => Promise<{ count: number; results: unknown[]; next_cursor?: unknown }>

/**
 * A DRF page-number list over a list service: `?page=`, `page_size`, the other parameters as its filters. What a
 * service answers beside its page (the customers' status counters, the activities' stats chips) follows DRF's keys;
 * the cursor is the typed procedures' own.
 */
export const pagedList =
  (list: ListService, defaultSize: number): Handler =>
  async ({ ctx, query, origin, req }) => {
    const page = pageRequest(query, defaultSize)
    const { count, results, next_cursor: _cursor, ...beside } = await list(ctx, queryFilters(query), { limit: page.pageSize, offset: page.offset })
    return { body: { ...pageResponse(new URL(req.url ?? '/', origin).toString(), page, count, results), ...beside } }
  }
