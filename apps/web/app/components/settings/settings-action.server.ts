import { data } from '@remix-run/node'
import { DomainError, messageForStatus } from '@meridian/core'

export type SettingsIntent = 'profile' | 'password' | 'preferences' | 'calendar'

export interface SettingsFailure {
  intent: SettingsIntent
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

const STATUS: Record<string, number> = {
  invalid: 400,
  conflict: 409,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
}

/**
 * Turn a DomainError from a settings service into the form's answer: field messages inline, anything else above
 * the form, with what was typed (never passwords) so the form keeps it.
 */
export function settingsFailure(intent: SettingsIntent, error: unknown, values: Record<string, string>) {
  if (!(error instanceof DomainError)) throw error
  const status = STATUS[error.code] ?? 400
  const fields = error.fields ?? {}
  const formLevel = fields.non_field_errors?.join(' ')
  const message = formLevel ?? (Object.keys(fields).length ? null : error.message || messageForStatus(status))
  return data<SettingsFailure>({ intent, message, fields, values }, { status })
}

/** Text fields of a form, as strings. */
export function textFields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]))
}
