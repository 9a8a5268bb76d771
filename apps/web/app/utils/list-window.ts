/** More pages than any list here can fill; a larger number would not fit the database's offset. */
const MAX_PAGE = 1_000_000_000

/** A page number from the query string (`?page=`, or a list's own parameter): 1 unless a whole number from 1 up. */
export function pageParam(params: URLSearchParams, name = 'page'): number {
  const n = Number.parseInt(params.get(name) ?? '1', 10)
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1
}

/**
 * The page window a list loader hands its service: `?page=` as the screens' pagers write it (or the list's own
 * parameter when a screen has several), or `?cursor=` (a list's `next_cursor`, for the screen's one list), which
 * reads the rows after it at the same cost at any depth (decision 021).
 */
export function listWindow(params: URLSearchParams, size: number, name = 'page') {
  const page = pageParam(params, name)
  return { limit: size, offset: (page - 1) * size, after: name === 'page' ? params.get('cursor') || undefined : undefined }
}
