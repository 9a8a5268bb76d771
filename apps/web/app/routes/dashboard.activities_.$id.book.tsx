import { Alert, Anchor, Badge, Button, Group, List, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { activityToBook, bookActivity, bookItineraryItem, DomainError, itemToBook, requireBooker } from '@meridian/core'
import { WEEKDAYS } from '@meridian/validators/activity-constants'
import { AccessDenied, ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d && !d.denied ? `Book ${d.activity.name}` : 'Book an activity'} · Meridian Travel` }]

/** The approved itinerary item being booked (`?item=`), which must be an item of this activity. */
async function itemOf(ctx: Parameters<typeof itemToBook>[0], request: Request, activityId: number) {
  const raw = new URL(request.url).searchParams.get('item')
  if (!raw) return null
  const item = await itemToBook(ctx, raw)
  if (item.activity_id !== activityId) throw new Response('The requested itinerary item was not found.', { status: 404 })
  return item
}

/**
 * Book this activity (docs/bookings.md "The booking"): the traveler picks the day, the group and, optionally, one of
 * their trips; with `?item=` the item of their approved itinerary is booked on its day, for its trip. Travelers
 * (create_trips); other roles see Access Denied. An activity that is not active is not found.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBooker(ctx)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    throw error
  }
  try {
    const { activity, trips } = await activityToBook(ctx, params.id)
    const item = await itemOf(ctx, request, activity.id)
    return { denied: false as const, activity, trips, item, today: new Date().toISOString().slice(0, 10) }
  } catch (error) {
    if (error instanceof Response) throw error
    return notFoundResponse(error)
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBooker(ctx)
  } catch (error) {
    return catalogueFailure(error, {})
  }
  const { intent: _intent, item, ...values } = formValues(await request.formData())
  try {
    const booking = item
      ? await bookItineraryItem(ctx, item, { participants: values.participants || undefined })
      : await bookActivity(ctx, params.id, { date: values.date ?? '', participants: values.participants ?? '', trip_id: values.trip_id ?? '' })
    const status = booking.status === 'confirmed' ? 'confirmed' : 'waiting for confirmation'
    return backWithToast(`/dashboard/bookings/${booking.id}`, `Booked: ${booking.title} (${booking.reference}), ${status}.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { denied: false }>

/** The price rule in words: a fixed price, or each tier's price for a group size. */
function PriceRules({ activity: a }: { activity: Loaded['activity'] }) {
  const currency = a.pricing.currency
  if (a.pricing.pricing_model === 'fixed') {
    return <Text size="sm">{a.pricing.fixed_price ? `${formatMoney(a.pricing.fixed_price, currency)} for the group` : 'Price on request'}</Text>
  }
  return (
    <List size="sm" spacing={2}>
      {a.pricing.pricing_tiers.map((t) => (
        <List.Item key={`${t.min_quantity}-${t.max_quantity}`}>
          {t.max_quantity === null
            ? `${t.min_quantity} or more`
            : t.min_quantity === t.max_quantity
            ? `${t.min_quantity}`
            : `${t.min_quantity}–${t.max_quantity}`}{' '}
          {t.max_quantity === 1 ? 'person' : 'people'}:{' '}
          {t.fixed_price ? `${formatMoney(t.fixed_price, currency)} for the group` : `${formatMoney(t.price_per_unit, currency)} per person`}
        </List.Item>
      ))}
    </List>
  )
}

export default function BookActivity() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  return <BookActivityForm loaded={loaded} />
}

function BookActivityForm({ loaded }: { loaded: Loaded }) {
  const { activity: a, trips, item, today } = loaded
  const failure = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const days =
    a.days_of_week.length === 7
      ? 'Every day'
      : WEEKDAYS.filter((d) => a.days_of_week.includes(d.value))
          .map((d) => d.label)
          .join(', ')
  const field = (name: string) => fieldError(failure?.fields, name)
  const formLevel = failure?.fields?.non_field_errors?.join(' ') ?? failure?.message ?? null
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {item ? `Book ${item.title}` : 'Book this activity'}
            </Title>
            {a.instant_confirmation ? (
              <Badge color="green" variant="light">
                Instant confirmation
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                Confirmed by our team
              </Badge>
            )}
          </Group>
          <Text fw={600}>{a.name}</Text>
          {a.location ? (
            <Text size="sm" c="dimmed">
              {a.location}
            </Text>
          ) : null}
          {a.description ? <Text size="sm">{a.description}</Text> : null}
          <Text size="sm">
            {days}
            {a.duration_hours ? ` · ${a.duration_hours} ${a.duration_hours === 1 ? 'hour' : 'hours'}` : ''}
            {a.max_participants ? ` · up to ${a.max_participants} people` : ''}
            {a.min_age ? ` · from age ${a.min_age}` : ''}
          </Text>
          <PriceRules activity={a} />
          {a.cancellation_policy ? (
            <Text size="xs" c="dimmed">
              Cancellation: {a.cancellation_policy}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Form method="post" aria-label={item ? `Book ${item.title}` : `Book ${a.name}`}>
          <input type="hidden" name="intent" value="book" />
          {item ? <input type="hidden" name="item" value={item.item_id} /> : null}
          <Stack gap="sm">
            {formLevel ? <ErrorBanner message={formLevel} /> : null}
            {item ? (
              <Alert variant="light" color="blue">
                From your approved itinerary: {formatDay(item.date)}, for your trip{' '}
                <Anchor component={Link} to={`/dashboard/trips/${item.trip.id}`} c="inherit" underline="always" fw={600}>
                  {item.trip.title}
                </Anchor>
                .
              </Alert>
            ) : (
              <TextInput type="date" name="date" label="Date" required min={today} defaultValue={failure?.values?.date ?? ''} error={field('date')} />
            )}
            <TextInput
              type="number"
              name="participants"
              label="Participants"
              required
              min={1}
              max={a.max_participants ?? undefined}
              defaultValue={failure?.values?.participants ?? String(item?.participants ?? 1)}
              error={field('participants')}
            />
            {item ? null : (
              <NativeSelect
                name="trip_id"
                label="For one of your trips (optional)"
                data={[{ value: '', label: 'No trip' }, ...trips.map((t) => ({ value: String(t.id), label: `${t.title} (${formatDay(t.start_date)})` }))]}
                defaultValue={failure?.values?.trip_id ?? ''}
                error={field('trip_id')}
              />
            )}
            <Text size="xs" c="dimmed">
              The price is worked out for your group when you book, in {a.pricing.currency}.
            </Text>
            <Group justify="flex-end">
              <Button component={Link} to="/dashboard/bookings" variant="default">
                My bookings
              </Button>
              <Button type="submit" loading={busy}>
                {item ? 'Book this item' : 'Book this activity'}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  )
}
