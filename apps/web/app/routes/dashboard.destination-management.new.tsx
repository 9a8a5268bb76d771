import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLocation, useNavigation } from '@remix-run/react'
import { canWriteDestinations, createCountry } from '@meridian/core'
import {
  backWithToast,
  catalogueFailure,
  formValues,
  listTarget,
  withCheckboxes,
} from '../components/kit/form-action.server.ts'
import { COUNTRY_CHECKBOXES, CountryForm, countryFormFromSubmitted, EMPTY_COUNTRY } from '../components/catalogue/country-form.tsx'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/destination-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canWriteDestinations(ctx)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const { back, ...rest } = formValues(form)
  const values = withCheckboxes(rest, COUNTRY_CHECKBOXES)
  try {
    const created = await createCountry(ctx, values)
    return backWithToast(listTarget(BASE, back), `Destination "${created.name}" added.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function NewDestination() {
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title="Add Destination" closeTo={`${BASE}${search}`} size="xl">
      <CountryForm
        values={failure ? countryFormFromSubmitted(failure.values) : EMPTY_COUNTRY}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Create Destination"
        back={search}
      />
    </RouteModal>
  )
}
