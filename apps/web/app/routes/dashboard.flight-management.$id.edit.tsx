import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canManageFlights, flightFormOptions, getFlight, updateFlight } from '@meridian/core'
import { FlightForm, flightFormValues } from '../components/flights/flight-form.tsx'
import { flightFailure, flightInput } from '../components/flights/flight-form.server.ts'
import { backWithToast } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flight-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
    const [flight, options] = await Promise.all([getFlight(ctx, params.id), flightFormOptions(ctx)])
    return { flight, options }
  } catch (error) {
    notFoundResponse(error)
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const { values, input } = flightInput(await request.formData())
  try {
    const flight = await updateFlight(ctx, params.id, input)
    return backWithToast(`${BASE}${new URL(request.url).search}`, `Flight ${flight.flight_number} saved.`)
  } catch (error) {
    return flightFailure(error, values)
  }
}

/** Edit Flight: every field; the seats already booked stay booked (the total cannot go below them). */
export default function EditFlight() {
  const { flight, options } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title={`Edit Flight ${flight.flight_number}`} closeTo={`${BASE}${search}`} size="56rem">
      <FlightForm
        key={flight.id}
        values={failure?.values ?? flightFormValues(flight)}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Flight"
        cancelTo={`${BASE}${search}`}
        options={options}
        booked={flight.seats_total - flight.availability}
      />
    </RouteModal>
  )
}
