import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { getTrip, requireTraveler, TRIP_MESSAGES, updateTrip } from '@meridian/core'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { pickTripFields, TripForm } from '../components/trips/trip-form.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/trips'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireTraveler(ctx)
    const t = await getTrip(ctx, params.id)
    return {
      title: t.title,
      values: { title: t.title, start_date: t.start_date, end_date: t.end_date, description: t.description, travelers: String(t.travelers), budget_total: t.budget_total },
    }
  } catch (error) {
    return notFoundResponse(error)
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickTripFields(rest)
  try {
    requireTraveler(ctx)
    const trip = await updateTrip(ctx, params.id, values)
    return backWithToast(listTarget(BASE, back), TRIP_MESSAGES.saved(trip.title))
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function EditTrip() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title={`Edit ${loaded.title}`} closeTo={`${BASE}${search}`}>
      <TripForm
        values={failure ? pickTripFields(failure.values) : loaded.values}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Changes"
        back={search}
        full
      />
    </RouteModal>
  )
}
