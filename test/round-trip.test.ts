import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorld } from '@meridian/core/seed'
import { type FullServer, startFullServer } from './support/full-server.ts'
import { jsonSchemaOf } from '../packages/api/src/rest/openapi.ts'
import { restAnswerProblem, routeOf } from './support/answers.ts'
import { restRoutes } from './support/surface.ts'

/*
 * What REST answers, REST takes back (issue 36): for every resource of the REST table with a read and a write of one
 * record (GET and PATCH or PUT on the same `…/{id}/` path), a record of the demo world is read as the superadmin,
 * written back exactly as read, and read again: the write is accepted and the second read equals the first, but for
 * what a write moves on by itself (the version, the time of the change). Read from the route table, so a resource
 * added later is covered the day it lands.
 */

let server: FullServer
let token: string

beforeAll(async () => {
  server = await startFullServer()
  await seedDemoWorld(server.app)
  token = (await server.credentials('superadmin')).access
}, 180_000)
afterAll(() => server?.close())

/**
 * Fields whose change cannot be tried on a demo record alone: a new value is only valid together with another field's,
 * or the product keeps the demo record's value fixed. Each is changed by the test named beside it.
 */
const COUPLED: Record<string, string> = {
  'PATCH /users/api/roles/{id}/ name': "the demo world's roles are the six built-in ones, whose names are fixed (rest/roles.test.ts renames a custom role)",
  'PATCH /api/currencies-mgmt/{id}/ is_base_currency': 'there is always one base currency: making one the base demotes the other (rest/currencies.test.ts)',
  'PATCH /api/itineraries/transfers/{id}/ from_location': 'a location of the transfer\'s from_country, changed with it (rest/transfers.test.ts)',
  'PATCH /api/itineraries/transfers/{id}/ to_location': 'a location of the transfer\'s to_country, changed with it (rest/transfers.test.ts)',
  'PATCH /api/activities/{id}/ country_id': 'the activity\'s location must lie in its country: both change together (rest/activities.test.ts)',
  'PATCH /api/flights/{id}/ airline_code': 'the flight number starts with the airline code: both change together (flights/manage-flights.test.ts)',
}

/** Fields a write moves on by itself. */
const MOVES_ON = new Set(['version', 'last_modified', 'updated_at', 'modified_at', 'last_updated', 'can'])

/** A request as the resource's client sends it; every success is held to the answer the API reference documents. */
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: kept as text for the message
  }
  if (res.status < 300 && res.status !== 204) {
    const pattern = routeOf(method, new URL(path, server.url).pathname)
    const problem = pattern ? restAnswerProblem(method, pattern, res.status, parsed) : 'no route of the table serves it'
    if (problem) throw new Error(`${method} ${path}: ${problem}\n${text.slice(0, 600)}`)
  }
  return { status: res.status, body: parsed as Record<string, unknown> }
}

const stable = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([k]) => !MOVES_ON.has(k)))

/** The resources: a one-record path with both a GET and a PATCH or PUT, and the list beside it to find a record. */
function resources() {
  const routes = restRoutes()
  const byPath = new Map<string, Set<string>>()
  for (const r of routes) byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method))
  return [...byPath]
    .filter(([path, methods]) => !/\{(?!id\})/.test(path) && methods.has('GET') && (methods.has('PATCH') || methods.has('PUT')))
    .map(([path, methods]) => {
      const write = methods.has('PATCH') ? 'PATCH' : 'PUT'
      const doc = routes.find((r) => r.path === path && r.method === write)?.doc
      // A record of a list (…/{id}/ beside the list that names it), or one of its own (the signed-in user's profile).
      const list = /\/\{id\}\/$/.test(path) ? path.replace(/\{id\}\/$/, '') : null
      return { path, list, write, doc }
    })
    .filter((r) => r.list === null || byPath.get(r.list)?.has('GET'))
}

type Resource = ReturnType<typeof resources>[number]

/** The list's rows (none for a record of its own). */
async function listedRows(resource: Resource, query = '') {
  if (resource.list === null) return []
  const body = (await call('GET', `${resource.list}${query}`)).body
  return (Array.isArray(body) ? body : (body.results as Record<string, unknown>[])) ?? []
}

