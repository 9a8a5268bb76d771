import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canManageFlights, createFlight, flightFormOptions } from '@meridian/core'
import { EMPTY_FLIGHT, FlightForm } from '../components/flights/flight-form.tsx'
import { flightFailure, flightInput } from '../components/flights/flight-form.server.ts'
import { backWithToast } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flight-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return flightFormOptions(ctx).catch(notFoundResponse)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const { values, input } = flightInput(await request.formData())
  try {
    const flight = await createFlight(ctx, input)
    return backWithToast(`${BASE}${new URL(request.url).search}`, `Flight ${flight.flight_number} saved.`)
  } catch (error) {
    return flightFailure(error, values)
  }
}

export default function NewFlight() {
  const options = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title="New Flight" closeTo={`${BASE}${search}`} size="56rem">
      <FlightForm
        values={failure?.values ?? EMPTY_FLIGHT}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Flight"
        cancelTo={`${BASE}${search}`}
        options={options}
      />
    </RouteModal>
  )
}
