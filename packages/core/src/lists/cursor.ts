import { type AnyColumn, type SQL, sql } from '@meridian/db'
import { DomainError } from '../errors.ts'

/**
 * How a sort key travels in a cursor. Every value is carried as text the database produced and is read back
 * exactly: timestamps as whole microseconds since 1970 (a JavaScript Date would lose the microseconds), dates
 * as days since 2000-01-01, booleans as t/f, integers and text as they are.
 */
export type KeyType = 'timestamp' | 'date' | 'int' | 'text' | 'bool'

export interface SortKey {
  /** A column of the list's table, or an expression over them (`not is_promoted_destination`). Never null. */
  expr: AnyColumn | SQL
  type: KeyType
}

/** DRF's CursorPagination says this (404) for a cursor it cannot read. */
export const INVALID_CURSOR = 'Invalid cursor'

const MAX_CURSOR_LENGTH = 4000
const INT = /^-?\d{1,19}$/
const INT64_MAX = 9_223_372_036_854_775_807n

/** The text a cursor carries for one key, computed by the database from the page's own column. */
export function cursorText(value: SQL | AnyColumn, type: KeyType): SQL<string> {
  switch (type) {
    case 'timestamp':
      return sql<string>`(extract(epoch from ${value}) * 1000000)::bigint::text`
    case 'date':
      return sql<string>`(${value} - date '2000-01-01')::text`
    case 'bool':
      return sql<string>`(case when ${value} then 't' else 'f' end)`
    default:
      return sql<string>`${value}::text`
  }
}

/** The key value a cursor's text stands for, typed for comparison with the key. */
export function cursorValue(param: SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>, type: KeyType): SQL {
  switch (type) {
    case 'timestamp':
      return sql`(timestamptz '1970-01-01 00:00:00+00' + ${param}::bigint * interval '1 microsecond')`
    case 'date':
      return sql`(date '2000-01-01' + ${param}::integer)`
    case 'bool':
      return sql`(${param}::text = 't')`
    case 'int':
      return sql`${param}::bigint`
    default:
      return sql`${param}::text`
  }
}

function validValue(value: unknown, type: KeyType): value is string {
  if (typeof value !== 'string') return false
  switch (type) {
    case 'bool':
      return value === 't' || value === 'f'
    case 'text':
      return !value.includes('\u0000')
    case 'date':
      return /^-?\d{1,7}$/.test(value)
    default: {
      if (!INT.test(value)) return false
      const n = BigInt(value)
      return n <= INT64_MAX && n >= -INT64_MAX
    }
  }
}

export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url')
}

/** The values of a cursor made by encodeCursor for these key types; anything else is a 404 'Invalid cursor'. */
export function decodeCursor(cursor: string, types: KeyType[]): string[] {
  const invalid = () => new DomainError('not_found', INVALID_CURSOR)
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid()
  let values: unknown
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(values) || values.length !== types.length) throw invalid()
  if (!values.every((value, i) => validValue(value, types[i]!))) throw invalid()
  return values as string[]
}
