import { data } from '@remix-run/node'
import { activityFormOptions, DomainError, messageForStatus, type ServiceContext } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { type ActivityFormValues, EMPTY_TIER, readActivityForm } from './form-values.ts'

export interface ActivityFormReply {
  values: ActivityFormValues
  locations: { id: number; name: string }[]
  fields: Record<string, string[]>
  message: string | null
}

const countryOf = (v: ActivityFormValues) => (/^\d+$/.test(v.fields.country_id) ? Number(v.fields.country_id) : null)

/** Options for the form: suppliers, countries, currencies and the locations of the chosen country. */
export const formOptions = (ctx: ServiceContext, values: ActivityFormValues) => activityFormOptions(ctx, countryOf(values))

/**
 * The non-saving buttons of the form without JavaScript: add or remove a tier row, show a country's locations.
 * Returns the form to draw again, or null when the post is a save.
 */
export async function formStep(ctx: ServiceContext, form: FormData) {
  const values = readActivityForm(form)
  const intent = String(form.get('intent') ?? 'save')
  if (intent === 'save') return { values, reply: null }
  if (intent === 'add_tier') values.tiers.push({ ...EMPTY_TIER })
  else if (intent.startsWith('remove_tier:')) {
    const i = Number(intent.slice('remove_tier:'.length))
    values.tiers = values.tiers.filter((_, j) => j !== i)
  } else if (intent === 'choose_country') values.fields.location_id = ''
  const { locations } = await formOptions(ctx, values)
  return { values, reply: data<ActivityFormReply>({ values, locations, fields: {}, message: null }) }
}

/**
 * A failed save as the form's answer (§8): 'Failed to create activity: ' (or update) followed by the server's
 * detail, field messages beside their inputs, and the form as typed.
 */
export async function saveFailure(ctx: ServiceContext, error: unknown, values: ActivityFormValues, prefix: string) {
  if (!(error instanceof DomainError)) throw error
  const fields = error.fields ?? {}
  const first = Object.entries(fields)[0]
  const detail = first ? `${first[0] === 'non_field_errors' ? '' : `${first[0]}: `}${first[1][0]}` : error.message || ACTIVITY_MESSAGES.unknownError
  const status = error.code === 'invalid' ? 400 : error.code === 'forbidden' ? 403 : error.code === 'not_found' ? 404 : 400
  const { locations } = await formOptions(ctx, values).catch(() => ({ locations: [] }))
  return data<ActivityFormReply>({ values, locations, fields, message: `${prefix}${detail || messageForStatus(status)}` }, { status })
}
