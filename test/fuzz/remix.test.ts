import { afterAll, beforeAll, describe, test } from 'vitest'
import type { RoleName } from '@meridian/auth'
import { type Credentials, type FullServer, IDENTITIES, loadServerBuild, startFullServer } from '../support/full-server.ts'
import { fillPath, remixRoutes } from '../support/surface.ts'
import { announce, assertProperty, ENTRY_TIMEOUT_MS, authHeaders, type Campaign, expectHealthy, fc, seedFor, startCampaign } from './support/campaign.ts'
import { encodedBody, oddId, queryParams } from './support/inputs.ts'

/**
 * Every Remix action (form posts, with and without a page around them) and every loader (with odd ids and query
 * strings), as anonymous and as each role on a session cookie: no 5xx, no hang, nothing written when refused.
 */
const routes = remixRoutes(await loadServerBuild())
const entries = routes.flatMap((route) => [
  ...(route.hasAction ? [{ route, kind: 'action' as const, key: `action ${route.path}${route.index ? '?index' : ''}` }] : []),
  ...(route.hasLoader ? [{ route, kind: 'loader' as const, key: `loader ${route.path}${route.index ? '?index' : ''}` }] : []),
])
let server: FullServer
let campaign: Campaign
let creds: Record<RoleName, Credentials>

beforeAll(async () => {
  server = await startFullServer()
  campaign = await startCampaign(server)
  announce('Remix', entries.length)
}, 120_000)
afterAll(() => server?.close())

describe('Remix fuzz', () => {
  for (const entry of entries) {
    test(entry.key, async () => {
      creds = await campaign.renew()
      for (const identity of IDENTITIES) {
        const request = fc.record({
          params: fc.record(Object.fromEntries(entry.route.params.map((p) => [p, oddId]))),
          query: fc.oneof(fc.constant(''), queryParams),
          body: encodedBody,
          // The document request a form post makes, or the data request Remix's client makes with JavaScript on.
          data: fc.boolean(),
        })
        await assertProperty(
          request,
          async (input) => {
            let path = fillPath(entry.route.path, input.params as Record<string, string>)
            if (input.data) path = `${path === '/' ? '/_root' : path.replace(/\/$/, '')}.data`
            const search = new URLSearchParams(input.query)
            if (entry.route.index) search.set('index', '')
            if (input.data && entry.kind === 'action') search.set('_route', entry.route.id)
            const query = search.toString()
            const headers = authHeaders(identity, creds, 'cookie', server.origin)
            const post = entry.kind === 'action'
            if (post && input.body.contentType) headers['Content-Type'] = input.body.contentType
            await campaign.check(
              {
                method: post ? 'POST' : 'GET',
                path: query ? `${path}?${query}` : path,
                headers,
                body: post ? input.body.body : undefined,
                label: post ? input.body.label : 'page',
              },
              identity,
            )
          },
          { seed: seedFor('remix', entry.key, identity) },
        )
      }
      await expectHealthy(campaign)
    }, ENTRY_TIMEOUT_MS)
  }
})
