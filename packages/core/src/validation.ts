import * as v from 'valibot'
import { DomainError, type FieldErrors } from './errors.ts'

/** A valibot issue, or the Standard Schema form of one (what tRPC hands over): path items are `{key}` or keys. */
export interface SchemaIssue {
  message: string
  path?: readonly unknown[] | undefined
}

const pathKey = (item: unknown) => String(typeof item === 'object' && item !== null && 'key' in item ? item.key : item)

/** Valibot issues as DRF-style field errors: `{"field": ["message"]}`; form-level ones under non_field_errors. */
export function fieldErrors(issues: readonly SchemaIssue[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path?.map(pathKey).join('.') || 'non_field_errors'
    const missing = issue.message.startsWith('Invalid type') || issue.message.startsWith('Invalid key')
    const message = missing ? 'This field is required.' : issue.message
    // The key may be any name a client sent ('valueOf', '__proto__'): only the object's own entries count.
    if (Object.hasOwn(fields, key)) fields[key]!.push(message)
    else Object.defineProperty(fields, key, { value: [message], enumerable: true, writable: true, configurable: true })
  }
  return fields
}

const OPTIONAL = new Set(['optional', 'nullish', 'exact_optional'])

/** The entries of an object schema, also when it is the first step of a v.pipe. */
function objectEntries(schema: v.GenericSchema): Record<string, v.GenericSchema> | undefined {
  const first = 'pipe' in schema ? (schema.pipe as v.GenericSchema[])[0] : schema
  return first && 'entries' in first ? (first.entries as Record<string, v.GenericSchema>) : undefined
}

/**
 * Valibot reports a missing key with its own generic wording; a required field left out is given to its schema
 * as undefined instead, so it answers the field's message ('Username is required'), as a blank value does.
 */
function withMissingKeys(schema: v.GenericSchema, input: unknown): unknown {
  const entries = objectEntries(schema)
  if (!entries || typeof input !== 'object' || input === null || Array.isArray(input)) return input
  const missing = Object.keys(entries).filter((key) => !(key in input) && !OPTIONAL.has(entries[key]!.type))
  return missing.length ? { ...Object.fromEntries(missing.map((key) => [key, undefined])), ...input } : input
}

/** Parse input against a schema or throw DomainError('invalid') with field messages. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, withMissingKeys(schema, input ?? {}))
  if (result.success) return result.output
  throw DomainError.invalid(fieldErrors(result.issues))
}
