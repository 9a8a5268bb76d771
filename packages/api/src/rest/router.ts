import type { IncomingMessage, ServerResponse } from 'node:http'
import type * as v from 'valibot'
import { parseRecordId } from '@meridian/validators'
import { authenticateBearer, reportServerError, type AppServices, type ServiceContext, serviceContext } from '@meridian/core'
import { noteRequestUser } from '@meridian/core/observability'
import { requestMeta, requestProtocol } from '../request-meta.ts'
import { ClientGoneError, HttpError, errorResponse, readBody, sendJson, sendRaw } from './http.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RestCall {
  ctx: ServiceContext
  params: Record<string, string>
  query: URLSearchParams
  /** The parsed JSON body (read on first call). */
  body(): Promise<unknown>
  req: IncomingMessage
  /** This request's absolute origin, for links (pagination, mails). */
  origin: string
  /** For a handler that writes its own answer (the event stream), then replies `{ streamed: true }`. */
  res: ServerResponse
}

export type Reply =
  | { status?: number; body: unknown; headers?: Record<string, string>; raw?: false }
  /** A file (an export): the body sent as it is, with headers naming its type; errors stay JSON. */
  | { status?: number; body: Buffer | string; headers: Record<string, string>; raw: true }
  /** The handler answered on `res` itself (a stream). */
  | { streamed: true }

export type Handler = (call: RestCall) => Promise<Reply>

/**
 * public: the bearer header is ignored; required: 401 without a valid bearer access token;
 * optional: anonymous allowed, but a bearer header present must be valid.
 */
export type AuthMode = 'public' | 'required' | 'optional'

/** A JSON Schema written out, for a body no valibot schema describes (a service that reads its fields by hand). */
export interface JsonBody {
  jsonSchema: Record<string, unknown>
}

/**
 * What the OpenAPI document (openapi.ts) says about a route, given where the route is registered. The body and query
 * are the valibot schemas the service parses them with; the document converts them, nothing is written twice.
 */
export interface RouteDoc {
  summary: string
  description?: string
  /** The file's area (the tag the reference page groups by); `tagged()` fills it for a whole registration function. */
  tag?: string
  /** The JSON body's schema; `null`: a write that reads no body (it acts on the path alone). Required on POST/PUT/PATCH. */
  body?: v.GenericSchema | JsonBody | null
  /** The body's fields are all optional (a partial update that merges the fields sent into the record). */
  partial?: boolean
  /**
   * Fields the record's answer carries that this write does not take (DRF's read_only): sent, they are ignored. The
   * reference lists them; the round-trip test holds every other field it reads to be taken.
   */
  readOnly?: string[]
  /** A multipart/form-data upload instead of JSON: its fields' schema and the name its file parts go by. */
  multipart?: { fields?: v.GenericSchema; files: string }
  /** The query's schema (its keys become query parameters). */
  query?: v.GenericSchema
  /** The success status: 200 unless said (201 for a create, 204 for a delete with no body). */
  status?: number
  /** A DRF page-number list: `page`/`page_size` parameters and the `{count, next, previous, results}` envelope. */
  paginated?: boolean
  /** The answer's media type(s) when it is not JSON (an export file, the reference page). */
  produces?: string | string[]
  /** Extra answers beyond the ones derived from the route (e.g. 409, 429, 503). */
  errors?: number[]
  /**
   * The operation this path serves, by its tRPC name (`countries.get`): its success answer is documented with the
   * schema of what the operation returns (operations/responses.json). Filled in by the operation table.
   */
  operation?: string
  /**
   * Where the success answer is not an operation's (a REST path with no twin): the `@meridian/core` export it answers,
   * a service (its result) or a type, whose schema operations/responses.json holds like the operations'.
   */
  returns?: string
  /** REST answers this field of the operation's answer (tRPC `{created, item}`, REST the item). */
  answerKey?: string
  /** Other success statuses with the same answer (200 for a create that found the record already there). */
  alsoStatus?: number[]
  /**
   * The success answer's JSON Schema written out, for an answer no type of the code describes (the reference itself),
   * or built from the operation's (REST wraps the same results in links of its own).
   */
  response?: Record<string, unknown> | ((answer: Record<string, unknown>) => Record<string, unknown>)
}

export interface RestRouteInfo {
  method: Method
  /** As registered, with {param} segments, e.g. /api/media/{id}/ */
  path: string
  auth: AuthMode
  /** What the OpenAPI document says about it (router.ts RouteDoc); none: registered without documentation. */
  doc?: RouteDoc
}

