import { randomBytes } from 'node:crypto'
import { serverLogger } from './monitoring/logger.ts'

/** A short id for one failure, shown to the person (or client) and printed beside the error in the log. */
export function newErrorId(): string {
  return randomBytes(6).toString('hex')
}

/**
 * What the log may say about an error: its message and stack, and for a failed database statement the statement's
 * text and the database's own message — never its parameters, which may hold passwords, hashes or tokens.
 */
export function describeServerError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const failed = error as Error & { query?: unknown; params?: unknown; cause?: unknown }
  // The stack is formatted when first read, by whatever source-map support is installed; a failure there (a map too
  // large for its parser) must not turn the report of one error into another: the message is enough then.
  let stack: string | undefined
  try {
    stack = failed.stack
  } catch (problem) {
    stack = `${failed.name}: ${failed.message}\n    (stack unavailable: ${(problem as Error)?.message ?? problem})`
  }
  if (typeof failed.query === 'string' && 'params' in failed) {
    const cause = failed.cause instanceof Error ? failed.cause : null
    const code = (cause as { code?: unknown } | null)?.code
    return [
      `Failed query: ${failed.query}`,
      cause ? `${cause.name}: ${cause.message}${typeof code === 'string' ? ` (${code})` : ''}` : '',
      (stack ?? '').split('\n').slice(1).join('\n'),
    ]
      .filter(Boolean)
      .join('\n')
  }
  return stack ?? `${failed.name}: ${failed.message}`
}

/** Log an unexpected failure once, with its id; answer the id so the response can carry it. */
export function reportServerError(where: string, error: unknown, errorId: string = newErrorId()): string {
  const logger = serverLogger()
  if (logger) logger.error({ where, error_id: errorId, error: describeServerError(error) }, `[${where}] error ${errorId}`)
  else console.error(`[${where}] error ${errorId}: ${describeServerError(error)}`)
  return errorId
}
