/** The list filters several lists share (their query schemas, also read by the API reference). */
import * as v from 'valibot'

/** A record id from the query ('' or absent: no filter). */
export const filterId = v.optional(
  v.union(
    [
      v.literal(''),
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Enter a valid id.'), v.transform(Number)),
      v.pipe(v.number(), v.integer('Enter a valid id.'), v.minValue(1, 'Enter a valid id.')),
    ],
    'Enter a valid id.',
  ),
  '',
)

/** One of the values of an enumeration ('' or absent: no filter). */
export const filterChoice = <T extends string>(options: readonly T[]) =>
  v.optional(v.union([v.literal(''), v.picklist(options, `Choose one of: ${options.join(', ')}.`)], `Choose one of: ${options.join(', ')}.`), '')
