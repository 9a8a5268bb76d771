import * as v from 'valibot'

/**
 * A yes/no field from JSON (true/false) or a form ('on', 'true', '1'; '' or 'false' for no), with Django REST
 * Framework's message for anything else.
 */
export const flag = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', 'True', 'False', ''])], 'Must be a valid boolean.'),
  v.transform((x) => x === true || x === 'true' || x === 'True' || x === 'on' || x === '1'),
)

/** A list's `next_cursor` handed back (opaque; the service reads it). Empty means the first page. */
export const listCursor = v.pipe(
  v.string('Invalid cursor'),
  v.maxLength(4000, 'Invalid cursor'),
  v.transform((s) => s || undefined),
)
