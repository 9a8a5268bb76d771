import { useEffect, useState } from 'react'

/** The query string that keeps the list's search on every chat link: '' or '?search=…'. */
export const listQuery = (search: string) => (search ? `?${new URLSearchParams({ search })}` : '')

export const conversationHref = (id: number, search: string) => `/dashboard/chat/${id}${listQuery(search)}`

/**
 * The full date of a message for its title attribute. Until hydration it is written in UTC, as the server wrote it,
 * so the first render in the browser matches; then in the reader's own time zone.
 */
export function fullDate(iso: string, local: boolean): string {
  const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: local ? undefined : 'UTC' }).format(new Date(iso))
  return local ? text : `${text} UTC`
}

/**
 * The time the time-ago texts are measured from: the server's at first (so the browser's first render matches the
 * page), then the browser's, moving on every 30 seconds.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** An idempotency key for one message (crypto.randomUUID needs a secure context; plain http on a LAN has none). */
export function newClientKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}
