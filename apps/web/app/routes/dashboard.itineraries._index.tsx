import { Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { createItinerary, DomainError, itineraryTripOptions, listItineraries, listPublicCurrencies } from '@meridian/core'
import { ITINERARY_STATUS_LABELS, ITINERARY_STATUSES, type ItineraryStatus } from '@meridian/validators/itinerary-constants'
import { AccessDenied, ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { CardList, EmptyState } from '../components/kit/card-list.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { formatDay, formatMoney, formatRange, plural } from '../components/trips/format.ts'
import { ALERT_TEXT_COLOR, ItineraryStatusBadge } from '../components/itinerary/status-badge.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Itineraries · Meridian Travel' }]

const BASE = '/dashboard/itineraries'
/** The most cards a page holds (four rows of three); the "Rows shown in lists" setting may ask for fewer. */
const MAX_PAGE_SIZE = 12
const LOAD_FAILED = 'Failed to load itineraries'
const MAX_ID = 2_147_483_647

type Row = Awaited<ReturnType<typeof listItineraries>>['results'][number]

/** Whether one exact decimal string is above another (money stays text: no floats). */
function above(a: string, b: string): boolean {
  const parts = (x: string) => {
    const negative = x.startsWith('-')
    const [whole = '0', frac = ''] = x.replace('-', '').split('.')
    return { negative, digits: `${whole.replace(/^0+/, '').padStart(14, '0')}${frac.padEnd(4, '0').slice(0, 4)}` }
  }
  const [x, y] = [parts(a), parts(b)]
  if (x.negative !== y.negative) return y.negative
  return x.negative ? x.digits < y.digits : x.digits > y.digits
}

/** The list's filters from the query string; anything else is left out (as My Trips does with its tabs). */
function filtersOf(params: URLSearchParams) {
  const rawStatus = params.get('status') ?? ''
  const status = (ITINERARY_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ItineraryStatus) : ''
  const rawTrip = params.get('trip') ?? ''
  const trip = /^[1-9]\d{0,9}$/.test(rawTrip) && Number(rawTrip) <= MAX_ID ? Number(rawTrip) : null
  return { status, trip }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const { status, trip } = filtersOf(url.searchParams)
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, MAX_PAGE_SIZE)
  try {
    const [list, options, currencies] = await Promise.all([
      listItineraries(ctx, { status, trip: trip ?? '' }, listWindow(url.searchParams, pageSize)),
      itineraryTripOptions(ctx, { trip }),
      listPublicCurrencies(ctx),
    ])
    return {
      denied: false as const,
      status,
      trip: trip === null ? '' : String(trip),
      page,
      pageSize,
      count: list.count,
      results: list.results,
      trips: options.trips,
      plannable: options.plannable,
      canCreate: options.can_create,
      currencies: currencies.map((c) => c.code),
      error: null,
    }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
    if (error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    return {
      denied: false as const,
      status,
      trip: trip === null ? '' : String(trip),
      page,
      pageSize,
      count: 0,
      results: [] as Row[],
      trips: [],
      plannable: [],
      canCreate: false,
      currencies: [] as string[],
      error: LOAD_FAILED,
    }
  }
}

