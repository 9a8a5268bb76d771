import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fetchWithRetry, isSafeToRetry, retryingFetch } from './fetch-retry.ts'

/** A fetch double answering the given statuses in turn (an Error: a network failure), recording when it was called. */
function fake(answers: (number | Error | { status: number; retryAfter: string })[]) {
  const calls: { at: number; method: string }[] = []
  const start = Date.now()
  const fn = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ at: Date.now() - start, method: init?.method ?? 'GET' })
    const next = answers[Math.min(calls.length - 1, answers.length - 1)]!
    if (next instanceof Error) throw next
    const { status, retryAfter } = typeof next === 'number' ? { status: next, retryAfter: undefined } : next
    return new Response(status === 204 ? null : JSON.stringify({ status }), { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} })
  })
  return { fetch: fn as unknown as typeof fetch, calls }
}

/** Runs `call`, moving the fake clock on until it settles; what it gave and when (fake ms). */
async function settle<T>(call: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let done = false
  const result: { value?: T; error?: unknown } = {}
  call().then(
    (value) => ((result.value = value), (done = true)),
    (error: unknown) => ((result.error = error), (done = true)),
  )
  for (let i = 0; i < 100 && !done; i++) await vi.advanceTimersByTimeAsync(250)
  expect(done).toBe(true)
  return result
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('client retries (1-platform-core.md §8)', () => {
  it('repeats a GET that met 503 three times, after 1, 2 and 4 seconds, then gives the last answer', async () => {
    const server = fake([503])
    const { value } = await settle(() => retryingFetch(server.fetch)('/resources/media'))
    expect(value!.status).toBe(503)
    expect(server.calls.map((c) => c.at)).toEqual([0, 1_000, 3_000, 7_000])
  })

  it('waits exactly 1, 2 and 4 seconds: nothing is sent early', async () => {
    const server = fake([502, 504, 429, 200])
    const pending = retryingFetch(server.fetch)('/x')
    await vi.advanceTimersByTimeAsync(999)
    expect(server.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(3_999)
    expect(server.calls).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).status).toBe(200)
    expect(server.calls).toHaveLength(4)
  })

  it('stops at the first good answer (fetchWithRetry uses the global fetch)', async () => {
    const server = fake([503, 200])
    vi.stubGlobal('fetch', server.fetch)
    try {
      const again = await settle(() => fetchWithRetry('/x'))
      expect(again.value!.status).toBe(200)
      expect(server.calls.map((c) => c.at)).toEqual([0, 1_000])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('repeats a network failure the same way, then rejects with it', async () => {
    const server = fake([new TypeError('fetch failed')])
    const { error } = await settle(() => retryingFetch(server.fetch)('/x'))
    expect(error).toBeInstanceOf(TypeError)
    expect(server.calls.map((c) => c.at)).toEqual([0, 1_000, 3_000, 7_000])
    const recovered = fake([new TypeError('fetch failed'), 200])
    expect((await settle(() => retryingFetch(recovered.fetch)('/x'))).value!.status).toBe(200)
  })

  it.each([400, 401, 403, 404, 409, 500])('gives a %i back at once', async (status) => {
    const server = fake([status, 200])
    const { value } = await settle(() => retryingFetch(server.fetch)('/x'))
    expect(value!.status).toBe(status)
    expect(server.calls).toHaveLength(1)
  })

  it('sends a POST, PUT, PATCH or DELETE once, whatever the answer, unless it carries an idempotency key', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const server = fake([503, 200])
      const { value } = await settle(() => retryingFetch(server.fetch)('/x', { method, body: method === 'DELETE' ? undefined : '{}' }))
      expect(value!.status, method).toBe(503)
      expect(server.calls, method).toHaveLength(1)
      const unreachable = fake([new TypeError('fetch failed'), 200])
      expect((await settle(() => retryingFetch(unreachable.fetch)('/x', { method }))).error, method).toBeInstanceOf(TypeError)
      expect(unreachable.calls, method).toHaveLength(1)
    }
    const keyed = fake([503, 201])
    const { value } = await settle(() => retryingFetch(keyed.fetch)('/x', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k-1' } }))
    expect(value!.status).toBe(201)
    expect(keyed.calls.map((c) => [c.at, c.method])).toEqual([
      [0, 'POST'],
      [1_000, 'POST'],
    ])
    expect(isSafeToRetry('get')).toBe(true)
    expect(isSafeToRetry('POST', new Headers({ 'idempotency-key': 'x' }))).toBe(true)
    expect(isSafeToRetry('POST')).toBe(false)
  })

  it("honours a 429's Retry-After up to 8 seconds; a longer one is given back at once", async () => {
    const asked = fake([{ status: 429, retryAfter: '3' }, 200])
    expect((await settle(() => retryingFetch(asked.fetch)('/x'))).value!.status).toBe(200)
    expect(asked.calls.map((c) => c.at)).toEqual([0, 3_000])
    const tooLong = fake([{ status: 429, retryAfter: '900' }, 200])
    const { value } = await settle(() => retryingFetch(tooLong.fetch)('/x'))
    expect(value!.status).toBe(429)
    expect(value!.headers.get('Retry-After')).toBe('900')
    expect(tooLong.calls).toHaveLength(1)
    // A shorter Retry-After than the schedule's wait does not hurry it.
    const short = fake([{ status: 503, retryAfter: '0' }, 200])
    await settle(() => retryingFetch(short.fetch)('/x'))
    expect(short.calls.map((c) => c.at)).toEqual([0, 1_000])
  })

  it("stops waiting when the caller aborts, and never repeats an aborted request", async () => {
    const server = fake([503])
    const controller = new AbortController()
    const pending = settle(() => retryingFetch(server.fetch)('/x', { signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    const { error } = await pending
    expect((error as Error).name).toBe('AbortError')
    expect(server.calls).toHaveLength(1)
    const aborted = fake([Object.assign(new DOMException('aborted', 'AbortError'))])
    expect((await settle(() => retryingFetch(aborted.fetch)('/x'))).error).toBeInstanceOf(DOMException)
    expect(aborted.calls).toHaveLength(1)
  })

  it('repeats a Request object with fresh copies', async () => {
    const server = fake([503, 200])
    const { value } = await settle(() => retryingFetch(server.fetch)(new Request('http://127.0.0.1/x')))
    expect(value!.status).toBe(200)
    expect(server.calls).toHaveLength(2)
  })
})
