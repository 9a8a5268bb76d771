import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { canWriteLocations, getLocation, updateLocation } from '@meridian/core'
import { backWithToast, catalogueFailure, formValues, listTarget, withCheckboxes } from '../components/kit/form-action.server.ts'
import { LocationForm, locationFormValues, pickLocationFields } from '../components/catalogue/location-form.tsx'
import { locationFormData } from '../components/catalogue/location-loader.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/location-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canWriteLocations(ctx)
  const location = await getLocation(ctx, params.id).catch(notFoundResponse)
  return { name: location.name, ...(await locationFormData(ctx, request, locationFormValues(location))) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickLocationFields(withCheckboxes(rest, ['is_active']))
  try {
    const saved = await updateLocation(ctx, params.id, values)
    return backWithToast(listTarget(BASE, back), `Location "${saved.name}" saved.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function EditLocation() {
  const data = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const values = failure ? pickLocationFields(failure.values) : data.values
  return (
    <RouteModal title={`Edit ${data.name}`} closeTo={`${BASE}${data.back}`} size="xl">
      <LocationForm
        key={`${values.country}-${failure ? 'failed' : 'draft'}`}
        values={values}
        countries={data.countries}
        regions={data.regions}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Changes"
        back={data.back}
      />
    </RouteModal>
  )
}
