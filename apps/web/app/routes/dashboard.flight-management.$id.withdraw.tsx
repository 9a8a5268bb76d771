import { Button, Group, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canManageFlights, getFlight, withdrawFlight } from '@meridian/core'
import { flightFailure } from '../components/flights/flight-form.server.ts'
import { EMPTY_FLIGHT } from '../components/flights/flight-form.tsx'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flight-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
    const f = await getFlight(ctx, params.id)
    return { name: `${f.flight_number} on ${f.departure.date} (${f.class_label})`, booked: f.seats_total - f.availability, status: f.status }
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
  try {
    const f = await withdrawFlight(ctx, params.id)
    return backWithToast(`${BASE}${new URL(request.url).search}`, `Flight ${f.flight_number} withdrawn.`)
  } catch (error) {
    return flightFailure(error, EMPTY_FLIGHT)
  }
}

/** Withdraw: the flight leaves search and can no longer be booked; its bookings stay. */
export default function WithdrawFlight() {
  const { name, booked, status } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const back = `${BASE}${search}`
  return (
    <RouteModal title={`Withdraw ${name}`} closeTo={back} size="md">
      <Form method="post" aria-label="Withdraw flight">
        <Stack gap="sm">
          <ErrorBanner message={failure?.message ?? (status === 'withdrawn' ? 'This flight is already withdrawn.' : null)} />
          <Text>Withdraw this flight? It leaves the search and can no longer be booked. Withdrawing cannot be undone.</Text>
          <Text size="sm" c="dimmed">
            {booked ? `Its ${booked} booked ${booked === 1 ? 'seat stays' : 'seats stay'} booked.` : 'No seat is booked on it.'}
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={navigation.state === 'submitting'}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteModal>
  )
}
