/** Query parameters as an object; a repeated one (a multi-city search's legs, a search's categories) as a list. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(query.keys())) {
    const all = query.getAll(key)
    out[key] = all.length > 1 ? all : all[0]!
  }
  return out
}
