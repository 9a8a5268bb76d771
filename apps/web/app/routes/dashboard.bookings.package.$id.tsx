import { Alert, Button, Group, Stack } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { bookTrip, packageToBook, requireBooker } from '@meridian/core'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { Facts } from '../components/kit/facts.tsx'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { formatDay, formatMoney, plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/bookings'

/** Book a trip as a package (docs/bookings.md "The booking"): its approved itinerary, whole, at its total. Travelers. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBooker(ctx)
    return await packageToBook(ctx, params.id)
  } catch (error) {
    return notFoundResponse(error)
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBooker(ctx)
    const booking = await bookTrip(ctx, params.id)
    return backWithToast(`${BASE}/${booking.id}`, `Booked: ${booking.title} as a package (${booking.reference}), waiting for confirmation.`)
  } catch (error) {
    return catalogueFailure(error, {})
  }
}

export default function BookPackage() {
  const { trip, itinerary } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const message = failure?.fields?.non_field_errors?.join(' ') ?? failure?.message ?? null
  return (
    <RouteModal title={`Book ${trip.title} as a package`} closeTo={BASE}>
      <Stack gap="sm">
        <ErrorBanner message={message} />
        <Facts
          rows={[
            ['Dates', `${formatDay(trip.start_date)} – ${formatDay(trip.end_date)}`],
            ['Travellers', plural(trip.travelers, 'traveller', 'travellers')],
            ['Package total', itinerary ? formatMoney(itinerary.total, itinerary.currency) : 'No approved itinerary yet'],
          ]}
          valueSize="md"
        />
        {itinerary ? (
          <Alert variant="light" color="blue">
            Everything in your approved itinerary, booked together at its total. Your expert confirms the package; you can pay once it is booked.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {itinerary ? (
            <Button component={Link} to={`/dashboard/itineraries/${itinerary.id}`} variant="light">
              Itinerary
            </Button>
          ) : null}
          <Button component={Link} to={BASE} variant="default" preventScrollReset>
            Close
          </Button>
          {itinerary ? (
            <Form method="post">
              <Button type="submit" loading={busy}>
                Book the whole trip
              </Button>
            </Form>
          ) : null}
        </Group>
      </Stack>
    </RouteModal>
  )
}
