import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import { createLogger } from '@meridian/core/observability'
import { createHttpServer } from './http-app.ts'
import { type GracefulServer, gracefulServer, REPEAT_WINDOW_MS, signalHandler } from './shutdown.ts'

/** The graceful shutdown of the HTTP server (docs/operations.md), in process; test/shutdown.test.ts sends a real SIGTERM. */
let api: TestServer
let server: http.Server
let graceful: GracefulServer
let url: string
const lines: string[] = []
const steps: string[] = []

beforeAll(async () => {
  api = await startTestServer()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push((JSON.parse(line) as { msg: string }).msg)
      done()
    },
  })
  server = createHttpServer({
    app: api.app,
    build: () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>,
    ping: () => api.handle.ping(),
    draining: () => graceful.draining,
  })
  graceful = gracefulServer(server, {
    timeoutMs: 5_000,
    logger: createLogger({ logLevel: 'info', logFormat: 'json' }, sink),
    steps: {
      closeStreams: () => (steps.push('streams'), 0),
      stopWork: async (ms) => (steps.push(`work ${ms <= 5_000 && ms > 4_000 ? 'within the bound' : ms}`), { finished: 1, released: 0 }),
      stop: async () => void steps.push('stop'),
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.closeAllConnections()
  await api?.close()
})

/** One request on the given agent; the raw answer. */
function get(path: string, agent: http.Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }))
      })
      .on('error', reject)
  })
}

describe('graceful shutdown of the HTTP server', () => {
  it('lets a request in flight finish with its normal answer and Connection: close, without waiting for idle kept-alive connections', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const before = await get('/readyz', agent)
    expect(before.status).toBe(200)
    expect(before.connection).toBe('keep-alive')
    // A slow request in flight on another connection: its body arrives after the signal.
    const body = ['{"username":"traveler",', '"password":"not-the-password"}']
    const slow = http.request(`${url}/users/api/auth/login/`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.join('').length) },
    })
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => slow.on('response', resolve).on('error', reject))
    slow.write(body[0])
    await new Promise((r) => setTimeout(r, 100))
    expect(graceful.inFlight).toBe(1)

    const started = Date.now()
    const done = graceful.shutdown('SIGTERM')
    expect(graceful.draining).toBe(true)
    // Asking twice runs it once.
    expect(graceful.shutdown('SIGTERM')).toBe(done)
    slow.end(body[1])
    const res = await answered
    res.resume()
    // Its normal answer (a wrong password), and its connection is not kept.
    expect(res.statusCode).toBe(401)
    expect(res.headers.connection).toBe('close')
    await done
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(steps).toEqual(['streams', 'work within the bound', 'stop'])
    expect(lines).toEqual([
      'SIGTERM received: no longer accepting connections; 1 requests in flight (event streams included), waiting up to 5000 ms',
      'Event streams closed with a reconnect hint: 0',
      expect.stringMatching(/^Requests in flight finished: 1, none cut, \d+ ms after the signal$/),
      'Media jobs released for another worker: 0 (1 finished)',
      expect.stringMatching(/^Request figures written and database closed; stopped in \d+ ms$/),
    ])
    expect(server.listening).toBe(false)
    agent.destroy()
  })

  it('answers /readyz 503 while draining, so a load balancer still probing a kept-alive connection stops sending', async () => {
    let draining = false
    const probed = createHttpServer({
      app: api.app,
      build: () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>,
      ping: () => api.handle.ping(),
      draining: () => draining,
    })
    await new Promise<void>((resolve) => probed.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(probed.address() as AddressInfo).port}`
      expect((await fetch(`${base}/readyz`)).status).toBe(200)
      draining = true
      const res = await fetch(`${base}/readyz`)
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'stopping' })
      // Liveness is another question: the process is still up.
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    } finally {
      probed.closeAllConnections()
      probed.close()
    }
  })
})

describe('the signal handler', () => {
  const quiet = createLogger({ logLevel: 'silent', logFormat: 'json' })
  const fake = () => {
    let finish!: () => void
    const calls: string[] = []
    const graceful = {
      draining: false,
      inFlight: 0,
      shutdown: (signal: string) => (calls.push(signal), new Promise<void>((resolve) => (finish = resolve))),
    }
    return { graceful, calls, finish: () => finish() }
  }

  it('runs the shutdown on the first signal and exits 0 when it is done; the same signal passed on by the supervisor is not a second', async () => {
    const { graceful, calls, finish } = fake()
    const exits: number[] = []
    let clock = 0
    const handle = signalHandler(graceful, { logger: quiet, exit: (code) => exits.push(code), now: () => clock })
    handle('SIGINT')
    clock += 20
    handle('SIGINT')
    expect(calls).toEqual(['SIGINT'])
    expect(exits).toEqual([])
    finish()
    await new Promise((r) => setImmediate(r))
    expect(exits).toEqual([0])
  })

  it('exits at once (1) on a second signal during the shutdown', () => {
    const { graceful, calls } = fake()
    const exits: number[] = []
    let clock = 0
    const handle = signalHandler(graceful, { logger: quiet, exit: (code) => exits.push(code), now: () => clock })
    handle('SIGTERM')
    clock += REPEAT_WINDOW_MS + 1
    handle('SIGTERM')
    expect(calls).toEqual(['SIGTERM'])
    expect(exits).toEqual([1])
  })
})
