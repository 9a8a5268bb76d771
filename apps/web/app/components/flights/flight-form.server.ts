import { data } from '@remix-run/node'
import { DomainError } from '@meridian/core'
import { FLIGHT_FORM_FIELDS, type FlightFormValues } from './flight-form.tsx'

/** The form's fields as typed (to show again on a refusal) and as the flight services take them. */
export function flightInput(form: FormData): { values: FlightFormValues; input: Record<string, unknown> } {
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  const values = { ...Object.fromEntries(FLIGHT_FORM_FIELDS.map((k) => [k, text(k)])), amenities: [] as string[] } as FlightFormValues
  values.amenities = form.getAll('amenities').filter((a): a is string => typeof a === 'string')
  return { values, input: { ...values } }
}

const STATUS: Record<string, number> = { invalid: 400, conflict: 409, forbidden: 403, not_found: 404, rate_limited: 429 }

/** A refused save as the form's answer: messages beside their fields, anything else in the red banner, what was typed kept. */
export function flightFailure(error: unknown, values: FlightFormValues) {
  if (!(error instanceof DomainError)) throw error
  const fields = error.fields ?? {}
  const status = error.fields ? 400 : STATUS[error.code] ?? 400
  const message = fields.non_field_errors?.join(' ') ?? (Object.keys(fields).length ? null : error.message)
  return data({ message, fields, values }, { status })
}
