import * as v from 'valibot'

const text = (max: number) => v.optional(v.pipe(v.string(), v.transform((s) => s.slice(0, max))), '')

/** A browser's error report (spec 1 §3); long fields are cut, not refused, so a report is never lost. */
export const ClientErrorReport = v.object({
  errorId: text(100),
  message: v.pipe(v.string('This field is required.'), v.transform((s) => s.slice(0, 2000)), v.nonEmpty('This field is required.')),
  stack: text(20_000),
  componentStack: text(20_000),
  timestamp: text(50),
  userAgent: text(500),
  url: text(2000),
  userId: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  sessionId: text(200),
  retryCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
})
export type ClientErrorReport = v.InferOutput<typeof ClientErrorReport>
