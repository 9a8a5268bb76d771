/*
 * Meridian Travel's service worker (docs/traveler-app.md, docs/decisions/036-offline-trip.md). A plain script served
 * as a static file, registered after the page has loaded, scope /.
 *
 * It handles two kinds of request and lets every other one go to the network untouched:
 * - the traveler's trip view (/dashboard/trips/<id>/travel, its Remix data request …/travel.data and the trip's
 *   vouchers …/vouchers): network first,
 *   the last copy when the network fails. A copy is kept only when the server marked the answer as one that may be
 *   kept offline (`X-Meridian-Offline: trip-<id>-v<itinerary version>`, sent to a traveler on their own trip, never
 *   to staff), in a cache named after that mark: a newer version of the plan replaces the older one;
 * - hashed build assets (/assets/…): cache first (their names change with their content).
 * Signing out (a POST to /logout) drops every cache; the logout answer's Clear-Site-Data does it again.
 */

const PREFIX = 'meridian-'
const ASSETS = `${PREFIX}assets`
const TRIP = `${PREFIX}trip-`
const MARK = 'X-Meridian-Offline'
/** Assets kept at most; the oldest go first (each release adds its own hashed files). */
const ASSET_LIMIT = 300
/** A network that has not answered by then is treated as none: the copy is shown instead. */
const NETWORK_TIMEOUT_MS = 10_000

/** The trip view, its data request and the trip's vouchers (one PDF); nothing else is ever kept. */
const TRIP_VIEW = /^\/dashboard\/trips\/[1-9]\d{0,9}\/(travel(\.data)?|vouchers)$/

/** A complete answer of this origin's (not a redirect the page follows, nor another site's opaque answer). */
const readable = (response) => Boolean(response) && response.status === 200 && response.type !== 'opaque' && response.type !== 'opaqueredirect'

/** The cache an answer belongs in, from its mark, or null when it may not be kept (staff, another page, an error). */
function offlineCacheName(response) {
  if (!readable(response)) return null
  const match = /^trip-([1-9]\d{0,9})-v(\d{1,9})$/.exec((response.headers.get(MARK) || '').trim())
  return match ? `${TRIP}${match[1]}-v${match[2]}` : null
}

/** The caches of one trip's older (or newer) versions, to drop once a copy of `name` is kept. */
function otherVersions(names, name) {
  const trip = name.slice(0, name.lastIndexOf('-v') + 2)
  return names.filter((n) => n.startsWith(trip) && n !== name)
}

/** What the worker does with a GET: 'trip' (network first, kept when marked), 'asset' (cache first) or null. */
function strategyFor(url, origin) {
  if (url.origin !== origin) return null
  if (url.pathname.startsWith('/assets/')) return 'asset'
  if (TRIP_VIEW.test(url.pathname)) return 'trip'
  return null
}

/** A data request without Remix's `_routes` (the whole page's data), tried when that exact request was never kept. */
function withoutRoutes(url) {
  const copy = new URL(url)
  if (!copy.searchParams.has('_routes')) return null
  copy.searchParams.delete('_routes')
  return copy.href
}

async function tripCaches() {
  return (await caches.keys()).filter((n) => n.startsWith(TRIP))
}

/**
 * Keep a copy of a marked answer (dropping the trip's other versions). An unmarked answer removes any copy of it (the
 * server no longer gives it to this browser: signed out, another account, the trip gone), unless the server failed.
 */
async function keep(url, response) {
  const name = offlineCacheName(response)
  const names = await tripCaches()
  if (!name) {
    if (response.status >= 500) return false
    await Promise.all(names.map(async (n) => (await caches.open(n)).delete(url, { ignoreVary: true })))
    return false
  }
  await (await caches.open(name)).put(url, response)
  await Promise.all(otherVersions(names, name).map((n) => caches.delete(n)))
  return true
}

async function kept(url) {
  for (const candidate of [url, withoutRoutes(url)]) {
    if (!candidate) continue
    for (const name of await tripCaches()) {
      const hit = await (await caches.open(name)).match(candidate, { ignoreVary: true })
      if (hit) return hit
    }
  }
  return undefined
}

function fetchWithin(request, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new TypeError('the network did not answer in time')), ms)
    fetch(request).then(
      (response) => {
        clearTimeout(timer)
        resolve(response)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

async function networkFirst(request) {
  try {
    const response = await fetchWithin(request, NETWORK_TIMEOUT_MS)
    // A server that cannot answer (503 while its database is away …) is no better than no network.
    if (response.status >= 500) return (await kept(request.url)) || response
    await keep(request.url, response.clone())
    return response
  } catch (error) {
    const copy = await kept(request.url)
    if (copy) return copy
    throw error
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT)).map((k) => cache.delete(k)))
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS)
  const hit = await cache.match(request, { ignoreVary: true })
  if (hit) return hit
  const response = await fetch(request)
  if (readable(response)) {
    await cache.put(request, response.clone())
    await trimAssets(cache)
  }
  return response
}

async function dropAll() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX))
  await Promise.all(names.map((n) => caches.delete(n)))
}

/**
 * The page asks for its own address and assets to be kept (the first visit, before this worker controlled it): the
 * page is fetched again and kept only if marked; the assets are cached as they would have been.
 */
async function keepPage(urls, assets) {
  let keptAny = false
  for (const url of urls) {
    if (strategyFor(new URL(url), self.location.origin) !== 'trip') continue
    const response = await fetch(url, { credentials: 'same-origin' })
    if (await keep(url, response)) keptAny = true
  }
  const cache = await caches.open(ASSETS)
  for (const asset of assets) {
    if (strategyFor(new URL(asset), self.location.origin) !== 'asset' || (await cache.match(asset))) continue
    const response = await fetch(asset)
    if (readable(response)) await cache.put(asset, response)
  }
  await trimAssets(cache)
  return keptAny
}

if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  self.addEventListener('install', () => self.skipWaiting())
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

  self.addEventListener('fetch', (event) => {
    const request = event.request
    const url = new URL(request.url)
    if (request.method === 'POST' && url.origin === self.location.origin && /^\/logout(\.data)?$/.test(url.pathname)) {
      event.waitUntil(dropAll())
      return
    }
    if (request.method !== 'GET') return
    const strategy = strategyFor(url, self.location.origin)
    if (strategy === 'asset') event.respondWith(cacheFirst(request))
    else if (strategy === 'trip') event.respondWith(networkFirst(request))
  })

  self.addEventListener('message', (event) => {
    const message = event.data || {}
    const reply = (answer) => event.source && event.source.postMessage(answer)
    if (message.type === 'keep') {
      const urls = Array.isArray(message.urls) ? message.urls.map(String) : []
      const assets = Array.isArray(message.assets) ? message.assets.map(String) : []
      event.waitUntil(
        keepPage(urls, assets).then(
          (keptAny) => reply({ type: 'kept', kept: keptAny }),
          () => reply({ type: 'kept', kept: false }),
        ),
      )
    } else if (message.type === 'clear') {
      event.waitUntil(dropAll().then(() => reply({ type: 'cleared' })))
    }
  })
}
