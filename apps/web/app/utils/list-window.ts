/**
 * The page window a list loader hands its service: `?page=` as the screens' pagers write it, or `?cursor=` (a
 * list's `next_cursor`), which reads the rows after it at the same cost at any depth (decision 021).
 */
export function listWindow(params: URLSearchParams, size: number) {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  return { limit: size, offset: (page - 1) * size, after: params.get('cursor') || undefined }
}
