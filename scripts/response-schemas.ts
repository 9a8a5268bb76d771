/*
 * The JSON Schema of every operation's answer, derived from the TypeScript type its service returns (the serializer's
 * type, which both fronts send): `npm run openapi:responses` writes packages/api/src/operations/responses.json, which
 * the OpenAPI document reads; `--check` fails when the file is not what the code says (run by `npm run typecheck`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import ts from 'typescript'
import * as core from '@meridian/core'
import { listRestRoutes } from '@meridian/api'
import { appRouter } from '@meridian/api/trpc'

const root = path.resolve(import.meta.dirname, '..')
const OUT = path.join(root, 'packages/api/src/operations/responses.json')

type Json = Record<string, unknown>

const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures).sort()
/** The core exports REST paths with no twin answer (RouteDoc.returns): a service's result, or a type. */
const services = [...new Set(listRestRoutes().flatMap((r) => (r.doc?.returns ? [r.doc.returns] : [])))].sort()

/** A module naming each procedure's output type, for the checker to resolve. */
function probeSource(): string {
  const lines = [
    "import type { inferRouterOutputs } from '@trpc/server'",
    "import type { AppRouter } from '@meridian/api/trpc'",
    "import type * as core from '@meridian/core'",
    'type O = inferRouterOutputs<AppRouter>',
  ]
  services.forEach((name, i) => {
    const isService = typeof (core as Record<string, unknown>)[name] === 'function'
    lines.push(`export type S${i} = ${isService ? `Awaited<ReturnType<typeof core.${name}>>` : `core.${name}`}`)
  })
  procedures.forEach((name, i) =>
    lines.push(
      `export type P${i} = O${name
        .split('.')
        .map((part) => `['${part}']`)
        .join('')}`,
    ),
  )
  return lines.join('\n')
}

function compilerOptions(): ts.CompilerOptions {
  const file = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  return ts.parseJsonConfigFileContent(file.config, ts.sys, root).options
}

/** JSON Schema (2020-12) of a type as JSON.stringify sends it. */
function schemaOf(checker: ts.TypeChecker, type: ts.Type, seen: Set<ts.Type> = new Set()): Json {
  const flags = type.getFlags()
  if (flags & ts.TypeFlags.Any || flags & ts.TypeFlags.Unknown) return {}
  if (flags & ts.TypeFlags.StringLiteral) return { const: (type as ts.StringLiteralType).value }
  if (flags & ts.TypeFlags.NumberLiteral) return { const: (type as ts.NumberLiteralType).value }
  if (flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' }
  if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: 'string' }
  if (flags & ts.TypeFlags.Number) return { type: 'number' }
  if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' }
  if (flags & ts.TypeFlags.Null) return { type: 'null' }
  if (flags & ts.TypeFlags.Undefined || flags & ts.TypeFlags.Void) return { not: {} }
  if (type.isUnion()) {
    const parts = type.types.filter((t) => !(t.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)))
    const consts = parts.filter((t) => t.isStringLiteral() || t.isNumberLiteral())
    const schemas: Json[] = []
    if (consts.length) schemas.push({ enum: consts.map((t) => (t as ts.StringLiteralType | ts.NumberLiteralType).value) })
    const bools = parts.filter((t) => t.getFlags() & ts.TypeFlags.BooleanLiteral)
    if (bools.length === 2) schemas.push({ type: 'boolean' })
    else for (const b of bools) schemas.push(schemaOf(checker, b, seen))
    for (const t of parts) if (!(consts as ts.Type[]).includes(t) && !bools.includes(t)) schemas.push(schemaOf(checker, t, seen))
    return schemas.length === 1 ? schemas[0]! : { anyOf: schemas }
  }
  if (seen.has(type)) return {}
  const symbol = type.getSymbol()
  if (symbol?.getName() === 'Date') return { type: 'string', format: 'date-time' }
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference)
    return { type: 'array', items: item ? schemaOf(checker, item, seen) : {} }
  }
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => schemaOf(checker, t, seen))
    return { type: 'array', prefixItems: items, items: false }
  }
  if (type.isIntersection()) return { allOf: type.types.map((t) => schemaOf(checker, t, seen)) }
  if (flags & ts.TypeFlags.Object) {
    // What JSON.stringify does with it: a toJSON (Date, Decimal) decides.
    const toJSON = type.getProperty('toJSON')
    if (toJSON) {
      const signature = checker.getSignaturesOfType(checker.getTypeOfSymbol(toJSON), ts.SignatureKind.Call)[0]
      if (signature) return schemaOf(checker, signature.getReturnType(), seen)
    }
    seen.add(type)
    const properties: Record<string, Json> = {}
    const required: string[] = []
    for (const prop of checker.getPropertiesOfType(type)) {
      const propType = checker.getTypeOfSymbol(prop)
      if (checker.getSignaturesOfType(propType, ts.SignatureKind.Call).length) continue
      const optional =
        (prop.getFlags() & ts.SymbolFlags.Optional) !== 0 || (propType.isUnion() && propType.types.some((t) => t.getFlags() & ts.TypeFlags.Undefined))
      const undefinedOnly = propType.getFlags() & ts.TypeFlags.Undefined
      if (undefinedOnly) continue
      properties[prop.getName()] = schemaOf(checker, propType, seen)
      if (!optional) required.push(prop.getName())
    }
    const index = checker.getIndexInfosOfType(type)[0]
    seen.delete(type)
    const out: Json = { type: 'object' }
    if (Object.keys(properties).length) out.properties = properties
    if (required.length) out.required = required
    if (index) out.additionalProperties = schemaOf(checker, index.type, seen)
    return out
  }
  return {}
}

