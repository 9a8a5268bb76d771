import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import responses from './operations/responses.json' with { type: 'json' }
import { buildOpenApiDocument, listRestRoutes } from './rest/index.ts'

/*
 * Real answers held to their documentation (JSON Schema 2020-12, ajv): a REST answer to the schema the OpenAPI
 * document gives its operation and status, a tRPC answer to its procedure's schema in operations/responses.json (the
 * type its service returns). The fuzz and round-trip suites call these on every success they receive, and the REST
 * suites' test server (testing.ts) on every success it is answered.
 */

type Json = Record<string, unknown>
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
const compiled = new Map<string, ValidateFunction | null>()

function validator(key: string, schema: Json | undefined, components: Json): ValidateFunction | null {
  if (!compiled.has(key)) compiled.set(key, schema ? ajv.compile({ ...schema, components }) : null)
  return compiled.get(key)!
}

const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`)
    .join('; ')

/** Why a tRPC procedure's data does not match its documented answer; null when it does. */
export function trpcAnswerProblem(procedure: string, data: unknown): string | null {
  const schema = (responses.operations as Record<string, Json>)[procedure]
  const validate = validator(`trpc ${procedure}`, schema, { schemas: responses.schemas })
  if (!validate) return `${procedure}: no documented answer`
  return validate(data) ? null : `${procedure} answered what its documentation does not describe: ${describeErrors(validate)}`
}

let document: Json | null = null

/** Why a REST answer does not match the OpenAPI document's schema for its route and status; null when it does. */
export function restAnswerProblem(method: string, pathPattern: string, status: number, body: unknown): string | null {
  document ??= buildOpenApiDocument() as Json
  const paths = document.paths as Record<string, Record<string, Json>>
  const operation = paths[pathPattern]?.[method.toLowerCase()]
  if (!operation) return `${method} ${pathPattern}: not in the document`
  const response = (operation.responses as Record<string, Json>)[String(status)]
  if (!response) return `${method} ${pathPattern}: ${status} is not a documented answer`
  const schema = ((response.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined
  const validate = validator(`${method} ${pathPattern} ${status}`, schema, document.components as Json)
  if (!validate) return `${method} ${pathPattern}: ${status} has no documented schema`
  return validate(body) ? null : `${method} ${pathPattern} ${status} answered what its documentation does not describe: ${describeErrors(validate)}`
}

let patterns: { method: string; path: string; match: RegExp; params: number }[] | null = null

/** The route pattern the router serves a concrete path with (a static segment wins over a parameter). */
export function routeOf(method: string, pathname: string): string | undefined {
  patterns ??= listRestRoutes().map((r) => ({
    method: r.method,
    path: r.path,
    match: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (r.path.match(/\{/g) ?? []).length,
  }))
  const bare = pathname.split('?')[0]!.replace(/\/?$/, '/')
  return patterns.filter((p) => p.method === method && p.match.test(bare)).sort((a, b) => a.params - b.params)[0]?.path
}