describe('every REST resource takes back what it answers', () => {
  const found = resources()
  it('finds the resources in the route table', () => {
    expect(found.length).toBeGreaterThan(5)
  })
  for (const resource of found) {
    it(`${resource.write} ${resource.path} with the record as GET answered it`, async () => {
      const { path, id } = await firstRecordPath(resource)
      const read = await call('GET', path)
      expect(read.status).toBe(200)
      const others = async () => (await listedRows(resource)).filter((r) => r.id !== id).map(stable)
      const before = await others()
      const written = await call(resource.write, path, read.body)
      expect(written.status, `${resource.write} ${path}: ${JSON.stringify(written.body).slice(0, 500)}`).toBe(200)
      const again = await call('GET', path)
      expect(stable(again.body)).toEqual(stable(read.body))
      // Nothing else changed: the other records of the list read as before.
      expect(await others()).toEqual(before)
    })

    if (resource.write === 'PATCH') {
      it(`PATCH ${resource.path} is partial: each field alone, as read, is taken and changes nothing`, async () => {
        const { path } = await firstRecordPath(resource)
        const read = await call('GET', path)
        // A versioned record names the version it was based on with every write.
        const base = typeof read.body.version === 'number' ? { version: read.body.version } : {}
        const refused: string[] = []
        for (const [field, value] of Object.entries(read.body)) {
          if (field === 'id' || MOVES_ON.has(field) || (value !== null && typeof value === 'object')) continue
          const current = (await call('GET', path)).body
          const version = typeof current.version === 'number' ? { version: current.version } : base
          const res = await call('PATCH', path, { ...version, [field]: value })
          if (res.status !== 200) refused.push(`${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
        }
        expect(refused).toEqual([])
        expect(stable((await call('GET', path)).body)).toEqual(stable(read.body))
      })
    }
  }

  for (const resource of found) {
    it(`${resource.write} ${resource.path}: each field it takes, changed alone, reads back changed; each it does not take is documented read-only`, async () => {
      const { path, rows } = await firstRecordPath(resource)
      const original = (await call('GET', path)).body
      const body = bodySchema(resource.doc)
      const problems: string[] = []
      // A status last: its moves may be one way (a cancelled trip stays cancelled), so nothing is written after it.
      const fields = Object.entries(original).sort(([a], [b]) => Number(a === 'status') - Number(b === 'status'))
      for (const [field, value] of fields) {
        if (field === 'id' || MOVES_ON.has(field) || (value !== null && typeof value === 'object')) continue
        if (COUPLED[`${resource.write} ${resource.path} ${field}`]) continue
        const property = body.properties[field]
        const current = (await call('GET', path)).body
        // Each write names the version it is based on, read just before.
        const send = async (v: unknown) => {
          const now = resource.write === 'PUT' || typeof current.version === 'number' ? (await call('GET', path)).body : current
          return call(resource.write, path, resource.write === 'PUT' ? { ...now, [field]: v } : { ...(typeof now.version === 'number' ? { version: now.version } : {}), [field]: v })
        }
        // Records most like this one first (a location of another record in the same country, say).
        const likeness = (r: Record<string, unknown>) => Object.keys(original).filter((k) => k !== field && same(r[k], original[k])).length
        const seen = [...rows]
          .sort((a, b) => likeness(b) - likeness(a))
          .map((r) => r[field])
          .filter((v) => v !== null && v !== undefined && typeof v !== 'object' && !same(v, value))
        if (!property) {
          if (!resource.doc?.readOnly?.includes(field)) {
            problems.push(`${field}: read but neither taken by the write's body nor documented read-only`)
            continue
          }
          // Sent with a new value, a read-only field is refused on its name or left as it was: never taken, never a 500.
          const candidate = [...otherValues(value, { type: typeof value === 'number' ? 'integer' : typeof value }), ...seen][0]
          if (candidate === undefined) continue
          const res = await send(candidate)
          const after = (await call('GET', path)).body
          const refused = res.status === 400 && typeof res.body === 'object' && field in res.body
          if (!refused && !(res.status === 200 && same(after[field], value))) {
            problems.push(`${field} (read-only): ${JSON.stringify(candidate)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}, reads ${JSON.stringify(after[field])}`)
          }
          continue
        }
        const tried: string[] = []
        let changed = false
        // Values of the schema's kind, then other records' values of the field (choices the schema does not list).
        const candidates = [...new Map([...otherValues(value, property, field), ...seen].map((v) => [JSON.stringify(v), v])).values()].slice(0, 8)
        for (const candidate of candidates) {
          const res = await send(candidate)
          if (res.status !== 200) {
            tried.push(`${JSON.stringify(candidate)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
            continue
          }
          const after = (await call('GET', path)).body
          if (!taken(after[field], candidate)) {
            tried.push(`${JSON.stringify(candidate)} → 200 but reads ${JSON.stringify(after[field])}`)
            continue
          }
          changed = true
          // Back as it was, for the next field and the next test.
          const back = await send(value)
          if (!(field === 'status' && back.status === 409)) {
            expect(back.status, `${field} back to ${JSON.stringify(value)}: ${JSON.stringify(back.body).slice(0, 200)}`).toBe(200)
          }
          break
        }
        if (!changed) problems.push(`${field}: no new value was taken (${tried.join('; ') || 'no candidate'})`)
      }
      expect(problems, resource.path).toEqual([])
    })
  }
})

/** The demo record the test writes: the first of its list the product lets change (not a built-in role, not the base currency). */
async function firstRecordPath(resource: Resource) {
  if (resource.list === null) return { path: resource.path, rows: [] as Record<string, unknown>[], id: undefined }
  const rows = await listedRows(resource, '?page_size=100')
  const record =
    rows.find((r) => typeof r.id === 'number' && r.is_builtin !== true && r.is_base_currency !== true) ?? rows.find((r) => typeof r.id === 'number')
  expect(record, `${resource.list} lists no record in the demo world`).toBeDefined()
  return { path: resource.path.replace('{id}', String(record!.id)), rows, id: record!.id }
}

type JsonSchema = { type?: string | string[]; enum?: unknown[]; format?: string; minimum?: number; maximum?: number; maxLength?: number; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; required?: string[]; pattern?: string }

/** The write body's fields as the API reference describes them. */
function bodySchema(doc: { body?: unknown } | undefined): { properties: Record<string, JsonSchema> } {
  const b = doc?.body as { jsonSchema?: JsonSchema } | null | undefined
  if (!b) return { properties: {} }
  const schema = (b.jsonSchema ?? jsonSchemaOf(b as never)) as JsonSchema
  const found: Record<string, JsonSchema> = {}
  const walk = (s: JsonSchema) => {
    Object.assign(found, s.properties ?? {})
    for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(part)
  }
  walk(schema)
  return { properties: found }
}

/** Flattened alternatives of a property (nullable, unions). */
const alternatives = (s: JsonSchema): JsonSchema[] => (s.anyOf || s.oneOf ? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(alternatives) : [s])

/** Values other than the one read that the property's schema allows, the likeliest first. */
function otherValues(value: unknown, property: JsonSchema, field = ''): unknown[] {
  const out: unknown[] = []
  if (property.enum) out.push(...property.enum.filter((e) => !same(e, value)))
  if (/phone/.test(field)) out.push('+44 20 7946 0123')
  if (/website|url/.test(field)) out.push('https://example.com/edited')
  if (/email/.test(field)) out.push('edited@example.com')
  if (/time_zone/.test(field)) out.push(...['America/Lima', 'Asia/Tokyo'].filter((z) => z !== value))
  // A currency: another one, or ISO 4217's code for tests (XTS) where the code itself must be new.
  if (typeof value === 'string' && /^[A-Z]{3}$/.test(value)) out.push(...['EUR', 'GBP', 'USD', 'XTS'].filter((c) => c !== value))
  for (const alt of alternatives(property)) {
    if (alt.enum) out.push(...alt.enum.filter((e) => !same(e, value)))
    const type = [alt.type].flat()
    if (type.includes('boolean') && typeof value === 'boolean') out.push(!value)
    // A nullable object left null (a supplier's own terms not set): the smallest object its schema takes.
    if (type.includes('object') && value === null && alt.properties) out.push(smallest(alt))
    if ((type.includes('integer') || type.includes('number')) && (typeof value === 'number' || value === null)) {
      const n0 = typeof value === 'number' ? value : (alt.minimum ?? 0) + 1000
      for (const n of [n0 + 1, n0 - 1, alt.minimum ?? 1]) if ((alt.minimum === undefined || n >= alt.minimum) && (alt.maximum === undefined || n <= alt.maximum)) out.push(n)
    }
    if (type.includes('string') && !alt.enum) {
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        const d = new Date(`${value}T00:00:00Z`)
        for (const days of [1, -1, 7]) out.push(new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10))
      } else if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
        const places = value.split('.')[1]?.length ?? 0
        out.push((Number(value) + 1).toFixed(places), (Math.max(0, Number(value) - 1)).toFixed(places))
      } else if (alt.format === 'email' || (typeof value === 'string' && value.includes('@'))) out.push(`changed.${value || 'someone@example.com'}`)
      else if (alt.format === 'uri' || (typeof value === 'string' && /^https?:\/\//.test(value))) out.push('https://example.com/edited')
      else if (typeof value === 'string' && /^\+?[\d ()-]{6,}$/.test(value)) out.push('+44 20 7946 0123')
      // An empty decimal (a fixed deposit where a percentage is set): an amount its pattern takes.
      else if (value === null && alt.pattern && new RegExp(alt.pattern).test('100.00')) out.push('100.00')
      else if (typeof value === 'string' || value === null) {
        const text = `${value ?? ''}`.slice(0, Math.max(0, (alt.maxLength ?? 200) - 9))
        out.push(`${text} (edited)`.trim(), 'Edited')
      }
    }
  }
  return [...new Map(out.map((v) => [JSON.stringify(v), v])).values()].filter((v) => !same(v, value))
}

/** The smallest value a schema takes: an object with only its required fields, each at its least. */
function smallest(s: JsonSchema): unknown {
  const alt = alternatives(s)[0] ?? {}
  const type = [alt.type].flat()
  if (alt.enum) return alt.enum[0]
  if (type.includes('object')) return Object.fromEntries((alt.required ?? []).map((k) => [k, smallest(alt.properties?.[k] ?? {})]))
  if (type.includes('array')) return []
  if (type.includes('number') || type.includes('integer')) return alt.minimum ?? 0
  if (type.includes('boolean')) return false
  return ''
}

/** Read back as sent; an object sent may come back with its optional fields filled in. */
function taken(after: unknown, sent: unknown) {
  if (same(after, sent)) return true
  if (!sent || typeof sent !== 'object' || Array.isArray(sent) || !after || typeof after !== 'object') return false
  return Object.entries(sent).every(([k, v]) => same((after as Record<string, unknown>)[k], v))
}

function same(a: unknown, b: unknown) {
  if (typeof a === 'string' && typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b)) return Number(a) === Number(b)
  return JSON.stringify(a) === JSON.stringify(b)
}