const pascal = (words: string) => words.replace(/(^|[._\s-])(\w)/g, (_, __, c: string) => c.toUpperCase())

/**
 * The shapes answered by more than one operation (objects of four fields or more) under one name each, named after
 * where they are answered: a record's own read when there is one (`CountriesGet`), else the shortest place
 * (`ChatMessagesResults`: the items of chat.messages' `results`).
 */
function shareShapes(operations: Record<string, Json>): { schemas: Record<string, Json>; operations: Record<string, Json> } {
  const big = (x: Json) => x.type === 'object' && typeof x.properties === 'object' && Object.keys(x.properties as Json).length >= 4
  // Every object schema with the places it stands, named by the operation and the property path to it.
  const walk = (x: unknown, where: string, visit: (x: Json, where: string) => void) => {
    if (!x || typeof x !== 'object') return
    if (Array.isArray(x)) return x.forEach((v) => walk(v, where, visit))
    const y = x as Json
    visit(y, where)
    for (const [k, v] of Object.entries(y)) {
      if (k === 'properties') for (const [name, p] of Object.entries(v as Json)) walk(p, pascal(`${where} ${name}`), visit)
      else walk(v, k === 'additionalProperties' ? pascal(`${where} value`) : where, visit)
    }
  }
  const places = new Map<string, string[]>()
  for (const [op, schema] of Object.entries(operations)) {
    walk(schema, pascal(op), (y, where) => {
      if (big(y)) places.set(JSON.stringify(y), [...(places.get(JSON.stringify(y)) ?? []), where])
    })
  }
  const rank = (name: string) => [name.endsWith('Get') ? 0 : 1, name.length, name] as const
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const [key, where] of [...places].sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))) {
    if (where.length < 2) continue
    const best = [...where].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)]
      return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : 1)
    })[0]!
    let name = best
    for (let n = 2; taken.has(name); n++) name = `${best}${n}`
    taken.add(name)
    names.set(key, name)
  }
  const schemas: Record<string, Json> = {}
  // Innermost first: a shared shape's own fields point at the shapes shared inside it.
  const share = (x: unknown): unknown => {
    if (!x || typeof x !== 'object') return x
    if (Array.isArray(x)) return x.map(share)
    const name = names.get(JSON.stringify(x))
    const inner = Object.fromEntries(
      Object.entries(x).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([n, p]) => [n, share(p)])) : share(v)]),
    )
    if (!name) return inner
    schemas[name] ??= inner as Json
    return { $ref: `#/components/schemas/${name}` }
  }
  const out = Object.fromEntries(Object.entries(operations).map(([op, schema]) => [op, share(schema) as Json]))
  return { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))), operations: out }
}

export function responseSchemas() {
  const probe = path.join(root, 'node_modules/.cache/meridian-response-types.ts')
  fs.mkdirSync(path.dirname(probe), { recursive: true })
  fs.writeFileSync(probe, probeSource())
  try {
    const program = ts.createProgram([probe], { ...compilerOptions(), noEmit: true })
    const checker = program.getTypeChecker()
    const source = program.getSourceFile(probe)!
    const moduleSymbol = checker.getSymbolAtLocation(source)!
    const out: Record<string, Json> = {}
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const [kind, i] = [exported.getName()[0], Number(exported.getName().slice(1))]
      const name = kind === 'P' ? procedures[i]! : `service ${services[i]!}`
      out[name] = schemaOf(checker, checker.getDeclaredTypeOfSymbol(exported))
    }
    const shared = shareShapes(Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1))))
    const pick = (service: boolean) =>
      Object.fromEntries(Object.entries(shared.operations).flatMap(([k, v]) => (k.startsWith('service ') === service ? [[service ? k.slice(8) : k, v]] : [])))
    return { schemas: shared.schemas, operations: pick(false), services: pick(true) }
  } finally {
    fs.rmSync(probe, { force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } } })
  const text = `${JSON.stringify(responseSchemas(), null, 1)}\n`
  if (values.check) {
    const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : ''
    if (current !== text) {
      console.error(`${path.relative(root, OUT)} is not what the services return: run npm run openapi:responses`)
      process.exit(1)
    }
  } else fs.writeFileSync(OUT, text)
}
