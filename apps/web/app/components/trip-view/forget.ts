import { OUTBOX_PREFIX } from './outbox.ts'

/**
 * What the browser kept for a traveler once nobody is signed in (the sign-in page): the messages queued offline and
 * the service worker's caches. A sign-out by form post also gets `Clear-Site-Data: "cache", "storage"`; one made by a
 * script (Remix's data request) gets "cache" only, since clearing "storage" unregisters the worker that controls the
 * page in the middle of its request, so the page does the rest here.
 */
export function forgetOfflineData() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i)
      if (key?.startsWith(OUTBOX_PREFIX)) localStorage.removeItem(key)
    }
  } catch {
    /* storage may be disabled */
  }
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear' })
}
