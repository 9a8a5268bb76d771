import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { bookFlightItinerary, DomainError, flightTripOptions, getFlight, MAX_LEGS, parseFlightSearch, requireFlightBooker } from '@meridian/core'
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { CLASS_COLORS, formatMoney, sumMoney, timesPassengers } from '../components/flights/format.ts'
import { PassengerFields } from '../components/flights/passenger-fields.tsx'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/flights'

/** The flights chosen on the results, leg_1 to leg_5, in leg order (ids as text; a gap stays a gap). */
function chosenLegs(params: URLSearchParams): (string | null)[] {
  const out: (string | null)[] = []
  for (let i = 1; i <= MAX_LEGS; i++) out.push(params.get(`leg_${i}`))
  while (out.length && out[out.length - 1] === null) out.pop()
  return out
}

/** How many legs the search behind the choice has (0 when it is not a valid multi-city search). */
function searchedLegs(params: URLSearchParams): number {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) query[key] = params.getAll(key)
  try {
    const search = parseFlightSearch(query)
    return search.tripType === 'multiCity' ? search.legs.length : 0
  } catch {
    return 0
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireFlightBooker(ctx)
    const params = new URL(request.url).searchParams
    const chosen = chosenLegs(params)
    const flights = await Promise.all(chosen.map((id) => (id ? getFlight(ctx, id) : null)))
    const trips = await flightTripOptions(ctx)
    const asked = Number(params.get('passengers'))
    const passengers = Number.isInteger(asked) && asked >= MIN_PASSENGERS && asked <= MAX_PASSENGERS ? asked : MIN_PASSENGERS
    const legs = Math.max(searchedLegs(params), chosen.length)
    const missing = Array.from({ length: legs }, (_, i) => i).filter((i) => !flights[i])
    return { flights, legs, missing: missing.map((i) => i + 1), trips, passengers }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw new Response('A chosen flight was not found.', { status: 404 })
    notFoundResponse(error)
  }
}

/** Confirm Booking: every chosen leg booked in one go (or none), then Manage Bookings with the reference in a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireFlightBooker(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const values = formValues(await request.formData())
  const flights = chosenLegs(new URL(request.url).searchParams).map((id) => id ?? '')
  try {
    const done = await bookFlightItinerary(ctx, { flights, passengers: values.passengers, trip_id: values.trip_id, passenger_names: values.passenger_names })
    return backWithToast(`${BASE}?tab=bookings`, done.message)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

/** Book itinerary: the chosen flight of each leg, the passengers, an optional trip and names; Cancel and Confirm Booking. */
export default function BookItinerary() {
  const { flights, legs, missing, trips, passengers: asked } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const [passengers, setPassengers] = useState(Number(failure?.values.passengers ?? asked) || 1)
  const back = new URLSearchParams(search)
  const closeTo = `${BASE}?${back}`
  const chosen = flights.filter((f) => f !== null)
  const totals = new Map<string, string[]>()
  for (const f of chosen) totals.set(f.currency, [...(totals.get(f.currency) ?? []), timesPassengers(f.price, passengers)])
  const problem =
    failure?.fields.flights?.[0] ??
    failure?.message ??
    (missing.length ? `Choose a flight for ${missing.length === 1 ? 'leg' : 'legs'} ${missing.join(', ')}: every leg of the trip is booked together.` : null)
  return (
    <RouteModal title="Book itinerary" closeTo={closeTo} size="xl">
      <Stack gap="sm">
        <ErrorBanner message={problem} />
        <Table aria-label="Legs of the itinerary" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Leg</Table.Th>
              <Table.Th>Flight</Table.Th>
              <Table.Th>Route</Table.Th>
              <Table.Th>Departs (local)</Table.Th>
              <Table.Th>Price per person</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Array.from({ length: legs }, (_, i) => flights[i] ?? null).map((f, i) => (
              <Table.Tr key={i}>
                <Table.Td>Leg {i + 1}</Table.Td>
                {f ? (
                  <>
                    <Table.Td>
                      {f.airline} {f.flight_number}{' '}
                      <Badge size="xs" color={CLASS_COLORS[f.class]} variant="light">
                        {f.class_label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {f.departure.code} → {f.arrival.code}
                    </Table.Td>
                    <Table.Td>
                      {f.departure.date} {f.departure.time}
                    </Table.Td>
                    <Table.Td>{formatMoney(f.price, f.currency)}</Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={4}>Not chosen</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Form method="post" aria-label="Book itinerary">
          <Stack gap="sm">
            <PassengerFields passengers={passengers} onPassengers={setPassengers} trips={trips} failure={failure} />
            <Group justify="space-between" align="flex-end">
              <Text fw={700} aria-live="polite">
                Total {[...totals].map(([currency, amounts]) => formatMoney(sumMoney(...amounts), currency)).join(' + ') || '—'} for {passengers}{' '}
                {passengers === 1 ? 'passenger' : 'passengers'}
              </Text>
              <Group gap="xs">
                <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                  Cancel
                </Button>
                <Button type="submit" loading={navigation.state === 'submitting'} disabled={missing.length > 0}>
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