/** A route of the table: where, the auth mode, what answers and what the reference says (operations/kit.ts builds them). */
export interface RestEndpoint extends RestRouteInfo {
  handler: Handler
  doc: RouteDoc
}

const split = (path: string) => path.split('/').filter(Boolean)

/** A path segment as the client meant it; a broken percent-encoding is kept as sent (and so matches no record). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const isIdParam = (name: string) => name === 'id' || name.endsWith('_id')

/**
 * A small DRF-shaped router over node:http: exact paths and {param} segments, trailing slash optional,
 * 404 JSON for unknown paths, 405 with Allow for known paths and other methods.
 */
export function createRouter(app: AppServices, table: RestEndpoint[]) {
  const routes = table.map((route) => ({ ...route, segments: split(route.path) }))

  function match(path: string) {
    const parts = split(path)
    const found: { route: (typeof routes)[number]; params: Record<string, string> }[] = []
    for (const route of routes) {
      if (route.segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i]!
        if (seg.startsWith('{')) params[seg.slice(1, -1)] = decodeSegment(parts[i]!)
        else if (seg !== parts[i]) {
          ok = false
          break
        }
      }
      if (ok) found.push({ route, params })
    }
    // Static segments win over {param} ones (select_options/ before {id}/).
    found.sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length)
    return found
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase()
    let url = new URL('http://internal/')
    // The path as logs name it: a secret in it (a calendar feed's token) is left out.
    let logged = ''
    try {
      url = new URL(req.url ?? '/', 'http://internal')
      logged = url.pathname
      const candidates = match(url.pathname)
      if (candidates.length === 0) throw new HttpError(404, { detail: 'Not found.' })
      const allowed = [...new Set(candidates.map((c) => c.route.method))]
      if (method === 'OPTIONS') {
        res.writeHead(200, { Allow: [...allowed, 'OPTIONS'].join(', '), 'Content-Length': 0 })
        return void res.end()
      }
      const effective = method === 'HEAD' ? 'GET' : method
      const hit = candidates.find((c) => c.route.method === effective)
      if (hit?.params.token) logged = url.pathname.replace(hit.params.token, '{token}')
      if (!hit) {
        throw new HttpError(405, { detail: `Method "${method}" not allowed.` }, { Allow: [...allowed, 'OPTIONS'].join(', ') })
      }
      const meta = requestMeta(req, app.config.trustProxy)
      let actor = null
      const header = req.headers.authorization ?? ''
      if (hit.route.auth === 'required' || (hit.route.auth === 'optional' && header)) {
        const [scheme, token] = header.split(' ')
        if (!token || scheme?.toLowerCase() !== 'bearer') {
          throw new HttpError(401, { detail: 'Authentication credentials were not provided.' }, { 'WWW-Authenticate': 'Bearer realm="api"' })
        }
        actor = await authenticateBearer(app, token)
        noteRequestUser(req, actor.id)
      }
      // A path id that cannot name a record never reaches a service or the database.
      for (const [name, value] of Object.entries(hit.params)) {
        if (isIdParam(name) && parseRecordId(value) === null) throw new HttpError(404, { detail: 'Not found.' })
      }
      let bodyPromise: Promise<unknown> | undefined
      const proto = requestProtocol(req, app.config.trustProxy)
      const origin = app.config.appOrigin ?? `${proto}://${req.headers.host ?? 'localhost'}`
      const reply = await hit.route.handler({
        ctx: serviceContext(app, actor, { ...meta, linkOrigin: origin }),
        params: hit.params,
        query: url.searchParams,
        body: () => (bodyPromise ??= readBody(req)),
        req,
        origin,
        res,
      })
      if ('streamed' in reply) return
      if (reply.raw) sendRaw(res, reply.status ?? 200, reply.body, reply.headers)
      else sendJson(res, reply.status ?? 200, reply.body, reply.headers)
    } catch (error) {
      if (error instanceof ClientGoneError) return void res.destroy()
      const { status, body, headers } = errorResponse(error, () => reportServerError(`rest ${method} ${logged}`, error))
      // A client that went away gets nothing; the socket is already gone.
      if (res.headersSent || res.destroyed) return void res.destroy()
      sendJson(res, status, body, headers)
    }
  }

  return handle
}
