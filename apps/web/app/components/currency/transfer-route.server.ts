import { DomainError } from '@meridian/core'
import { TRANSFER_MESSAGES } from '@meridian/core/messages'
import { formFailure, formValues, withCheckboxes } from './form-action.server.ts'
import { safeRedirect } from '../../utils/auth.server.ts'
import { TRANSFERS } from './transfer-paths.ts'


/** The form's fields as the service takes them: empty selects are none, the JSON areas stay text (parsed there). */
export function transferInput(form: FormData) {
  const values = withCheckboxes(formValues(form), ['is_active'])
  const input: Record<string, unknown> = { ...values }
  for (const key of ['from_country', 'to_country', 'from_location', 'to_location']) if (!values[key]) input[key] = null
  return { values, input }
}

/** §8: the error's message, else 'Failed to save transfer'; field messages beside their inputs. */
export function transferFailure(error: unknown, values: Record<string, string>) {
  if (error instanceof DomainError && error.code === 'invalid' && error.fields) {
    return formFailure(new DomainError('invalid', TRANSFER_MESSAGES.saveFailed, { fields: { ...error.fields, non_field_errors: [TRANSFER_MESSAGES.saveFailed] } }), values, '')
  }
  return formFailure(error, values, '')
}

/** Back to the list with its filters (`back` is the list's query string). */
export function listTarget(back: FormDataEntryValue | null) {
  return safeRedirect(`${TRANSFERS}${typeof back === 'string' && back.startsWith('?') ? back : ''}`, TRANSFERS)
}
