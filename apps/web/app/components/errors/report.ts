/**
 * Reporting errors shown to the user (spec 1 §3 Error report, §7 Monitoring): POST /api/monitoring/log-error/.
 * A failure to report only warns in the console: the error screen must never fail because of its report.
 */
import { heldToken } from '../../utils/bearer-token.ts'

export const REPORT_PATH = '/api/monitoring/log-error/'
const SESSION_KEY = 'meridian.error_session_id'

export interface ErrorReport {
  errorId: string
  message: string
  stack: string
  componentStack: string
  timestamp: string
  userAgent: string
  url: string
  userId: string | number | null
  sessionId: string
  retryCount: number
}

function randomPart(length: number) {
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('')
}

/** 'err_' + time + random: sortable, short enough to read out on the phone. */
export function newErrorId(): string {
  return `err_${Date.now().toString(36)}_${randomPart(6)}`
}

/** One identifier per browser tab, kept in sessionStorage, to group the reports of one visit. */
export function errorSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(SESSION_KEY)
    if (existing) return existing
    const created = `sess_${Date.now().toString(36)}_${randomPart(10)}`
    window.sessionStorage.setItem(SESSION_KEY, created)
    return created
  } catch {
    return ''
  }
}

export function buildReport(input: {
  errorId: string
  message: string
  stack?: string
  componentStack?: string
  retryCount?: number
  userId?: string | number | null
}): ErrorReport {
  return {
    errorId: input.errorId,
    message: input.message || 'Unknown error',
    stack: input.stack ?? '',
    componentStack: input.componentStack ?? '',
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    url: window.location.href,
    userId: input.userId ?? null,
    sessionId: errorSessionId(),
    retryCount: input.retryCount ?? 0,
  }
}

async function send(report: ErrorReport, token: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  return fetch(REPORT_PATH, { method: 'POST', headers, body: JSON.stringify(report), credentials: 'same-origin', keepalive: true })
}

/**
 * Send one report. With a bearer token held by this tab the report is attributed to its user (the server trusts
 * the token, never the report's userId); a refused token falls back to an anonymous report.
 */
export async function reportError(report: ErrorReport): Promise<boolean> {
  try {
    const token = heldToken()?.access ?? null
    let response = await send(report, token)
    if (response.status === 401 && token) response = await send(report, null)
    if (!response.ok) {
      console.warn(`[monitoring] the error report was not accepted (${response.status} ${response.statusText})`)
      return false
    }
    return true
  } catch (error) {
    console.warn('[monitoring] could not send the error report:', error)
    return false
  }
}
