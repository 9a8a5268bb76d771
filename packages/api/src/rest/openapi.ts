import * as validators from '@meridian/validators'
import * as core from '@meridian/core'
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import responses from '../operations/responses.json' with { type: 'json' }
import { MAX_PAGE_SIZE } from './pagination.ts'
import type { AuthMode, JsonBody, Method, RestRouteInfo, RouteDoc } from './router.ts'

/*
 * The OpenAPI 3.1 document of the REST adapter (docs/api.md), built from the route table: each route's path, method and
 * auth mode, and the doc registered beside it (router.ts RouteDoc) whose body and query are the valibot schemas the
 * services parse with, converted to JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). Nothing here is per route.
 */

export const OPENAPI_TITLE = 'Meridian REST API'
/** The REST contract's version (the document's info.version). */
export const API_VERSION = '1.0.0'

export interface OpenApiOptions {
  /** The server the document names (the request's origin); none: relative to wherever the document was fetched. */
  origin?: string
  /** The routes to document (the route table lists them: rest/index.ts openApiDocument). */
  routes: RestRouteInfo[]
}

export type Json = Record<string, unknown>

const WRITE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH'])
const isIdParam = (name: string) => name === 'id' || name.endsWith('_id')

/** Names for the schemas the validators and services export, so a schema used by several routes is one component. */
let schemaNames: Map<unknown, string> | undefined
function nameOf(schema: unknown): string | undefined {
  if (!schemaNames) {
    schemaNames = new Map()
    for (const module of [validators, core] as Record<string, unknown>[]) {
      for (const [name, value] of Object.entries(module)) {
        if (value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'schema' && !schemaNames.has(value)) schemaNames.set(value, name)
      }
    }
  }
  return schemaNames.get(schema)
}

/**
 * A valibot schema as JSON Schema. Its input side (`typeMode: 'input'`): what a client sends, before transforms. Checks
 * JSON Schema cannot say (custom checks, transforms) are left out rather than failing the conversion.
 */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }) as Json
  return rest
}

const isJsonBody = (body: unknown): body is JsonBody => typeof body === 'object' && body !== null && 'jsonSchema' in body

