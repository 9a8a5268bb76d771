import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canWriteDestinations, getCountry, updateCountry } from '@meridian/core'
import {
  backWithToast,
  catalogueFailure,
  formValues,
  listTarget,
  withCheckboxes,
} from '../components/kit/form-action.server.ts'
import { COUNTRY_CHECKBOXES, CountryForm, countryFormFromSubmitted, countryFormValues } from '../components/catalogue/country-form.tsx'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/destination-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canWriteDestinations(ctx)
  return { country: await getCountry(ctx, params.id).catch(notFoundResponse) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = withCheckboxes(rest, COUNTRY_CHECKBOXES)
  try {
    const saved = await updateCountry(ctx, params.id, values)
    return backWithToast(listTarget(BASE, back), `Destination "${saved.name}" saved.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function EditDestination() {
  const { country } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title={`Edit ${country.name}`} closeTo={`${BASE}${search}`} size="xl">
      <CountryForm
        values={failure ? countryFormFromSubmitted(failure.values) : countryFormValues(country)}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Changes"
        back={search}
      />
    </RouteModal>
  )
}
