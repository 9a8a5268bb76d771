import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppServices } from '@meridian/core'
import { operationEndpoints } from '../operations/index.ts'
import { createRouter, type RestEndpoint, type RestRouteInfo } from './router.ts'
import { openApiEndpoints } from './openapi-routes.ts'
import { buildOpenApiDocument as buildDocument } from './openapi.ts'

export { pageRequest, pageResponse, MAX_PAGE_SIZE } from './pagination.ts'
export { queryObject } from '@meridian/validators/query-object'
export type { RestCall, Reply, Handler, RouteDoc, RestRouteInfo, RestEndpoint } from './router.ts'

/** Paths the REST adapter owns: everything under them answers JSON, never the HTML app. */
export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/users/api/') || pathname === '/users/api'
}

/** Every REST path: the operations' and the API reference's (which documents them all). */
function restEndpoints(): RestEndpoint[] {
  const all: RestEndpoint[] = operationEndpoints()
  all.push(...openApiEndpoints(() => all))
  return all
}

/** The documented REST paths in the shape of a Django REST Framework backend. */
export function createRestHandler(app: AppServices): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return createRouter(app, restEndpoints())
}

/** The route table as data: what the access matrix, the fuzz suite and docs/access.md enumerate. */
export function listRestRoutes(): RestRouteInfo[] {
  return restEndpoints().map(({ method, path, auth, doc }) => ({ method, path, auth, doc }))
}

/** The OpenAPI 3.1 document of the whole route table (`npm run openapi`, GET /api/schema/). */
export function buildOpenApiDocument(options: { origin?: string } = {}) {
  return buildDocument({ ...options, routes: listRestRoutes() })
}
