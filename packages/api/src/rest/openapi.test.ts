import { Validator } from '@seriousme/openapi-schema-validator'
import * as core from '@meridian/core'
import * as validators from '@meridian/validators'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'
import { buildOpenApiDocument, listRestRoutes, type RestRouteInfo } from './index.ts'
import { documentationProblems, jsonSchemaOf } from './openapi.ts'

/** What the validator takes: the document as a parsed object. */
type Spec = Parameters<Validator['validate']>[0] & object
type Doc = ReturnType<typeof buildOpenApiDocument> & { paths: Record<string, Record<string, any>>; components: Record<string, any> }

const routes = listRestRoutes()
const document = buildOpenApiDocument() as Doc
const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))

describe('the OpenAPI document covers the route table', () => {
  it('has every route of the table, with its method, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(150)
    expect(operations(document).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort())
  })

  it('has documentation registered for every route (a body schema for every write)', () => {
    expect(documentationProblems(routes)).toEqual([])
  })

  it('names a route registered without documentation, and a write without its body schema', () => {
    const broken: RestRouteInfo[] = [
      { method: 'GET', path: '/api/new-thing/', auth: 'required' },
      { method: 'POST', path: '/api/new-thing/', auth: 'required', doc: { summary: 'Create a new thing' } },
      { method: 'POST', path: '/api/new-thing/{id}/archive/', auth: 'required', doc: { summary: 'Archive it', body: null } },
    ]
    expect(documentationProblems(broken)).toEqual([
      expect.stringMatching(/^GET \/api\/new-thing\/: registered without documentation/),
      expect.stringMatching(/^POST \/api\/new-thing\/: a write with no body schema/),
    ])
  })

  it('gives each operation a unique operationId, a summary, a tag and its path parameters', () => {
    const ids = new Set<string>()
    for (const [path, item] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
      for (const operation of Object.values(item)) {
        expect(ids.has(operation.operationId)).toBe(false)
        ids.add(operation.operationId)
        expect(operation.summary).toBeTruthy()
        expect(operation.tags).toHaveLength(1)
        const inPath = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name)
        expect(inPath).toEqual(names)
      }
    }
  })

  it('describes the login call from the service’s own schema, public, with DRF errors', () => {
    const login = document.paths['/users/api/auth/login/']!.post
    expect(login.security).toEqual([])
    expect(login.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoginInput' })
    const schema = document.components.schemas.LoginInput
    expect(schema.required).toEqual(['username', 'password'])
    expect(Object.keys(schema.properties)).toEqual(['username', 'password'])
    expect(login.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' })
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' })
  })

  it('marks bearer auth by the route’s mode, and list routes as DRF pages with page and page_size', () => {
    const profile = document.paths['/users/api/auth/profile/']!.get
    expect(profile.security).toEqual([{ bearerAuth: [] }])
    expect(profile.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' })
    const destinations = document.paths['/api/destinations/']!.get
    expect(destinations.security).toEqual([{ bearerAuth: [] }, {}])
    // DRF's page envelope, its results the destinations the list's service answers.
    const page = destinations.responses['200'].content['application/json'].schema
    expect(page.allOf[0]).toEqual({ $ref: '#/components/schemas/Page' })
    const items = page.allOf[1].properties.results.items
    const shape = items.$ref ? document.components.schemas[items.$ref.split('/').pop()] : items
    expect(shape.properties).toMatchObject({ id: { type: 'number' }, name: { type: 'string' }, continent: { enum: expect.arrayContaining(['Europe']) } })
    const params = destinations.parameters.map((p: any) => p.name)
    expect(params).toEqual(expect.arrayContaining(['page', 'page_size', 'search']))
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.components.schemas.Page.required).toEqual(['count', 'next', 'previous', 'results'])
  })

  it('converts every valibot schema the validators and services export without throwing', () => {
    let converted = 0
    for (const module of [validators, core] as Record<string, unknown>[]) {
      for (const value of Object.values(module)) {
        if (!value || typeof value !== 'object' || (value as { kind?: unknown }).kind !== 'schema') continue
        expect(jsonSchemaOf(value as never)).toBeTypeOf('object')
        converted++
      }
    }
    expect(converted).toBeGreaterThan(80)
  })
})

describe('the OpenAPI document is valid', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as Spec)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('is refused by the validator when an operation is malformed (the check is live)', async () => {
    const broken = structuredClone(document) as Doc
    broken.paths['/users/api/auth/login/']!.post.responses = { '200': { content: {} } }
    expect((await new Validator().validate(broken as Spec)).valid).toBe(false)
  })

  it('has schemas that are valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    const doc = structuredClone(document) as Doc
    // Each schema compiled against the document's components, as a $ref in the document resolves.
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc')
    const rewrite = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'))
    const schemas: unknown[] = [...Object.values(doc.components.schemas)]
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        for (const p of operation.parameters ?? []) schemas.push(p.schema)
        for (const media of Object.values(operation.requestBody?.content ?? {})) schemas.push((media as any).schema)
      }
    }
    const distinct = new Set(schemas.map((schema) => JSON.stringify(rewrite(schema))))
    for (const schema of distinct) expect(() => ajv.compile(JSON.parse(schema))).not.toThrow()
    const login = ajv.compile(rewrite(doc.components.schemas.LoginInput) as object)
    expect(login({ username: 'traveler', password: 'x' })).toBe(true)
    expect(login({ username: 'traveler' })).toBe(false)
  })
})

describe('GET /api/schema/ and /api/docs/', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ seed: false })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers the document as JSON to anyone, naming the server it was asked on', async () => {
    const res = await server.request('/api/schema/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.info.title).toBe('Meridian REST API')
    expect(res.body.servers).toEqual([{ url: server.url }])
    expect(operations(res.body).sort()).toEqual(operations(document).sort())
    // A bearer header is not looked at: the document is public.
    expect((await server.request('/api/schema/', { token: 'not-a-token' })).status).toBe(200)
  })

  it('serves the reference page with its viewer and start-up script as files of this origin, no inline script', async () => {
    const page = await server.request('/api/docs/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const scripts = [...String(page.body).matchAll(/<script([^>]*)>([^<]*)<\/script>/g)]
    expect(scripts.map((m) => m[1])).toEqual([' src="/api/docs/swagger-ui-bundle.js"', ' src="/api/docs/api-docs.js"'])
    expect(scripts.every((m) => m[2] === '')).toBe(true)
    const bundle = await server.request('/api/docs/swagger-ui-bundle.js')
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(String(bundle.body)).toContain('SwaggerUIBundle')
    const init = await server.request('/api/docs/api-docs.js')
    expect(String(init.body)).toContain("url: '/api/schema/'")
    const css = await server.request('/api/docs/swagger-ui.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('answers 404 for a file the page does not have', async () => {
    for (const name of ['nope.js', 'package.json', '..%2Fpackage.json', 'index.html']) {
      const res = await server.request(`/api/docs/${name}`)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ detail: 'Not found.' })
    }
  })
})
