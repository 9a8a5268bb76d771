/**
 * Reading query parameters as a service gets them: from a URL (a string, or a list for a repeated key) or from a
 * procedure's input (a string, a number or a list).
 */

/** Every value of a parameter: none, one or a list. */
export const queryList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])

/** A value as trimmed text; a finite number as its text; anything else empty. */
export const queryText = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '')

/** The first value of a parameter as trimmed text. */
export const queryFirst = (v: unknown) => queryText(queryList(v)[0])
