import * as v from 'valibot'
import { DomainError, type FieldErrors } from './errors.ts'

/** Valibot issues as DRF-style field errors: `{"field": ["message"]}`; form-level ones under non_field_errors. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'non_field_errors'
    const message = issue.message.startsWith('Invalid type') ? 'This field is required.' : issue.message
    ;(fields[key] ??= []).push(message)
  }
  return fields
}

/** Parse input against a schema or throw DomainError('invalid') with field messages. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return result.output
  throw DomainError.invalid(fieldErrors(result.issues))
}
