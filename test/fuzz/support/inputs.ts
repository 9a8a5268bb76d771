import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import * as validators from '@meridian/validators'
import { RAW_SEGMENT } from '../../support/surface.ts'

/**
 * What a broken client or an attacker sends: the application's own field names with values of every wrong kind,
 * unknown and prototype-polluting keys, deep nesting, odd ids, bad dates, huge and empty strings, unicode.
 */

const root = path.resolve(import.meta.dirname, '../../..')

/** Every key of every object schema the validators export: the fields the services read. */
function schemaKeys(): string[] {
  const keys = new Set<string>()
  const visit = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 4) return
    const s = schema as { entries?: Record<string, unknown>; pipe?: unknown[]; wrapped?: unknown; item?: unknown; options?: unknown[] }
    if (s.entries) for (const [key, inner] of Object.entries(s.entries)) (keys.add(key), visit(inner, depth + 1))
    for (const inner of [...(s.pipe ?? []), s.wrapped, s.item, ...(s.options ?? [])]) visit(inner, depth + 1)
  }
  for (const value of Object.values(validators)) visit(value, 0)
  return [...keys]
}

/** Form field names and intent values the screens post (read from the app's sources). */
function formVocabulary(): { names: string[]; intents: string[] } {
  const names = new Set<string>()
  const intents = new Set<string>(['save', 'delete', 'update', 'create'])
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8')
        for (const m of text.matchAll(/\bname=["']([A-Za-z_][\w.[\]-]*)["']/g)) names.add(m[1]!)
        for (const m of text.matchAll(/(?:get|getAll)\(\s*['"]([A-Za-z_][\w.[\]-]*)['"]\s*\)/g)) names.add(m[1]!)
        for (const m of text.matchAll(/intent["'\s]*(?:value=|===|==|:)\s*["']([a-z_-]+)["']/g)) intents.add(m[1]!)
      }
    }
  }
  walk(path.join(root, 'apps/web/app'))
  return { names: [...names], intents: [...intents] }
}

const form = formVocabulary()
export const FIELD_NAMES = [...new Set([...schemaKeys(), ...form.names, 'page', 'page_size', 'search', 'q', 'id', 'ids', 'input', 'intent', 'redirectTo', 'cursor', 'batch'])].sort()
export const INTENTS = form.intents.sort()
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

export const weirdString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    'true',
    '0',
    '-1',
    '1e309',
    '2026-02-30',
    '0000-00-00',
    '9999-99-99T99:99:99Z',
    '1970-01-01T00:00:00Z',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00%ff',
    '../../etc/passwd',
    '\u202e\u0301\ud83d\ude00',
    '\ud800',
    'Zürich München 東京',
    'http://169.254.169.254/latest',
    '{"a":1}',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.nat(4).map((n) => 'x'.repeat([256, 1_025, 10_001, 100_001, 300_000][n]!)),
)

export const weirdNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 9007199254740993, 1e308, -1e308, 0.1, 1.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Path and input ids: real ones (small integers) and every form of one that cannot exist. */
export const oddId = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '9007199254740993',
      '99999999999999999999999999',
      '1e3',
      '0x10',
      '1.0',
      '01',
      ' 1',
      '１',
      'abc',
      'null',
      '%00',
      '..',
      "1'",
      '9'.repeat(400),
      `${RAW_SEGMENT}%`,
      `${RAW_SEGMENT}%ff`,
      `${RAW_SEGMENT}%E0%A4%A`,
      `${RAW_SEGMENT}1%00`,
    ),
  },
  { weight: 1, arbitrary: weirdString.filter((s) => s.length > 0 && s.length < 300) },
)

const leaf = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}))

/** A value of any shape, nested a little. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), tie('object')),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 5 }),
})).value

/** An object body with the application's field names holding wrong values, plus unknown and polluting keys. */
export const fieldObject = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 8 }),
    fc.subarray(POLLUTING_KEYS, { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 20 }), leaf, { maxKeys: 2 }),
  )
  .map(([known, polluting, unknown]) => {
    const body: Record<string, unknown> = { ...unknown, ...known }
    // Own properties named __proto__ (as JSON.parse makes them), not a changed prototype.
    for (const key of polluting) Object.defineProperty(body, key, { value: { isAdmin: true, polluted: 1 }, enumerable: true, configurable: true, writable: true })
    return body
  })

/** Nesting deep enough to hurt a recursive parser or validator. */
export const deepNesting = fc.integer({ min: 500, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth))

export const jsonBody = fc.oneof(
  { weight: 6, arbitrary: fieldObject },
  { weight: 2, arbitrary: anyValue },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** Query parameters: known names (page, page_size, filters …) and unknown ones, each possibly repeated. */
export const queryParams = fc
  .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }), fc.oneof(weirdString, oddId, weirdNumber.map(String))), {
    maxLength: 6,
  })
  .map((pairs) => {
    const params = new URLSearchParams()
    for (const [key, value] of pairs) params.append(key, value.slice(0, 2_000))
    return params.toString()
  })

export type EncodedBody = { contentType: string | null; body: string | Uint8Array; label: string }

const BOUNDARY = '----meridianfuzz7MA4YWxkTrZu0gW'

function multipart(fields: [string, string][], file?: { name: string; filename: string; bytes: Uint8Array }, truncate = false): Uint8Array {
  const parts: Buffer[] = []
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '')}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename.replace(/"/g, '')}"\r\nContent-Type: application/octet-stream\r\n\r\n`))
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'))
  }
  if (!truncate) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return new Uint8Array(Buffer.concat(parts))
}

const formPairs = fc.array(
  fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }), fc.oneof(weirdString, oddId, fc.constantFrom(...INTENTS))),
  { maxLength: 8 },
)

const fileBytes = fc.oneof(
  fc.constant(new Uint8Array(0)),
  fc.uint8Array({ maxLength: 64 }),
  // A real PNG signature followed by garbage, a JPEG start, an MP4 box head.
  fc.constantFrom(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]),
    Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
    Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]),
  ),
)

/** A request body in one of the encodings a client might use, well-formed or broken. */
export const encodedBody: fc.Arbitrary<EncodedBody> = fc.oneof(
  { weight: 5, arbitrary: jsonBody.map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null', label: 'json' })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ contentType: 'application/json', body: `{"a": ${text}`, label: 'broken json' })) },
  { weight: 1, arbitrary: deepNesting.map((text) => ({ contentType: 'application/json', body: text, label: 'deep json' })) },
  { weight: 3, arbitrary: formPairs.map((pairs) => ({ contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(pairs).toString(), label: 'form' })) },
  {
    weight: 2,
    arbitrary: fc.tuple(formPairs, fc.option(fc.tuple(fc.constantFrom('files', 'file', 'photo', 'csv_file', 'rates_file'), weirdString, fileBytes)), fc.boolean()).map(([pairs, file, truncate]) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: multipart(pairs, file ? { name: file[0], filename: file[1].slice(0, 200) || 'f', bytes: file[2] } : undefined, truncate),
      label: truncate ? 'truncated multipart' : 'multipart',
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(null, 'text/plain', 'application/xml', 'multipart/form-data', 'application/json; charset=utf-16', 'image/png', '*/*', 'application/x-www-form-urlencoded; charset=bogus'), jsonBody).map(([contentType, value]) => ({
      contentType,
      body: JSON.stringify(value) ?? '',
      label: `json as ${contentType ?? 'no type'}`,
    })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', body: `{"pad": "${'x'.repeat(1_100_000)}"}`, label: 'oversized json' }) },
)
