import { data } from '@remix-run/node'
import { DomainError, messageForStatus } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'

export interface FormFailure {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

const STATUS: Record<string, number> = { invalid: 400, conflict: 409, forbidden: 403, not_found: 404, rate_limited: 429, unavailable: 503 }

/**
 * §8: the server detail after a prefix — a form-level message, else the first field name and its first message,
 * else the error's message, else 'Unknown error'.
 */
export function serverDetail(error: DomainError): string {
  const fields = error.fields ?? {}
  if (fields.non_field_errors?.length) return fields.non_field_errors.join(' ')
  const first = Object.entries(fields)[0]
  if (first) return `${first[0]}: ${first[1][0]}`
  return error.message || CURRENCY_MESSAGES.unknownError
}

/** A DomainError as a form's answer: the banner message (prefix + detail), field messages inline, what was typed. */
export function formFailure(error: unknown, values: Record<string, string>, prefix: string) {
  if (!(error instanceof DomainError)) throw error
  const status = STATUS[error.code] ?? 400
  const message = `${prefix}${serverDetail(error) || messageForStatus(status)}`
  const fields = { ...(error.fields ?? {}) }
  delete fields.non_field_errors
  return data<FormFailure>({ message, fields, values }, { status })
}

// The helpers every form shares live in the kit.
export { backWithToast, formValues, withCheckboxes } from '../kit/form-action.server.ts'
