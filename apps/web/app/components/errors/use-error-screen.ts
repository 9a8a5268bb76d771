import { useRevalidator, useRouteLoaderData } from '@remix-run/react'
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { ServerErrorIdContext } from './error-id-context.ts'
import { type DescribedError, describeError } from './describe.ts'
import { buildReport, newErrorId, reportError } from './report.ts'

/** Waits before the automatic retries of chunk-load and network errors (spec 1 §4, §9): 1 s, 2 s, 4 s. */
export const AUTO_RETRY_DELAYS = [1000, 2000, 4000] as const

const RETRY_KEY = 'meridian.error_retries'
// Attempts older than this belong to an earlier incident.
const RETRY_MEMORY_MS = 60_000

interface Attempts {
  signature: string
  count: number
  at: number
}

// Attempts survive a reload (a chunk that failed to load is retried by reloading the page).
function readAttempts(signature: string): number {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(RETRY_KEY) ?? 'null') as Attempts | null
    if (!stored || stored.signature !== signature || Date.now() - stored.at > RETRY_MEMORY_MS) return 0
    return stored.count
  } catch {
    return 0
  }
}

function writeAttempts(signature: string, count: number) {
  try {
    window.sessionStorage.setItem(RETRY_KEY, JSON.stringify({ signature, count, at: Date.now() } satisfies Attempts))
  } catch {
    // without sessionStorage a reload starts counting again; the revalidation retries still stop at three
  }
}

let hydrated = false
const reportedIds = new Set<string>()

/**
 * The error ID must read the same on the server and in the hydrating browser: the browser takes the one the server
 * rendered (data-error-id) while hydrating, and makes its own for errors that happen later.
 */
function initialErrorId(): string {
  if (typeof document !== 'undefined' && !hydrated) {
    const rendered = document.querySelector('[data-error-id]')?.getAttribute('data-error-id')
    if (rendered) return rendered
  }
  return newErrorId()
}

function useErrorId(error: unknown): string {
  const serverId = useContext(ServerErrorIdContext)
  const current = useRef<{ error: unknown; id: string } | null>(null)
  if (!current.current || current.current.error !== error) {
    current.current = { error, id: current.current ? newErrorId() : (serverId ?? initialErrorId()) }
  }
  return current.current.id
}

export interface AutoRetryState {
  /** Automatic attempts already made for this error. */
  attempts: number
  /** Seconds until the next attempt, or null when none is scheduled. */
  nextInSeconds: number | null
  exhausted: boolean
}

export interface ErrorScreenState extends DescribedError {
  errorId: string
  autoRetry: AutoRetryState
  /** Re-run the page's data (or reload the page for a chunk that failed to load). */
  tryAgain(): void
  retrying: boolean
}

/** Everything an error screen needs: what to say, its ID, the report, and the automatic retries. */
export function useErrorScreen(error: unknown): ErrorScreenState {
  const described = useMemo(() => describeError(error), [error])
  const errorId = useErrorId(error)
  const revalidator = useRevalidator()
  const root = useRouteLoaderData('root') as { user?: { id?: number | string } | null } | undefined
  const userId = root?.user?.id ?? null
  const [autoRetry, setAutoRetry] = useState<AutoRetryState>({ attempts: 0, nextInSeconds: null, exhausted: false })

  const tryAgain = useCallback(() => {
    if (described.retry === 'chunk') window.location.reload()
    else revalidator.revalidate()
  }, [described.retry, revalidator])

  useEffect(() => {
    hydrated = true
  }, [])

  // Automatic retries: at most three, 1 s, 2 s and 4 s apart, counted per error and page.
  useEffect(() => {
    if (!described.retry) {
      setAutoRetry({ attempts: 0, nextInSeconds: null, exhausted: false })
      return
    }
    const signature = `${described.retry}|${window.location.pathname}|${described.technical}`
    const done = readAttempts(signature)
    if (done >= AUTO_RETRY_DELAYS.length) {
      setAutoRetry({ attempts: done, nextInSeconds: null, exhausted: true })
      return
    }
    const delay = AUTO_RETRY_DELAYS[done]!
    const due = Date.now() + delay
    setAutoRetry({ attempts: done, nextInSeconds: Math.ceil(delay / 1000), exhausted: false })
    const tick = setInterval(() => {
      setAutoRetry((state) => ({ ...state, nextInSeconds: Math.max(0, Math.ceil((due - Date.now()) / 1000)) }))
    }, 250)
    const timer = setTimeout(() => {
      clearInterval(tick)
      writeAttempts(signature, done + 1)
      tryAgain()
    }, delay)
    return () => {
      clearTimeout(timer)
      clearInterval(tick)
    }
    // tryAgain is stable enough; the schedule restarts only for a new error.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error])

  // Every error shown is reported, once.
  useEffect(() => {
    if (reportedIds.has(errorId)) return
    reportedIds.add(errorId)
    const attempts = described.retry ? readAttempts(`${described.retry}|${window.location.pathname}|${described.technical}`) : 0
    void reportError(
      buildReport({
        errorId,
        message: described.status ? `${described.technical}: ${described.message}` : described.technical,
        stack: described.stack,
        retryCount: attempts,
        userId,
      }),
    )
  }, [errorId, described, userId])

  return { ...described, errorId, autoRetry, tryAgain, retrying: revalidator.state === 'loading' }
}