/** New itinerary: a draft for the chosen trip (createItinerary checks who may plan it), then the builder. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  const title = values.title?.trim() ?? ''
  try {
    const created = await createItinerary(ctx, {
      trip_id: values.trip_id ?? '',
      ...(title ? { title } : {}),
      ...(values.currency ? { currency: values.currency } : {}),
    })
    return backWithToast(`${BASE}/${created.id}`, `Itinerary "${created.title}" created.`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function Itineraries() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  const submit = useSubmit()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  const { status, trip, count, results, page, pageSize, trips, plannable, canCreate, currencies, error } = loaded
  const filtered = Boolean(status || trip)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Itineraries"
        description="Day-by-day trip plans built from activities, with the cost of each day and a status from draft to approved."
      />
      {canCreate ? (
        <NewItinerary plannable={plannable} currencies={currencies} trip={trip} failure={failure ?? null} />
      ) : (
        <ErrorBanner message={failure?.message ?? null} />
      )}
      {/* Without JavaScript the Filter button applies them; with it, a select applies at once. */}
      <Form method="get" role="search" aria-label="Filters" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="status"
            label="Status"
            defaultValue={status}
            data={[{ value: '', label: 'All statuses' }, ...ITINERARY_STATUSES.map((s) => ({ value: s, label: ITINERARY_STATUS_LABELS[s] }))]}
            style={{ flex: '0 1 200px' }}
          />
          <NativeSelect
            name="trip"
            label="Trip"
            defaultValue={trip}
            data={[{ value: '', label: 'All trips' }, ...trips.map((t) => ({ value: String(t.id), label: t.title }))]}
            style={{ flex: '1 1 280px' }}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <ErrorBanner message={error} />
      <CardList
        count={count}
        noun={['itinerary', 'itineraries']}
        error={error}
        label="Itineraries"
        empty={
          <EmptyState
            title="No itineraries found"
            hint={
              filtered ? 'Try adjusting your filters' : canCreate ? 'Start one for a trip with New itinerary.' : 'Itineraries appear here once they are ready.'
            }
          />
        }
      >
        {results.map((r) => (
          <ItineraryCard key={r.id} itinerary={r} />
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}

function ItineraryCard({ itinerary: r }: { itinerary: Row }) {
  const travelers = r.travelers.adults + r.travelers.children + r.travelers.infants
  const currency = r.budget.currency
  const over = r.budget.total !== null && above(r.total_cost, r.budget.total)
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={r.title}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`${BASE}/${r.id}`} fw={600}>
            {r.title}
          </Anchor>
          <ItineraryStatusBadge status={r.status} style={{ flexShrink: 0 }} />
        </Group>
        {r.destination ? <Text size="sm">{r.destination}</Text> : null}
        <Text size="sm">{formatRange(r.start_date, r.end_date)}</Text>
        <Text size="sm" c="dimmed">
          {plural(r.total_days, 'day', 'days')} · {plural(travelers, 'traveller', 'travellers')} · {plural(r.items_count, 'item', 'items')}
        </Text>
        <Text size="sm" style={over ? { color: ALERT_TEXT_COLOR } : undefined}>
          Total {formatMoney(r.total_cost, currency)}
          {r.budget.total === null ? ' · no budget set' : ` of ${formatMoney(r.budget.total, currency)} budget`}
        </Text>
        <Text size="xs" c="dimmed" mt="auto">
          Version {r.version} · last modified {formatDay(r.last_modified.slice(0, 10))}
        </Text>
      </Stack>
    </Card>
  )
}

function NewItinerary({
  plannable,
  currencies,
  trip,
  failure,
}: {
  plannable: { id: number; title: string; currency: string }[]
  currencies: string[]
  trip: string
  failure: { message: string | null; fields: Record<string, string[]>; values: Record<string, string> } | null
}) {
  const navigation = useNavigation()
  const values = failure?.values ?? {}
  const chosen = values.trip_id ?? (plannable.some((p) => String(p.id) === trip) ? trip : '')
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-itinerary">
      <Text id="new-itinerary" component="h2" fw={600} mb="xs">
        New itinerary
      </Text>
      <ErrorBanner message={failure?.message ?? null} />
      {plannable.length === 0 && !failure ? (
        <Text size="sm" c="dimmed">
          Every open trip you plan already has an itinerary.
        </Text>
      ) : (
        <Form method="post" aria-label="New itinerary">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              name="trip_id"
              label="Trip"
              defaultValue={chosen}
              data={[{ value: '', label: 'Choose a trip…' }, ...plannable.map((p) => ({ value: String(p.id), label: p.title }))]}
              error={fieldError(failure?.fields, 'trip_id')}
              style={{ flex: '1 1 280px' }}
            />
            <TextInput
              name="title"
              label="Title (optional)"
              placeholder="The trip's title"
              defaultValue={values.title ?? ''}
              error={fieldError(failure?.fields, 'title')}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              name="currency"
              label="Currency"
              defaultValue={values.currency ?? ''}
              data={[{ value: '', label: "The trip's currency" }, ...currencies.map((c) => ({ value: c, label: c }))]}
              error={fieldError(failure?.fields, 'currency')}
              style={{ flex: '0 1 180px' }}
            />
            <Button type="submit" mt={25} loading={navigation.state === 'submitting' && navigation.formMethod === 'POST'}>
              Create itinerary
            </Button>
          </Group>
        </Form>
      )}
    </Card>
  )
}
