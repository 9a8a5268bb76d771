import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLocation, useNavigation } from '@remix-run/react'
import { createTrip, requireTraveler, TRIP_MESSAGES } from '@meridian/core'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { EMPTY_TRIP, pickTripFields, TripForm } from '../components/trips/trip-form.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/trips'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireTraveler(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickTripFields(rest)
  try {
    const trip = await createTrip(ctx, { title: values.title, start_date: values.start_date, end_date: values.end_date })
    return backWithToast(listTarget(BASE, back), TRIP_MESSAGES.created(trip.title))
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function NewTrip() {
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title="Create New Trip" closeTo={`${BASE}${search}`}>
      <TripForm
        values={failure ? pickTripFields(failure.values) : EMPTY_TRIP}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Create Trip"
        back={search}
        full={false}
      />
    </RouteModal>
  )
}
