import { Alert, Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { destinationActivities, DomainError, getDestination, listAccommodations, requestStay, requireStayRequester, stayTripOptions, wishlistLookup } from '@meridian/core'
import { STAY_LIMITS } from '@meridian/validators'
import { LOCATION_TYPE_LABELS, type LocationType } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { SaveToggle } from '../components/wishlist/save-toggle.tsx'
import { StayCard, type StayFormState } from '../components/wishlist/stay-card.tsx'
import { ThingToDoCard } from '../components/wishlist/thing-to-do-card.tsx'
import { requireUser } from '../utils/auth.server.ts'

/** How many places to stay the page lists (the first by name; GET /api/accommodations/?country= has them all). */
const STAYS_SHOWN = 12

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const destination = await getDestination(ctx, params.id).catch(notFoundResponse)
  const [stays, things] = await Promise.all([
    listAccommodations(ctx, { country: destination.id }, { limit: STAYS_SHOWN }),
    destinationActivities(ctx, destination.id, STAYS_SHOWN),
  ])
  const [saved, savedStays, savedThings, trips] = await Promise.all([
    wishlistLookup(ctx, 'destination', [destination.id]),
    wishlistLookup(
      ctx,
      'hotel',
      stays.results.map((s) => s.id),
    ),
    wishlistLookup(
      ctx,
      'activity',
      things.results.map((a) => a.id),
    ),
    stayTripOptions(ctx),
  ])
  const requested = new URL(request.url).searchParams.get('requested') ?? ''
  return {
    destination,
    // The reference of a stay just requested (echoed from the address, so only its shape is checked).
    requested: /^MB-[2-9A-HJ-NP-Z]{8}$/.test(requested) ? requested : null,
    stays: { count: stays.count, results: stays.results },
    things,
    wishlist: { enabled: saved.enabled, itemId: saved.saved[destination.id] ?? null, hotels: savedStays.saved, activities: savedThings.saved },
    // Requesting a stay and booking an activity are the traveler's (create_trips), like the wishlist.
    canRequestStay: saved.enabled,
    trips: trips.map((t) => ({ id: t.id, title: t.title })),
    limits: { maxRooms: STAY_LIMITS.maxRooms, maxGuests: STAY_LIMITS.maxGuests, maxNotes: STAY_LIMITS.notes },
  }
}

/** 'Request a stay' at one of the destination's accommodations: a pending hotel booking (docs/bookings.md). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireStayRequester(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  await getDestination(ctx, params.id).catch(notFoundResponse)
  const { back, intent: _intent, supplier_id: supplierId = '', ...values } = formValues(await request.formData())
  if (!supplierId) return catalogueFailure(DomainError.invalid({ supplier_id: ['This field is required.'] }), values)
  try {
    const booking = await requestStay(ctx, supplierId, values)
    // Back to the page with the request's reference in the address, so the confirmation shows without JavaScript too.
    const query = new URLSearchParams(typeof back === 'string' && back.startsWith('?') ? back : '')
    query.set('requested', booking.reference)
    return redirect(`/dashboard/destinations/${params.id}?${query}#stay-${booking.supplier_id}`)
  } catch (error) {
    return catalogueFailure(error, { ...values, supplier_id: supplierId })
  }
}

function Section({ title, text }: { title: string; text: string }) {
  if (!text) return null
  return (
    <div>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </div>
  )
}

/** One destination for a traveler: what to know, its places, things to do and where to stay, with Save toggles. */
export default function DestinationDetail() {
  const { destination: d, requested, stays, things, wishlist, canRequestStay, trips, limits } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const stayFailure: StayFormState | null = failure
    ? { supplierId: failure.values.supplier_id ?? null, fields: failure.fields, values: failure.values, message: failure.message }
    : null
  return (
    <RouteModal title={d.name} closeTo={`/dashboard/destinations${search}`} size="xl">
      <Stack gap="md">
        {wishlist.enabled ? (
          <Group>
            <SaveToggle type="destination" objectId={d.id} itemId={wishlist.itemId} title={d.name} size="sm" />
          </Group>
        ) : null}
        {requested ? (
          <Alert color="teal" role="status" title="Stay requested">
            Your request {requested} is pending: our team will confirm it with the hotel's price.{' '}
            <Anchor component={Link} to="/dashboard/bookings">
              See My Bookings
            </Anchor>
          </Alert>
        ) : null}
        <Text c="dimmed">
          {d.continent}
          {d.capital ? ` · Capital ${d.capital}` : ''}
          {d.currency ? ` · ${d.currency}` : ''}
          {d.language ? ` · ${d.language}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Section title="Why visit" text={d.why_visit} />
          <Section title="Highlights" text={d.highlights} />
          <Section title="Best time to visit" text={d.best_time_to_visit} />
          <Section title="Visa requirements" text={d.visa_requirements} />
          <Section title="Entry requirements" text={d.entry_requirements} />
          <Section title="Safety" text={d.safety_info} />
          <Section title="Health" text={d.health_requirements} />
          <Section title="Local customs" text={d.local_customs} />
          <Section title="Tipping" text={d.tipping_guide} />
          <Section title="Getting around" text={d.transportation_overview} />
        </SimpleGrid>
        {d.main_airports.length ? (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              Main airports:
            </Text>
            {d.main_airports.map((a) => (
              <Badge key={a} variant="light">
                {a}
              </Badge>
            ))}
          </Group>
        ) : null}
        <div>
          <Title order={3} size="h5" mb={4}>
            Places ({d.locations_count})
          </Title>
          {d.locations.length ? (
            <List size="sm" spacing={2}>
              {d.locations.map((l) => (
                <List.Item key={l.id}>
                  {l.name} <Text span c="dimmed" size="xs">{LOCATION_TYPE_LABELS[l.location_type as LocationType]}</Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              No places listed yet.
            </Text>
          )}
        </div>
        <section aria-labelledby="things-to-do">
          <Title order={3} size="h5" mb={4} id="things-to-do">
            Things to do ({things.count})
          </Title>
          {things.results.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {things.results.map((a) => (
                <ThingToDoCard key={a.id} activity={a} savedItemId={wishlist.activities[a.id] ?? null} canSave={wishlist.enabled}>
                  {canRequestStay ? (
                    <Button component={Link} to={`/dashboard/activities/${a.id}/book`} size="xs" variant="light" aria-label={`Book ${a.title}`}>
                      Book
                    </Button>
                  ) : null}
                </ThingToDoCard>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              No activities listed yet.
            </Text>
          )}
        </section>
        <section aria-labelledby="where-to-stay">
          <Title order={3} size="h5" mb={4} id="where-to-stay">
            Where to stay ({stays.count})
          </Title>
          {stays.results.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {stays.results.map((s) => (
                <StayCard
                  key={s.id}
                  stay={s}
                  savedItemId={wishlist.hotels[s.id] ?? null}
                  canSave={wishlist.enabled}
                  canRequest={canRequestStay}
                  trips={trips}
                  limits={limits}
                  failure={stayFailure}
                  busy={navigation.state === 'submitting' && navigation.formData?.get('supplier_id') === String(s.id)}
                  back={search}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              No places to stay listed yet.
            </Text>
          )}
        </section>
      </Stack>
    </RouteModal>
  )
}