/** The route's description, with the fields its answer carries that the write does not take. */
function describe(doc: RouteDoc): string {
  const readOnly = doc.readOnly?.length ? `Read-only fields (answered, ignored when sent): ${doc.readOnly.map((f) => `\`${f}\``).join(', ')}.` : ''
  return [doc.description ?? '', readOnly].filter(Boolean).join('\n\n')
}

function operationId(method: Method, path: string, taken: Set<string>): string {
  const words = [method.toLowerCase()]
  for (const segment of path.split('/').filter(Boolean)) {
    const param = /^\{(.+)\}$/.exec(segment)
    const parts = (param ? `by_${param[1]}` : segment).split(/[^A-Za-z0-9]+/).filter(Boolean)
    for (const part of parts) words.push(part[0]!.toUpperCase() + part.slice(1))
  }
  let id = words.join('')
  for (let n = 2; taken.has(id); n++) id = `${words.join('')}${n}`
  taken.add(id)
  return id
}

const SECURITY: Record<AuthMode, Json[]> = {
  public: [],
  required: [{ bearerAuth: [] }],
  // Anonymous allowed; a bearer header present must be valid.
  optional: [{ bearerAuth: [] }, {}],
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' }

export class OpenApiBuilder {
  readonly schemas: Record<string, Json> = {}

  /** A named schema as a component (converted once), an unnamed one inline; partial: with no field required. */
  schemaRef(schema: v.GenericSchema, partial = false): Json {
    const convert = () => {
      const converted = jsonSchemaOf(schema)
      if (partial) delete converted.required
      return converted
    }
    const exported = nameOf(schema)
    if (!exported) return convert()
    const name = partial ? `${exported}Partial` : exported
    this.schemas[name] ??= convert()
    return { $ref: `#/components/schemas/${name}` }
  }

  queryParameters(doc: RouteDoc | undefined): Json[] {
    const params: Json[] = []
    if (doc?.query) {
      const converted = jsonSchemaOf(doc.query)
      const properties = (converted.properties ?? {}) as Record<string, Json>
      const required = new Set((converted.required ?? []) as string[])
      for (const [name, schema] of Object.entries(properties)) {
        params.push({ name, in: 'query', required: required.has(name), schema: schema })
      }
    }
    if (doc?.paginated) {
      const named = new Set(params.map((p) => p.name))
      if (!named.has('page'))
        params.push({ name: 'page', in: 'query', required: false, description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1 } })
      if (!named.has('page_size')) {
        params.push({
          name: 'page_size',
          in: 'query',
          required: false,
          description: `Results per page (at most ${MAX_PAGE_SIZE}).`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
        })
      }
    }
    return params
  }

  operation(route: RestRouteInfo, taken: Set<string>): Json {
    const doc = route.doc
    const pathParams = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
    const parameters = [
      ...pathParams.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: isIdParam(name) ? { type: 'integer', minimum: 1, maximum: 2147483647 } : { type: 'string' },
      })),
      ...this.queryParameters(doc),
    ]
    const operation: Json = {
      operationId: operationId(route.method, route.path, taken),
      summary: doc?.summary ?? `${route.method} ${route.path}`,
      ...(doc?.description || doc?.readOnly ? { description: describe(doc) } : {}),
      tags: [doc?.tag ?? 'Other'],
      security: SECURITY[route.auth],
      ...(parameters.length ? { parameters } : {}),
    }
    if (doc?.multipart) {
      const fields = doc.multipart.fields ? jsonSchemaOf(doc.multipart.fields) : { type: 'object', properties: {} }
      const schema = {
        ...fields,
        properties: {
          ...(fields.properties as Json),
          [doc.multipart.files]: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The files, one part each.' },
        },
      }
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } }
    } else if (doc?.body) {
      const schema = isJsonBody(doc.body) ? doc.body.jsonSchema : this.schemaRef(doc.body, doc.partial)
      operation.requestBody = { required: true, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } }
    }
    operation.responses = this.responses(route, doc, pathParams.length > 0)
    return operation
  }

  responses(route: RestRouteInfo, doc: RouteDoc | undefined, hasParams: boolean): Json {
    const status = doc?.status ?? (route.method === 'DELETE' ? 204 : 200)
    const success: Json = { description: STATUS_TEXT[status] ?? 'Success' }
    if (status !== 204) {
      if (doc?.produces) success.content = Object.fromEntries([doc.produces].flat().map((type) => [type, { schema: { type: 'string' } }]))
      else success.content = { 'application/json': answerSchema(doc) }
    }
    const responses: Json = { [String(status)]: success }
    for (const also of doc?.alsoStatus ?? []) responses[String(also)] = { ...success, description: STATUS_TEXT[also] ?? 'Success' }
    const takesInput = Boolean(doc?.body || doc?.multipart || doc?.query || doc?.paginated)
    if (takesInput || WRITE_METHODS.has(route.method)) responses['400'] = ref('BadRequest')
    if (route.auth !== 'public') {
      responses['401'] = ref('Unauthorized')
      responses['403'] = ref('Forbidden')
    }
    if (hasParams || doc?.paginated) responses['404'] = ref('NotFound')
    if (WRITE_METHODS.has(route.method) && doc?.body) responses['413'] = ref('PayloadTooLarge')
    for (const code of doc?.errors ?? []) responses[String(code)] = ref(ERROR_RESPONSES[code] ?? 'Error')
    return responses
  }
}

/**
 * What a success answers: the operation's own schema (the type its service returns, operations/responses.json), or the
 * one the route gives; a list's items in DRF's page envelope.
 */
function answerSchema(doc: RouteDoc | undefined): Json {
  const known = (table: unknown, name: string | undefined) => (name ? (table as Record<string, Json>)[name] : undefined)
  const resolve = (schema: Json | undefined) => (typeof schema?.$ref === 'string' ? known(responses.schemas, schema.$ref.split('/').pop()) : schema)
  const derived = known(responses.services, doc?.returns) ?? known(responses.operations, doc?.operation)
  const whole = typeof doc?.response === 'function' ? doc.response(resolve(derived) ?? {}) : (doc?.response ?? derived)
  const own = doc?.answerKey ? ((resolve(whole)?.properties as Json | undefined)?.[doc.answerKey] as Json | undefined) : whole
  if (!doc?.paginated) return own ? { schema: own } : {}
  // The items of the operation's own list (an array, or a page of `results`), named or written out.
  const resolved = resolve(own)
  const items = resolved?.type === 'array' ? resolved.items : ((resolved?.properties as Json | undefined)?.results as Json | undefined)?.items
  if (!items) return { schema: { $ref: '#/components/schemas/Page' } }
  return { schema: { allOf: [{ $ref: '#/components/schemas/Page' }, { type: 'object', properties: { results: { type: 'array', items } } }] } }
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
}

const detailResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

