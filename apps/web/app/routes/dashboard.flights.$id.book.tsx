import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { bookFlight, FLIGHT_MESSAGES, flightTripOptions, getFlight, requireFlightBooker } from '@meridian/core'
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { CLASS_COLORS, formatMoney, seatsLabel, timesPassengers } from '../components/flights/format.ts'
import { PassengerFields } from '../components/flights/passenger-fields.tsx'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flights'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireFlightBooker(ctx)
    const [flight, trips] = await Promise.all([getFlight(ctx, params.id), flightTripOptions(ctx)])
    const asked = Number(new URL(request.url).searchParams.get('passengers'))
    const passengers = Number.isInteger(asked) && asked >= MIN_PASSENGERS && asked <= MAX_PASSENGERS ? asked : MIN_PASSENGERS
    return { flight, trips, passengers }
  } catch (error) {
    notFoundResponse(error)
  }
}

/** Confirm Booking: the booking for the chosen passengers, then Manage Bookings with the reference in a toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireFlightBooker(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const values = formValues(await request.formData())
  try {
    const booking = await bookFlight(ctx, params.id, { passengers: values.passengers, trip_id: values.trip_id, passenger_names: values.passenger_names })
    return backWithToast(`${BASE}?tab=bookings`, FLIGHT_MESSAGES.booked(booking.reference))
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

/** Book Flight (2-catalogue-content.md §2): airline, flight number, route and price, with Cancel and Confirm Booking. */
export default function BookFlight() {
  const { flight: f, trips, passengers: asked } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const [passengers, setPassengers] = useState(Number(failure?.values.passengers ?? asked) || 1)
  const closeTo = `${BASE}${search}`
  return (
    <RouteModal title="Book Flight" closeTo={closeTo} size="lg">
      <Stack gap="sm">
        <ErrorBanner message={failure?.message ?? null} />
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={700}>{f.airline}</Text>
            <Text size="sm" c="dimmed">
              Flight {f.flight_number} · {f.aircraft}
            </Text>
          </Stack>
          <Badge color={CLASS_COLORS[f.class]} variant="light">
            {f.class_label}
          </Badge>
        </Group>
        <Text>
          {f.departure.code} {f.departure.city} → {f.arrival.code} {f.arrival.city}
        </Text>
        <Text size="sm" c="dimmed">
          Departs {f.departure.date} {f.departure.time}, arrives {f.arrival.date} {f.arrival.time} (local times) · {f.duration} · {seatsLabel(f.availability)}
        </Text>
        <Form method="post" aria-label="Book Flight">
          <Stack gap="sm">
            <PassengerFields passengers={passengers} onPassengers={setPassengers} trips={trips} failure={failure} />
            <Group justify="space-between" align="flex-end">
              <Stack gap={0}>
                <Text size="sm">{formatMoney(f.price, f.currency)} per person</Text>
                <Text fw={700} aria-live="polite">
                  Total {formatMoney(timesPassengers(f.price, passengers), f.currency)} for {passengers} {passengers === 1 ? 'passenger' : 'passengers'}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                  Cancel
                </Button>
                <Button type="submit" loading={navigation.state === 'submitting'}>
                  Confirm Booking
                </Button>
              </Group>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </RouteModal>
  )
}
