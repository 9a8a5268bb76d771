import { isRouteErrorResponse } from '@remix-run/react'
import { CODE_MESSAGES, errorMessage, STATUS_MESSAGES } from '../../utils/messages.ts'

/** Kinds of failure the error screens retry by themselves (spec 1 §4 Error boundary). */
export type RetryKind = 'chunk' | 'network'

const CHUNK = /ChunkLoadError|Loading chunk|Loading CSS chunk|dynamically imported module|Importing a module script failed/i
const NETWORK = /Network Error|Failed to fetch|NetworkError when attempting to fetch/i

export interface DescribedError {
  /** HTTP status of a response thrown by a loader or action, else null. */
  status: number | null
  notFound: boolean
  /** What the global screen shows: the error's own message, or the catalogue's for responses and transport failures. */
  message: string
  /** What the generic screen shows: always a catalogue text, never an internal message. */
  friendly: string
  /** The raw message, for the report, Copy Details and the debug details. */
  technical: string
  stack: string
  retry: RetryKind | null
}

// Remix hides a loader's exception in production behind this text; the catalogue says it better.
const SANITIZED = 'Unexpected Server Error'
// The page's data came back as something other than Remix data: a proxy's error page, a cut-off answer.
const UNDECODABLE = /Unable to decode turbo-stream response/i

export function retryKindOf(name: string, message: string): RetryKind | null {
  const text = `${name} ${message}`
  if (CHUNK.test(text)) return 'chunk'
  if (NETWORK.test(text)) return 'network'
  return null
}

export function describeError(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    const message = errorMessage(error)
    const technical = `${error.status} ${error.statusText || ''}`.trim()
    return { status: error.status, notFound: error.status === 404, message, friendly: message, technical, stack: '', retry: null }
  }
  if (error instanceof Error) {
    const retry = retryKindOf(error.name, error.message)
    const serverSide = !error.message || error.message === SANITIZED || UNDECODABLE.test(error.message)
    let message = error.message
    if (retry === 'network') message = errorMessage(error)
    else if (serverSide) message = STATUS_MESSAGES[500]
    const friendly = retry === 'network' || serverSide ? message : CODE_MESSAGES.DEFAULT
    return {
      status: null,
      notFound: false,
      message,
      friendly,
      technical: error.message || error.name,
      stack: error.stack ?? '',
      retry,
    }
  }
  const technical = typeof error === 'string' && error ? error : CODE_MESSAGES.DEFAULT
  return {
    status: null,
    notFound: false,
    message: technical,
    friendly: CODE_MESSAGES.DEFAULT,
    technical,
    stack: '',
    retry: retryKindOf('', technical),
  }
}
