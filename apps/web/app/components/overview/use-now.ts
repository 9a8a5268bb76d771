import { useEffect, useState } from 'react'

/**
 * The current time, starting from the server's value (so the first client render matches the HTML) and ticking on
 * each minute boundary (3-back-office.md §9: the clock updates every 60 seconds). `live` turns true once mounted:
 * from then on the browser's own time zone may be used.
 */
export function useNow(initial: string, everyMs = 60_000): { now: Date; live: boolean } {
  const [state, setState] = useState(() => ({ now: new Date(initial), live: false }))
  useEffect(() => {
    const tick = () => setState({ now: new Date(), live: true })
    tick()
    let interval: ReturnType<typeof setInterval> | undefined
    const timeout = setTimeout(() => {
      tick()
      interval = setInterval(tick, everyMs)
    }, everyMs - (Date.now() % everyMs))
    return () => {
      clearTimeout(timeout)
      if (interval) clearInterval(interval)
    }
  }, [everyMs])
  return state
}

/**
 * "Tuesday, March 10, 2026 · 2:05 PM". Before the page is live it is written in UTC, named as such, so the server's
 * HTML and the first client render agree whatever either machine's zone; then in the reader's own zone.
 */
export function formatClock(now: Date, live: boolean): string {
  const zone = live ? {} : { timeZone: 'UTC' }
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...zone,
  }).format(now)
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...zone }).format(now)
  return `${date} · ${time}${live ? '' : ' UTC'}`
}

/** "Mar 10, 2026": dates as short month, day, year (1-platform-core.md §9). */
export function formatDate(value: string | Date, live = true): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(live ? {} : { timeZone: 'UTC' }),
  }).format(new Date(value))
}
