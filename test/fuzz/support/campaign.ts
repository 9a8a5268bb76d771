import { createHash } from 'node:crypto'
import http from 'node:http'
import fc from 'fast-check'
import { expect } from 'vitest'
import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { type Credentials, type FullServer, IDENTITIES, type Identity } from '../../support/full-server.ts'
import { ChangeWatch } from './change-watch.ts'

/**
 * One fuzz campaign over one front. The seed is printed so a failure can be replayed exactly
 * (FUZZ_SEED=<seed> npx vitest run test/fuzz); FUZZ_RUNS sets the inputs per route and identity.
 */
export const RUNS = Number(process.env.FUZZ_RUNS || 3)
export const SEED = Number(process.env.FUZZ_SEED || (Date.now() % 2_147_483_647))
/** Per entry: every identity's inputs, with room for a slow machine. */
export const ENTRY_TIMEOUT_MS = 60_000 + RUNS * 7 * 2_000
export const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS || 15_000)

/** A seed of its own for each route and identity, derived from the campaign's: one case replays alone. */
export function seedFor(...parts: string[]): number {
  return (SEED ^ createHash('sha256').update(parts.join(' ')).digest().readInt32BE(0)) | 0
}

export function announce(front: string, count: number) {
  console.log(`[fuzz] ${front}: ${count} entries x ${IDENTITIES.length} identities x ${RUNS} inputs; seed ${SEED} (replay: FUZZ_SEED=${SEED})`)
}

export interface Sent {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Uint8Array
  label: string
}

export interface Answer {
  status: number
  contentType: string
  text: string
}

/**
 * Whatever happens, an answer within the time limit: a hang is a failure like a 500. A server may answer before it
 * has read the whole body (a refusal of an oversized or unauthorised post) and close the connection: the answer
 * counts, the client's broken write does not.
 */
export function send(server: FullServer, request: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? Buffer.from(request.body) : Buffer.from(request.body)
    const headers: Record<string, string | number> = { ...request.headers, Connection: 'close' }
    if (body) headers['Content-Length'] = body.length
    const req = http.request(server.url + request.path, { method: request.method, headers })
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`${request.method} ${request.path.slice(0, 300)} (${request.label}) got no answer within ${REQUEST_TIMEOUT_MS} ms`))
    }, REQUEST_TIMEOUT_MS)
    let answered = false
    req.on('response', (res) => {
      answered = true
      // An event stream never ends by itself: its status and first frame are the answer.
      if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        const done = (chunk?: Buffer) => {
          clearTimeout(timer)
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), text: chunk?.toString('utf8') ?? '' })
          req.destroy()
        }
        res.once('end', () => done())
        return void res.once('data', done)
      }
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', () => {})
      res.on('end', () => {
        clearTimeout(timer)
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') })
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return // the answer may still be on its way
      clearTimeout(timer)
      reject(new Error(`${request.method} ${request.path.slice(0, 300)} (${request.label}) failed: ${error.message}`))
    })
    req.on('close', () => {
      if (!answered) {
        clearTimeout(timer)
        reject(new Error(`${request.method} ${request.path.slice(0, 300)} (${request.label}): the server closed the connection without an answer`))
      }
    })
    req.end(body)
  })
}

/**
 * Answers Node's HTTP parser gives before any handler runs (a request line or headers over its 16 KiB limit):
 * a correct refusal with no body of ours to shape.
 */
export const isTransportRefusal = (answer: Answer) => answer.status === 431

/** DRF's error bodies: {"detail": "…"} or {"field": ["message", …]}, nested for nested fields. */
export function isDrfErrorBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false
  const entries = Object.entries(body)
  if (entries.length === 0) return false
  return entries.every(([key, value]) => {
    if (key === 'detail') return typeof value === 'string' && value.length > 0
    if (Array.isArray(value)) return value.length > 0 && value.every((m) => typeof m === 'string' && m.length > 0)
    return isDrfErrorBody(value)
  })
}

const describe = (request: Sent, identity: Identity) => {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('latin1')
  return `${request.method} ${request.path.slice(0, 300)} as ${identity} (${request.label}) body: ${body.slice(0, 300)}${body.length > 300 ? '…' : ''}`
}

export interface Campaign {
  server: FullServer
  watch: ChangeWatch
  /** Credentials of every role, renewed before each entry (a fuzzed call may sign a demo account out). */
  renew(): Promise<Record<RoleName, Credentials>>
  /** Send, then hold the answer to the rules every front shares: no 5xx, no hang, nothing written on a refusal. */
  check(request: Sent, identity: Identity, extra?: (answer: Answer) => void): Promise<Answer>
  warnings: string[]
}

export async function startCampaign(server: FullServer): Promise<Campaign> {
  const watch = await ChangeWatch.install(server.handle.db)
  const warnings: string[] = []
  process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`))
  return {
    server,
    watch,
    warnings,
    async renew() {
      const entries: [RoleName, Credentials][] = []
      for (const role of ROLE_NAMES) {
        await server.restoreAccount(role)
        entries.push([role, await server.credentials(role)])
      }
      return Object.fromEntries(entries) as Record<RoleName, Credentials>
    },
    async check(request, identity, extra) {
      await watch.sync()
      const answer = await send(server, request)
      const what = describe(request, identity)
      expect(answer.status, `${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`).toBeLessThan(500)
      if (answer.status >= 400) {
        const changed = await watch.changedTables()
        expect(changed, `${what} answered ${answer.status} but changed rows of: ${changed.join(', ')}`).toEqual([])
      }
      extra?.(answer)
      return answer
    },
  }
}

/** After each entry: the server still answers and no warning (listener leaks …) was printed. */
export async function expectHealthy(campaign: Campaign) {
  const health = await send(campaign.server, { method: 'GET', path: '/healthz', headers: {}, label: 'health' })
  expect(health.status).toBe(200)
  expect(campaign.warnings, 'process warnings').toEqual([])
}

export function authHeaders(identity: Identity, creds: Record<RoleName, Credentials>, via: 'bearer' | 'cookie', origin: string): Record<string, string> {
  if (identity === 'anonymous') return via === 'cookie' ? { Origin: origin } : {}
  const c = creds[identity]
  return via === 'bearer' ? { Authorization: `Bearer ${c.access}` } : { Cookie: c.cookie, Origin: origin }
}

/**
 * fc.assert with a report a person can read: the seed and path that replay the case and the failing request
 * (already cut short by check()), instead of fast-check's dump of a counterexample that may hold a megabyte.
 */
export async function assertProperty<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options: { seed: number; numRuns?: number }) {
  await fc.assert(fc.asyncProperty(arbitrary, predicate), {
    seed: options.seed,
    numRuns: options.numRuns ?? RUNS,
    endOnFailure: true,
    reporter(details) {
      if (!details.failed) return
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
      throw new Error(`${cause.slice(0, 2_000)}\n(replay: FUZZ_SEED=${SEED}; this case: fast-check seed ${details.seed}, path "${details.counterexamplePath}")`)
    },
  })
}

export { fc }
