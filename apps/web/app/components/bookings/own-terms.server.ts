import { DomainError } from '@meridian/core'
import { OWN_TERMS_FORM_FIELDS, ownTermsFromForm } from '@meridian/validators/booking-terms'

/**
 * What a supplier's or an activity's form asks of its service: the record's own fields, and its own terms (null where
 * "Use the default …" is ticked, docs/bookings.md). Cancellation steps it cannot read are a field error.
 */
export function withOwnTerms(values: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...values }
  for (const key of OWN_TERMS_FORM_FIELDS) delete rest[key]
  const { stepsError, ...terms } = ownTermsFromForm(values as Record<string, string | undefined>)
  if (stepsError) throw DomainError.invalid({ 'cancellation_terms.steps': [stepsError] })
  return { ...rest, ...terms }
}
