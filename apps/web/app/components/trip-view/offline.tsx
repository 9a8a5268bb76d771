import { Alert } from '@mantine/core'
import { useEffect, useState } from 'react'

/** Whether the browser says it has a network (true on the server and until hydration). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}

/** "6 Dec 2026, 14:05" in the reader's own time zone (after hydration; UTC on the server, which never shows it). */
function lastUpdated(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** Offline, the view says so and how old what it shows is: the time the server read it (the loader's fetched_at). */
export function OfflineBanner({ fetchedAt, online }: { fetchedAt: string; online: boolean }) {
  if (online) return null
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="trip-offline">
      You are offline. Last updated {lastUpdated(fetchedAt)}.
    </Alert>
  )
}

/**
 * Asks the service worker (public/sw.js) to keep this page (with `also`: the trip's vouchers) and the scripts and
 * styles it loaded: on a first visit the
 * page was fetched before the worker controlled it, so nothing of it was kept yet. The worker fetches the page again
 * and keeps it only when the server marks it as the traveler's own. Sets `data-offline-ready` on <html> once kept
 * (the browser test waits for it).
 */
export function useOfflineCopy(enabled: boolean, fetchedAt: string, also: string[] = []) {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator) || !navigator.onLine) return
    const worker = navigator.serviceWorker
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'kept') document.documentElement.dataset.offlineReady = event.data.kept ? 'true' : 'false'
    }
    const ask = () => {
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).origin === location.origin && new URL(name).pathname.startsWith('/assets/'))
      const urls = [location.pathname, `${location.pathname}.data`, ...also].map((p) => location.origin + p)
      worker.controller?.postMessage({ type: 'keep', urls, assets })
    }
    worker.addEventListener('message', onMessage)
    if (worker.controller) ask()
    else worker.addEventListener('controllerchange', ask, { once: true })
    return () => {
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('controllerchange', ask)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, fetchedAt, also.join(' ')])
}
