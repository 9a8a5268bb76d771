import { type AnyColumn, type SQL, sql } from '@meridian/db'
import { DomainError } from '../errors.ts'

/** The indexed search form of a column: lower case, accents removed (the migration's meridian_search_key). */
export const searchKey = (column: AnyColumn | SQL) => sql`meridian_search_key(${column})`

/** The search form of typed text, made the same way in JavaScript (so LIKE patterns can be escaped). */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' }

export function normalizeSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (c) => LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Where a column matches typed text, and how well. Two letters or fewer match names that start with them
 * (a btree prefix index); longer text matches anywhere in the name (a trigram index). Ranking: exact name,
 * then names that start with the text, then trigram similarity, then shorter names.
 */
export function textMatch(column: AnyColumn, query: string, options: { normalized?: boolean } = {}) {
  const key = normalizeSearch(query)
  // A column that already holds the search form (locations.search_name) is compared as it is.
  const k = options.normalized ? sql`${column}` : searchKey(column)
  // A prefix as a byte-wise range, so the text_pattern_ops index serves it in generic (prepared) plans too.
  const where =
    key.length < 3
      ? sql`(${k} ~>=~ ${key} and ${k} ~<~ ${`${key}\u{10FFFF}`})`
      : sql`${k} like ${`%${escapeLike(key)}%`}`
  const rank = [
    sql`(${k} = ${key}) desc`,
    sql`(${k} like ${`${escapeLike(key)}%`}) desc`,
    ...(key.length < 3 ? [] : [sql`similarity(${k}, ${key}) desc`]),
    sql`length(${column})`,
  ]
  return { key, where, rank }
}

/** A route's id: a positive 32-bit integer, else the record is simply not there. */
export function recordId(raw: unknown, message: string): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError('not_found', message)
  return id
}

/** PostgreSQL's error fields, also when the driver or Drizzle wraps the error. */
export function pgError(error: unknown): { code?: string; detail?: string; constraint?: string } {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; detail?: string; constraint?: string; constraint_name?: string; cause?: unknown }
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, detail: e.detail, constraint: e.constraint ?? e.constraint_name }
    }
    current = e.cause
  }
  return {}
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * 409 for a record others still point at: says what refers to it and offers deactivation instead.
 * `counts` are known referrers; `table` is one named by a foreign-key violation (tables of later features).
 */
export function stillReferenced(what: string, counts: Record<string, number>, table?: string): DomainError {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => plural(n, name))
  if (table) parts.push(table.replace(/_/g, ' '))
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  const verb = parts.length === 1 && /^1 /.test(parts[0]!) ? 'still refers' : 'still refer'
  return new DomainError('conflict', `This ${what} cannot be deleted: ${list} ${verb} to it. Deactivate it instead.`)
}

/** The table named in a foreign-key violation's detail ('… is still referenced from table "activities".'). */
export function referencingTable(error: unknown): string | undefined {
  const { code, detail } = pgError(error)
  // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT).
  if (code !== '23503' && code !== '23001') return undefined
  return /table "([^"]+)"/.exec(detail ?? '')?.[1] ?? 'other records'
}

/**
 * Best matches first for a large table whose `column` holds the search form (locations.search_name), in at most
 * two index-served reads: names that start with the text, in alphabetical order (so the exact name comes first),
 * straight from the btree prefix index and stopping at `limit`; then, when those are fewer than `limit` and the
 * text has three letters or more, names that contain it (trigram index), words that start with it first, then
 * shorter names. `read` runs the caller's query with the extra condition, order and limit.
 */
export async function prefixThenContains<T>(
  column: AnyColumn,
  query: string,
  limit: number,
  read: (where: SQL, orderBy: SQL[], limit: number) => Promise<T[]>,
): Promise<T[]> {
  const key = normalizeSearch(query)
  if (!key) return read(sql`true`, [], limit)
  const prefix = sql`(${column} ~>=~ ${key} and ${column} ~<~ ${`${key}\u{10FFFF}`})`
  // `using ~<~` is the byte order of the text_pattern_ops index, so the scan stops after `limit` rows.
  const first = await read(prefix, [sql`${column} using ~<~`], limit)
  if (first.length >= limit || key.length < 3) return first
  const rest = await read(
    sql`${column} like ${`%${escapeLike(key)}%`} and not ${prefix}`,
    [sql`(${column} like ${`% ${escapeLike(key)}%`}) desc`, sql`length(${column})`, sql`${column}`],
    limit - first.length,
  )
  return [...first, ...rest]
}
