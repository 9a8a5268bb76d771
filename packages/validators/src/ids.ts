import * as v from 'valibot'

/** Ids are PostgreSQL `integer`s: nothing above this can name a record. */
export const MAX_RECORD_ID = 2_147_483_647

export const ID_MESSAGES = {
  invalid: 'A valid integer is required.',
  min: 'Ensure this value is greater than or equal to 1.',
  max: `Ensure this value is less than or equal to ${MAX_RECORD_ID}.`,
} as const

/**
 * A record id as a client sends it, in a path segment, a form field or JSON: a positive 32-bit integer written
 * plainly ("12", 12). Anything else ("0", "-1", "1e3", "0x10", " 1", "1.0", "012", 2147483648 …) names no record:
 * null, so the caller answers 404 before the value reaches the database.
 */
export function parseRecordId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_RECORD_ID ? raw : null
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_RECORD_ID ? id : null
}

/** A record id in a typed input (tRPC): an integer from 1 to 2147483647, with DRF's messages. */
export const RecordId = v.pipe(
  v.number(ID_MESSAGES.invalid),
  v.integer(ID_MESSAGES.invalid),
  v.minValue(1, ID_MESSAGES.min),
  v.maxValue(MAX_RECORD_ID, ID_MESSAGES.max),
)
