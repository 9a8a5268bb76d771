import { DomainError } from '../errors.ts'

/** A route's id: a positive 32-bit integer, else the record is simply not there. */
export function idOf(raw: unknown, message: string): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError('not_found', message)
  return id
}

/** PostgreSQL's error code and detail, also when the driver or Drizzle wraps the error. */
export function pgCode(error: unknown): { code?: string; detail?: string; constraint?: string } {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; detail?: string; constraint?: string; constraint_name?: string; cause?: unknown }
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, detail: e.detail, constraint: e.constraint ?? e.constraint_name }
    current = e.cause
  }
  return {}
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** 409 for a record others still point at: what refers to it, and deactivation as the way out. */
export function inUse(what: string, counts: Record<string, number>, otherTable?: string): DomainError {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => plural(n, name))
  if (otherTable) parts.push(otherTable.replace(/_/g, ' '))
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  const verb = parts.length === 1 && /^1 /.test(parts[0]!) ? 'still refers' : 'still refer'
  return new DomainError('conflict', `This ${what} cannot be deleted: ${list} ${verb} to it. Deactivate it instead.`)
}

/** The table named in a foreign-key violation ('… is still referenced from table "activities".'). */
export function referencingTableOf(error: unknown): string | undefined {
  const { code, detail } = pgCode(error)
  // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT).
  if (code !== '23503' && code !== '23001') return undefined
  return /table "([^"]+)"/.exec(detail ?? '')?.[1] ?? 'other records'
}

/** Today's date in UTC (YYYY-MM-DD): the day rates are looked up for when none is given. */
export const todayUtc = () => new Date().toISOString().slice(0, 10)
