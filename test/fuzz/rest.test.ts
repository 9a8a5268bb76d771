import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RoleName } from '@meridian/auth'
import { type Credentials, type FullServer, IDENTITIES, startFullServer } from '../support/full-server.ts'
import { restAnswerProblem, routeOf } from '../support/answers.ts'
import { fillPath, restRoutes } from '../support/surface.ts'
import { announce, assertProperty, ENTRY_TIMEOUT_MS, authHeaders, type Campaign, expectHealthy, fc, isDrfErrorBody, isTransportRefusal, seedFor, startCampaign } from './support/campaign.ts'
import { encodedBody, oddId, queryParams, weirdString } from './support/inputs.ts'

/**
 * Every REST route of the route table, as anonymous and as each role, with generated inputs: no 5xx, no hang,
 * DRF-shaped JSON for every 4xx, nothing written when the answer is 4xx, the process up and warning-free.
 */
const routes = restRoutes()
let server: FullServer
let campaign: Campaign
let creds: Record<RoleName, Credentials>

beforeAll(async () => {
  server = await startFullServer()
  campaign = await startCampaign(server)
  announce('REST', routes.length)
}, 120_000)
afterAll(() => server?.close())

const brokenAuthorization = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Bearer not-a-token',
  'Basic YWRtaW46bWVyaWRpYW4tZGVtbw==',
  'bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxLCJ0b2tlbl90eXBlIjoiYWNjZXNzIn0.',
  `Bearer ${'a'.repeat(9_000)}`,
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoiMSIsInRva2VuX3R5cGUiOiJhY2Nlc3MiLCJleHAiOjF9.c2lnbmF0dXJl',
)

describe('REST fuzz', () => {
  for (const route of routes) {
    test(route.key, async () => {
      creds = await campaign.renew()
      const writes = route.method !== 'GET' && route.method !== 'DELETE'
      for (const identity of IDENTITIES) {
        const request = fc.record({
          params: fc.record(Object.fromEntries(route.params.map((p) => [p, oddId]))),
          query: fc.oneof(fc.constant(''), queryParams),
          body: writes ? encodedBody : fc.option(encodedBody, { freq: 6 }),
          method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') }),
          auth: identity === 'anonymous' ? fc.option(brokenAuthorization, { freq: 2 }) : fc.constant(null),
          trailingSlash: fc.boolean(),
          junkHeader: fc.option(weirdString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 200))),
        })
        await assertProperty(
          request,
          async (input) => {
            let path = fillPath(route.path, input.params as Record<string, string>)
            if (!input.trailingSlash) path = path.replace(/\/$/, '')
            const headers: Record<string, string> = { ...authHeaders(identity, creds, 'bearer', server.origin) }
            if (input.auth) headers.Authorization = input.auth
            if (input.junkHeader) headers['X-Requested-With'] = input.junkHeader
            const body = input.body && input.method !== 'GET' && input.method !== 'HEAD' ? input.body : null
            if (body?.contentType) headers['Content-Type'] = body.contentType
            await campaign.check(
              { method: input.method, path: input.query ? `${path}?${input.query}` : path, headers, body: body?.body, label: body?.label ?? 'no body' },
              identity,
              (answer) => {
                // A success answers what the API reference documents for it.
                // (An id like `..` makes the path another route's once the server resolves it: that answer is not this route's.)
                const ours = routeOf(route.method, new URL(path, 'http://x').pathname) === route.path
                if (ours && answer.status < 300 && answer.status !== 204 && input.method === route.method && answer.contentType.includes('application/json')) {
                  const problem = restAnswerProblem(route.method, route.path, answer.status, JSON.parse(answer.text))
                  if (problem) throw new Error(`${route.key} as ${identity}: ${problem}\n${answer.text.slice(0, 600)}`)
                }
                if (answer.status < 400 || input.method === 'HEAD' || isTransportRefusal(answer)) return
                expect(answer.contentType, `${route.key} ${answer.status} is JSON`).toContain('application/json')
                expect(isDrfErrorBody(JSON.parse(answer.text)), `${route.key} as ${identity}: ${answer.status} body is DRF-shaped: ${answer.text.slice(0, 300)}`).toBe(true)
              },
            )
          },
          { seed: seedFor('rest', route.key, identity) },
        )
      }
      await expectHealthy(campaign)
    }, ENTRY_TIMEOUT_MS)
  }
})