const COMPONENT_RESPONSES: Json = {
  BadRequest: {
    description: 'The input was refused: field errors (`{"field": ["message"]}`, form-level ones under `non_field_errors`) or `{detail}`.',
    content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Error' }] } } },
  },
  Unauthorized: detailResponse('No valid bearer access token.', { 'WWW-Authenticate': { schema: { type: 'string' } } }),
  Forbidden: detailResponse('The signed-in user may not do this.'),
  NotFound: detailResponse('No such record (or one this user may not see), or a page past the end of a list.'),
  Conflict: detailResponse('The record is in a state that does not allow this.'),
  PayloadTooLarge: detailResponse('The body is larger than the limit (1 MiB for JSON).'),
  UnsupportedMediaType: detailResponse('The body is neither JSON nor form-encoded.'),
  TooManyRequests: detailResponse('Too many attempts; wait the Retry-After seconds.', { 'Retry-After': { schema: { type: 'integer' } } }),
  ServiceUnavailable: detailResponse('The database is unreachable for now; retry after the Retry-After seconds.', {
    'Retry-After': { schema: { type: 'integer' } },
  }),
  Error: detailResponse('An error with a message.'),
}

const COMPONENT_SCHEMAS: Record<string, Json> = {
  Error: {
    type: 'object',
    description: "DRF's error shape: one message.",
    properties: { detail: { type: 'string' }, error_id: { type: 'string', description: 'On a 500: the id the server logged the error under.' } },
    required: ['detail'],
  },
  FieldErrors: {
    type: 'object',
    description: "DRF's validation error shape: each field's messages; errors of the whole input under non_field_errors.",
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { username: ['This field is required.'] },
  },
  Page: {
    type: 'object',
    description: "DRF's page-number pagination envelope: absolute links to the next and previous pages.",
    properties: {
      count: { type: 'integer', minimum: 0 },
      next: { type: ['string', 'null'], format: 'uri' },
      previous: { type: ['string', 'null'], format: 'uri' },
      results: { type: 'array', items: {} },
    },
    required: ['count', 'next', 'previous', 'results'],
  },
}

/**
 * What keeps a route from being documented: no doc at all, no summary, a write (POST/PUT/PATCH) that names no body
 * schema (a write that reads none says `body: null`), a GET with a body. Empty for a fully documented table.
 */
export function documentationProblems(routes: RestRouteInfo[]): string[] {
  const problems: string[] = []
  for (const { method, path, doc } of routes) {
    const route = `${method} ${path}`
    if (!doc) {
      problems.push(`${route}: registered without documentation (give table.add its RouteDoc)`)
      continue
    }
    if (!doc.summary?.trim()) problems.push(`${route}: no summary`)
    if (WRITE_METHODS.has(method) && doc.body === undefined && !doc.multipart) {
      problems.push(`${route}: a write with no body schema (name the valibot schema its service parses, or body: null when it reads none)`)
    }
    if (method === 'GET' && (doc.body || doc.multipart)) problems.push(`${route}: a GET with a body`)
    if (doc.paginated && method !== 'GET') problems.push(`${route}: only a GET answers a page`)
  }
  return problems
}

/** The whole document: every route of the table as an operation, with the shared shapes under components. */
export function buildOpenApiDocument(options: OpenApiOptions): Json {
  const routes = options.routes
  const builder = new OpenApiBuilder()
  const taken = new Set<string>()
  const paths: Record<string, Json> = {}
  const tags: string[] = []
  for (const route of routes) {
    const operation = builder.operation(route, taken)
    const tag = (operation.tags as string[])[0]!
    if (!tags.includes(tag)) tags.push(tag)
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = operation
  }
  const schemas: Record<string, Json> = { ...COMPONENT_SCHEMAS, ...(responses.schemas as Record<string, Json>) }
  for (const name of Object.keys(builder.schemas).sort()) schemas[name] = builder.schemas[name]!
  return {
    openapi: '3.1.0',
    info: {
      title: OPENAPI_TITLE,
      version: API_VERSION,
      description:
        'The REST adapter in the shape of a Django REST Framework backend. Sign in with POST /users/api/auth/login/ and send ' +
        '`Authorization: Bearer <access>`; renew the pair with POST /users/api/auth/refresh/. Lists are DRF page-number pages. See docs/api.md.',
    },
    servers: [{ url: options.origin ?? '/' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from POST /users/api/auth/login/ (or /register/, /refresh/).',
        },
      },
      schemas,
      responses: COMPONENT_RESPONSES,
    },
  }
}
