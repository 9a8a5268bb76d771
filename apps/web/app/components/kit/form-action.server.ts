import { type AppLoadContext, data, redirect } from '@remix-run/node'
import { DomainError, messageForStatus } from '@meridian/core'
import { requireUser, safeRedirect } from '../../utils/auth.server.ts'
import { flashHeader } from '../../utils/flash.server.ts'

export interface CatalogueFailure {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

const STATUS: Record<string, number> = { invalid: 400, conflict: 409, forbidden: 403, not_found: 404, rate_limited: 429 }

/**
 * A DomainError from a catalogue service as the form's answer: field messages beside their inputs, anything
 * else in the red banner (with `prefix`, e.g. 'Failed to save supplier: '), and what was typed so the form keeps it.
 */
export function catalogueFailure(error: unknown, values: Record<string, string>, prefix = '') {
  if (!(error instanceof DomainError)) throw error
  const status = error.fields && error.code === 'conflict' ? 400 : (STATUS[error.code] ?? 400)
  const fields = error.fields ?? {}
  const formLevel = fields.non_field_errors?.join(' ')
  const firstField = Object.entries(fields).find(([key]) => key !== 'non_field_errors')
  const detail = formLevel ?? (firstField ? `${firstField[0]}: ${firstField[1][0]}` : error.message || messageForStatus(status))
  const message = Object.keys(fields).length && !formLevel && !prefix ? null : `${prefix}${detail}`
  return data<CatalogueFailure>({ message, fields, values }, { status })
}

/** Every field of a form as text. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value
  return out
}

/** Checkboxes send nothing when unticked: each named one becomes 'true' or 'false'. */
export function withCheckboxes(values: Record<string, string>, names: readonly string[]) {
  const out = { ...values }
  for (const name of names) out[name] = values[name] === 'on' || values[name] === 'true' ? 'true' : 'false'
  return out
}

/** Back to the list (keeping its filters) with a toast. */
export async function backWithToast(to: string, message: string, type: 'success' | 'error' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': await flashHeader({ type, message }) } })
}

/** The list's own query string, carried through a modal as `back` so closing or saving returns to the same view. */
export function listTarget(base: string, back: FormDataEntryValue | string | null | undefined) {
  const search = typeof back === 'string' && back.startsWith('?') ? back : ''
  return safeRedirect(`${base}${search}`, base)
}

