import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { beforeEach, describe, expect, it } from 'vitest'

/*
 * The service worker as served (apps/web/public/sw.js), run in a sandbox that stands in for a worker's global scope:
 * an in-memory Cache Storage, a network answered by the test, and the worker's own event listeners. What it keeps,
 * and what it answers when the network is gone, is read from the caches and the answers it gives.
 */

const source = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/sw.js'), 'utf8')
const ORIGIN = 'https://meridian.example'

class MemoryCache {
  entries = new Map<string, Response>()
  private key(request: RequestInfo | URL) {
    return typeof request === 'string' ? new URL(request, ORIGIN).href : request instanceof URL ? request.href : request.url
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone()
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(this.key(request), response)
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request))
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
}

class MemoryCaches {
  stores = new Map<string, MemoryCache>()
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new MemoryCache())
    return this.stores.get(name)!
  }
  async keys() {
    return [...this.stores.keys()]
  }
  async delete(name: string) {
    return this.stores.delete(name)
  }
}

type Listener = (event: unknown) => void

/** Loads the worker into a fresh sandbox; `network` answers its fetches (throw for no network). */
function loadWorker(network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, Listener>()
  class ServiceWorkerGlobalScope {}
  const self = Object.assign(new ServiceWorkerGlobalScope(), {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  })
  const caches = new MemoryCaches()
  const sandbox = {
    self,
    caches,
    ServiceWorkerGlobalScope,
    fetch: (input: RequestInfo, init?: RequestInit) => network(new Request(typeof input === 'string' ? new URL(input, ORIGIN) : input, init)),
    Request,
    Response,
    Headers,
    URL,
    setTimeout,
    clearTimeout,
    Promise,
    TypeError,
  }
  vm.runInNewContext(source, sandbox)

  /** A GET the page makes; resolves to what the worker answered, or undefined when it let the browser handle it. */
  async function request(url: string, init: RequestInit = {}): Promise<Response | undefined> {
    let answer: Promise<Response> | undefined
    const waits: Promise<unknown>[] = []
    listeners.get('fetch')!({
      request: new Request(new URL(url, ORIGIN), init),
      respondWith: (r: Promise<Response>) => (answer = r),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    })
    await Promise.all(waits)
    return answer
  }
  async function message(data: unknown) {
    const replies: unknown[] = []
    const waits: Promise<unknown>[] = []
    listeners.get('message')!({ data, source: { postMessage: (m: unknown) => replies.push(m) }, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
    return replies
  }
  return { caches, request, message }
}

const page = (body: string, mark?: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html', ...(mark ? { 'X-Meridian-Offline': mark } : {}) } })

const offline = () => Promise.reject(new TypeError('Failed to fetch'))

describe('the service worker keeps only what the server marked', () => {
  let answers: Map<string, () => Response>
  let online: boolean
  let worker: ReturnType<typeof loadWorker>
  beforeEach(() => {
    answers = new Map()
    online = true
    worker = loadWorker(async (request) => {
      if (!online) return offline()
      const url = new URL(request.url)
      const make = answers.get(url.pathname + url.search)
      return make ? make() : new Response('not found', { status: 404 })
    })
  })

  it("keeps the traveler's marked trip view, in a cache named after the trip and the plan's version, and answers it offline", async () => {
    answers.set('/dashboard/trips/3/travel', () => page('trip 3, version 2', 'trip-3-v2'))
    const first = await worker.request('/dashboard/trips/3/travel', { mode: 'same-origin' })
    expect(await first!.text()).toBe('trip 3, version 2')
    expect(await worker.caches.keys()).toEqual(['meridian-trip-3-v2'])

    online = false
    const again = await worker.request('/dashboard/trips/3/travel')
    expect(await again!.text()).toBe('trip 3, version 2')
  })

  it("keeps the trip's vouchers (one PDF) beside its view when marked, and answers them offline", async () => {
    const pdf = (mark?: string) => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', ...(mark ? { 'X-Meridian-Offline': mark } : {}) } })
    answers.set('/dashboard/trips/3/vouchers', () => pdf('trip-3-v2'))
    answers.set('/dashboard/trips/4/vouchers', () => pdf())
    await worker.request('/dashboard/trips/3/vouchers')
    await worker.request('/dashboard/trips/4/vouchers')
    expect([...worker.caches.stores.get('meridian-trip-3-v2')!.entries.keys()]).toEqual([`${ORIGIN}/dashboard/trips/3/vouchers`])
    expect(await worker.caches.keys()).toEqual(['meridian-trip-3-v2'])
    online = false
    expect(await (await worker.request('/dashboard/trips/3/vouchers'))!.text()).toBe('%PDF-1.7')
  })

  it('keeps nothing the server did not mark (a staff member, the superadmin on another traveler’s trip), and offline it fails', async () => {
    answers.set('/dashboard/trips/3/travel', () => page('trip 3 as the superadmin sees it'))
    expect((await worker.request('/dashboard/trips/3/travel'))!.status).toBe(200)
    expect(await worker.caches.keys()).toEqual([])
    online = false
    await expect(worker.request('/dashboard/trips/3/travel')).rejects.toThrow('Failed to fetch')
  })

  it('keeps no marked answer that is not a 200, nor a mark of another shape', async () => {
    answers.set('/dashboard/trips/3/travel', () => page('refused', 'trip-3-v2', 403))
    answers.set('/dashboard/trips/4/travel', () => page('odd', 'trip-4'))
    answers.set('/dashboard/trips/5/travel', () => page('odd', 'everything'))
    for (const id of [3, 4, 5]) await worker.request(`/dashboard/trips/${id}/travel`)
    expect(await worker.caches.keys()).toEqual([])
  })

  it('leaves every other page to the browser, marked or not: staff screens, the dashboard, the API', async () => {
    for (const url of ['/dashboard/overview', '/dashboard/trips/3', '/dashboard/bookings/1', '/api/trips/3/', '/dashboard/trips/3/travel/extra']) {
      answers.set(url, () => page('x', 'trip-3-v2'))
      expect(await worker.request(url), url).toBeUndefined()
    }
    expect(await worker.request('/dashboard/trips/3/travel', { method: 'POST', body: 'intent=send' })).toBeUndefined()
    expect(await worker.caches.keys()).toEqual([])
  })

  it('a republished plan replaces the copy of the older version', async () => {
    let version = 2
    answers.set('/dashboard/trips/3/travel', () => page(`version ${version}`, `trip-3-v${version}`))
    answers.set('/dashboard/trips/7/travel', () => page('another trip', 'trip-7-v1'))
    await worker.request('/dashboard/trips/3/travel')
    await worker.request('/dashboard/trips/7/travel')
    version = 3
    await worker.request('/dashboard/trips/3/travel')
    expect((await worker.caches.keys()).sort()).toEqual(['meridian-trip-3-v3', 'meridian-trip-7-v1'])
    online = false
    expect(await (await worker.request('/dashboard/trips/3/travel'))!.text()).toBe('version 3')
  })

  it('drops its copy when the server stops marking the page (signed out, the trip gone), but not when the server fails', async () => {
    let answer = () => page('kept', 'trip-3-v2')
    answers.set('/dashboard/trips/3/travel', () => answer())
    await worker.request('/dashboard/trips/3/travel')
    answer = () => page('unavailable', undefined, 503)
    expect(await (await worker.request('/dashboard/trips/3/travel'))!.text()).toBe('kept')
    answer = () => page('not found', undefined, 404)
    expect((await worker.request('/dashboard/trips/3/travel'))!.status).toBe(404)
    online = false
    await expect(worker.request('/dashboard/trips/3/travel')).rejects.toThrow()
  })

  it("keeps Remix's data requests the same way, and offline answers one with the page's whole data when that exact one was never kept", async () => {
    answers.set('/dashboard/trips/3/travel.data', () => page('all routes', 'trip-3-v2'))
    answers.set('/dashboard/trips/3/travel.data?_routes=routes%2Fdashboard', () => page('staff data'))
    await worker.request('/dashboard/trips/3/travel.data')
    await worker.request('/dashboard/trips/3/travel.data?_routes=routes%2Fdashboard')
    online = false
    expect(await (await worker.request('/dashboard/trips/3/travel.data?_routes=routes%2Fdashboard'))!.text()).toBe('all routes')
  })

  it('answers hashed assets from its cache first, whatever their headers', async () => {
    let fetched = 0
    answers.set('/assets/root-abc123.js', () => {
      fetched++
      return new Response('code', { headers: { 'Content-Type': 'text/javascript' } })
    })
    await worker.request('/assets/root-abc123.js')
    online = false
    expect(await (await worker.request('/assets/root-abc123.js'))!.text()).toBe('code')
    expect(fetched).toBe(1)
  })

  it('keeps the page it is asked to keep only when marked, with the assets the page loaded', async () => {
    answers.set('/dashboard/trips/3/travel', () => page('trip', 'trip-3-v2'))
    answers.set('/dashboard/trips/3/travel.data', () => page('data', 'trip-3-v2'))
    answers.set('/dashboard/overview', () => page('overview', 'trip-3-v2'))
    answers.set('/assets/entry-1.js', () => new Response('entry'))
    const replies = await worker.message({
      type: 'keep',
      urls: [`${ORIGIN}/dashboard/trips/3/travel`, `${ORIGIN}/dashboard/trips/3/travel.data`, `${ORIGIN}/dashboard/overview`],
      assets: [`${ORIGIN}/assets/entry-1.js`, 'https://elsewhere.example/assets/x.js'],
    })
    expect(replies).toEqual([{ type: 'kept', kept: true }])
    const trip = worker.caches.stores.get('meridian-trip-3-v2')!
    expect([...trip.entries.keys()]).toEqual([`${ORIGIN}/dashboard/trips/3/travel`, `${ORIGIN}/dashboard/trips/3/travel.data`])
    expect([...worker.caches.stores.get('meridian-assets')!.entries.keys()]).toEqual([`${ORIGIN}/assets/entry-1.js`])
  })

  it('drops every cache when the browser signs out, and when the page asks', async () => {
    answers.set('/dashboard/trips/3/travel', () => page('trip', 'trip-3-v2'))
    answers.set('/assets/a.js', () => new Response('a'))
    await worker.request('/dashboard/trips/3/travel')
    await worker.request('/assets/a.js')
    expect(await worker.request('/logout', { method: 'POST' })).toBeUndefined()
    expect(await worker.caches.keys()).toEqual([])

    await worker.request('/dashboard/trips/3/travel')
    expect(await worker.message({ type: 'clear' })).toEqual([{ type: 'cleared' }])
    expect(await worker.caches.keys()).toEqual([])
  })
})
