import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { canWriteLocations, createLocation } from '@meridian/core'
import { backWithToast, catalogueFailure, formValues, listTarget, withCheckboxes } from '../components/kit/form-action.server.ts'
import { LocationForm, pickLocationFields } from '../components/catalogue/location-form.tsx'
import { locationFormData } from '../components/catalogue/location-loader.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/location-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canWriteLocations(ctx)
  return locationFormData(ctx, request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickLocationFields(withCheckboxes(rest, ['is_active']))
  try {
    const created = await createLocation(ctx, values)
    return backWithToast(listTarget(BASE, back), `Location "${created.name}" added.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function NewLocation() {
  const data = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const values = failure ? pickLocationFields(failure.values) : data.values
  return (
    <RouteModal title="Add Location" closeTo={`${BASE}${data.back}`} size="xl">
      <LocationForm
        key={`${values.country}-${failure ? 'failed' : 'draft'}`}
        values={values}
        countries={data.countries}
        regions={data.regions}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Create Location"
        back={data.back}
      />
    </RouteModal>
  )
}
