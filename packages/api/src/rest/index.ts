import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppServices } from '@meridian/core'
import { registerOperations } from '../operations/index.ts'
import { createRouter, type RestRouteInfo, type RouteDoc, type RouteTable, routeOptions, tagged, withDocs } from './router.ts'
import { openApiRoutes } from './openapi-routes.ts'
import { eventStreamRoutes } from '../event-stream.ts'

export { pageRequest, pageResponse, MAX_PAGE_SIZE } from './pagination.ts'
export { queryObject } from '@meridian/validators/query-object'
export type { RestCall, Reply, Handler, RouteTable, RouteDoc, RestRouteInfo } from './router.ts'
import { buildOpenApiDocument as buildDocument } from './openapi.ts'

/** Paths the REST adapter owns: everything under them answers JSON, never the HTML app. */
export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/users/api/') || pathname === '/users/api'
}

/** Every REST path, registered on one table: the server's router, or the listing that tests and docs read. */
function registerRoutes(table: RouteTable) {
  registerOperations(table)
  eventStreamRoutes(withDocs(table, 'Chat', EVENT_STREAM_DOCS))
  openApiRoutes(tagged(table, 'API reference'), listRestRoutes)
}

/** The event stream registers itself (event-stream.ts); its documentation is given here. */
const EVENT_STREAM_DOCS: Record<string, RouteDoc> = {
  'GET /api/chat/events/': {
    summary: "The signed-in user's server-sent events",
    description:
      'A text/event-stream of chat messages, read marks and notifications (docs/chat.md "Real time"), by bearer token or session cookie. ' +
      'Resume with the Last-Event-ID header or `?last_event_id=`. More than 20 open streams per user answer 429.',
    produces: 'text/event-stream',
    errors: [429],
  },
}

/** The documented REST paths in the shape of a Django REST Framework backend. */
export function createRestHandler(app: AppServices): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { table, handle } = createRouter(app)
  registerRoutes(table)
  return handle
}

/** The route table as data: what the access matrix, the fuzz suite and docs/access.md enumerate. */
export function listRestRoutes(): RestRouteInfo[] {
  const found: RestRouteInfo[] = []
  const table: RouteTable = {
    add(method, path, _handler, authOrDoc, given) {
      const { auth, doc } = routeOptions(authOrDoc, given)
      found.push({ method, path, auth, ...(doc ? { doc } : {}) })
      return table
    },
  }
  registerRoutes(table)
  return found
}

/** The OpenAPI 3.1 document of the whole route table (`npm run openapi`, GET /api/schema/). */
export function buildOpenApiDocument(options: { origin?: string } = {}) {
  return buildDocument({ ...options, routes: listRestRoutes() })
}
