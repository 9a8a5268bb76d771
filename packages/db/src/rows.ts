/** Rows of a raw statement (`db.execute`), on both drivers: postgres.js answers an array, PGlite an object with rows. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}
