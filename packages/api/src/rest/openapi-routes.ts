import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { buildOpenApiDocument, type Json, OPENAPI_TITLE } from './openapi.ts'
import type { Handler, RestEndpoint, RestRouteInfo, RouteDoc } from './router.ts'

/** GET: the OpenAPI 3.1 document (JSON). */
export const OPENAPI_SCHEMA_PATH = '/api/schema/'
/** GET: the reference page over the document, with its assets beside it. */
export const API_DOCS_PATH = '/api/docs/'

/** The reference page and its files: HTML and scripts, so the HTTP app gives them the site's security headers (CSP). */
export const isApiDocsPath = (pathname: string) => pathname === '/api/docs' || pathname.startsWith(API_DOCS_PATH)

const require = createRequire(import.meta.url)
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'))

/** The page's files, all served from this origin: the viewer (swagger-ui-dist) and its start-up (openapi-page.js). */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(swaggerDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: path.join(swaggerDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'api-docs.js': { file: require.resolve('@meridian/api/openapi-page.js'), type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: path.join(swaggerDir, 'favicon-32x32.png'), type: 'image/png' },
}

const loaded = new Map<string, Promise<Buffer>>()
const asset = (name: string) => {
  let file = loaded.get(name)
  if (!file) {
    file = readFile(ASSETS[name]!.file)
    file.catch(() => loaded.delete(name))
    loaded.set(name, file)
  }
  return file
}

/** No inline script or style element: every script is a file of this origin, so the site's CSP holds unchanged. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${OPENAPI_TITLE}</title>
<link rel="icon" type="image/png" href="${API_DOCS_PATH}favicon-32x32.png">
<link rel="stylesheet" href="${API_DOCS_PATH}swagger-ui.css">
</head>
<body>
<noscript>The reference page needs JavaScript. The document itself is at <a href="${OPENAPI_SCHEMA_PATH}">${OPENAPI_SCHEMA_PATH}</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}api-docs.js"></script>
</body>
</html>
`

/**
 * The document and its reference page (docs/api.md), public. `routes` lists the whole table (these included); the
 * document is derived from code, so built once per process on first request, only its server differing per request.
 */
export function openApiEndpoints(routes: () => RestRouteInfo[]): RestEndpoint[] {
  let built: Json | undefined
  const documentFor = (origin: string): Json => {
    built ??= buildOpenApiDocument({ routes: routes() })
    return { ...built, servers: [{ url: origin }] }
  }
  const place = (path: string, handler: Handler, doc: Omit<RouteDoc, 'tag'>): RestEndpoint => ({
    method: 'GET',
    path,
    auth: 'public',
    handler,
    doc: { tag: 'API reference', ...doc },
  })
  return [
    place(OPENAPI_SCHEMA_PATH, async ({ origin }) => ({ body: documentFor(origin), headers: { 'Cache-Control': 'public, max-age=300' } }), {
      summary: 'This OpenAPI 3.1 document',
      description: 'Generated from the route table and the services’ valibot schemas.',
      response: {
        type: 'object',
        properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' }, components: { type: 'object' } },
        required: ['openapi', 'info', 'paths', 'components'],
      },
    }),
    place(API_DOCS_PATH, async () => ({ raw: true, body: PAGE, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } }), {
      summary: 'The API reference page (HTML)',
      produces: 'text/html',
    }),
    // Each file at a path of its own: nothing else under /api/docs/ answers but 404.
    ...Object.entries(ASSETS).map(([name, { type }]) =>
      place(
        `${API_DOCS_PATH}${name}`,
        async () => ({ raw: true, body: await asset(name), headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } }),
        { summary: `The reference page's ${name}`, produces: type.split(';')[0]! },
      ),
    ),
  ]
}
