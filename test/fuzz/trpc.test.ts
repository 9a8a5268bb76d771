import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RoleName } from '@meridian/auth'
import { type Credentials, type FullServer, IDENTITIES, startFullServer } from '../support/full-server.ts'
import { trpcAnswerProblem } from '../support/answers.ts'
import { trpcProcedures } from '../support/surface.ts'
import {
  announce,
  assertProperty,
  ENTRY_TIMEOUT_MS,
  authHeaders,
  type Campaign,
  expectHealthy,
  fc,
  isTransportRefusal,
  seedFor,
  startCampaign,
} from './support/campaign.ts'
import { anyValue, encodedBody, oddId, weirdNumber, weirdString } from './support/inputs.ts'

/**
 * Every procedure of the tRPC router, as anonymous and as each role (bearer token or session cookie), with
 * generated inputs shaped like its own input schema: no 5xx, no hang, a typed tRPC error for every refusal,
 * nothing written when refused, the process up and warning-free.
 */
const procedures = trpcProcedures()
let server: FullServer
let campaign: Campaign
let creds: Record<RoleName, Credentials>

beforeAll(async () => {
  server = await startFullServer()
  campaign = await startCampaign(server)
  announce('tRPC', procedures.length)
}, 120_000)
afterAll(() => server?.close())

const TRPC_CODES = new Set([
  'PARSE_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'TIMEOUT',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'CLIENT_CLOSED_REQUEST',
])

/** The keys the procedure's input schema names (valibot object, possibly inside a pipe or an optional). */
function inputKeys(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 3) return []
  const s = schema as { entries?: Record<string, unknown>; pipe?: unknown[]; wrapped?: unknown; options?: unknown[] }
  if (s.entries) return Object.keys(s.entries)
  for (const inner of [...(s.pipe ?? []), s.wrapped, ...(s.options ?? [])]) {
    const keys = inputKeys(inner, depth + 1)
    if (keys.length) return keys
  }
  return []
}

const fieldValue = fc.oneof(weirdString, weirdNumber, oddId, oddId.map(Number), fc.boolean(), fc.constant(null), anyValue)

function inputFor(keys: string[]): fc.Arbitrary<unknown> {
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] }).chain((base) =>
        fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'id'), anyValue, { maxKeys: 2 }).map((more) => {
          const out: Record<string, unknown> = { ...base }
          for (const [k, v] of Object.entries(more)) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true })
          return out
        }),
      )
    : anyValue
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyValue }, { weight: 1, arbitrary: fc.constant(undefined) })
}

describe('tRPC fuzz', () => {
  for (const procedure of procedures) {
    test(
      procedure.key,
      async () => {
        creds = await campaign.renew()
        const keys = inputKeys(procedure.inputs[0])
        for (const identity of IDENTITIES) {
          const request = fc.record({
            input: inputFor(keys),
            via: fc.constantFrom<'bearer' | 'cookie'>('bearer', 'cookie'),
            // Mostly the procedure's own method; sometimes the other one, a batch call or a raw body of any kind.
            shape: fc.oneof(
              { weight: 8, arbitrary: fc.constant('plain' as const) },
              { weight: 1, arbitrary: fc.constant('wrong-method' as const) },
              { weight: 1, arbitrary: fc.constant('batch' as const) },
              { weight: 2, arbitrary: fc.constant('raw' as const) },
            ),
            raw: encodedBody,
            badInputParam: fc.constantFrom('%7B', '{"a":', 'null', '%ff', ''),
          })
          await assertProperty(
            request,
            async (input) => {
              const headers = authHeaders(identity, creds, input.via, server.origin)
              const query = procedure.type === 'query'
              let method = query ? 'GET' : 'POST'
              if (input.shape === 'wrong-method') method = query ? 'POST' : 'GET'
              const encoded = input.input === undefined ? undefined : JSON.stringify(input.input)
              let path = `/trpc/${procedure.path}`
              let body: string | Uint8Array | undefined
              let label = 'input'
              if (input.shape === 'raw') {
                label = input.raw.label
                if (method === 'GET') path += `?input=${input.badInputParam}`
                else {
                  body = input.raw.body
                  if (input.raw.contentType) headers['Content-Type'] = input.raw.contentType
                }
              } else if (input.shape === 'batch') {
                const batch = JSON.stringify({ 0: input.input ?? null, 1: null })
                label = 'batch'
                if (method === 'GET') path += `,${procedure.path}?batch=1&input=${encodeURIComponent(batch)}`
                else {
                  path += `,${procedure.path}?batch=1`
                  body = batch
                  headers['Content-Type'] = 'application/json'
                }
              } else if (method === 'GET') {
                if (encoded !== undefined) path += `?input=${encodeURIComponent(encoded)}`
              } else {
                body = encoded
                headers['Content-Type'] = 'application/json'
              }
              await campaign.check({ method, path, headers, body, label }, identity, (answer) => {
                // A success answers what the procedure's documentation says (operations/responses.json).
                if (answer.status === 200 && input.shape === 'plain' && answer.contentType.includes('application/json')) {
                  const { result } = JSON.parse(answer.text) as { result: { data?: unknown } }
                  const problem = trpcAnswerProblem(procedure.path, result.data)
                if (problem) throw new Error(`${procedure.key} as ${identity}: ${problem}\n${answer.text.slice(0, 600)}`)
                }
                if (answer.status < 400 || isTransportRefusal(answer)) return
                let parsed: unknown
                try {
                  parsed = JSON.parse(answer.text)
                } catch {
                  throw new Error(
                    `${procedure.key} as ${identity} (${label}, ${method} ${path.slice(0, 200)}): ${answer.status} is not JSON: "${answer.text.slice(0, 200)}"`,
                  )
                }
                const errors = (Array.isArray(parsed) ? parsed : [parsed])
                  .map((item) => (item as { error?: { data?: { code?: string; httpStatus?: number } } }).error)
                  .filter(Boolean)
                expect(errors.length, `${procedure.key} as ${identity}: ${answer.status} carries a tRPC error: ${answer.text.slice(0, 300)}`).toBeGreaterThan(0)
                for (const error of errors) {
                  expect(TRPC_CODES.has(error!.data?.code ?? ''), `${procedure.key} as ${identity}: typed error code in ${answer.text.slice(0, 300)}`).toBe(
                    true,
                  )
                }
              })
            },
            { seed: seedFor('trpc', procedure.key, identity) },
          )
        }
        await expectHealthy(campaign)
      },
      ENTRY_TIMEOUT_MS,
    )
  }
})
