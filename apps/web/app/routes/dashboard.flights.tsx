import { Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import {
  type BookingDto,
  canBookFlights,
  canSearchFlights,
  DomainError,
  FLIGHT_MESSAGES,
  type FlightSearchResult,
  isFlightManager,
  listBookings,
  searchFlights,
} from '@meridian/core'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { FlightBookingCard } from '../components/flights/flight-bookings.tsx'
import { FlightCard } from '../components/flights/flight-card.tsx'
import { formatDay } from '../components/flights/format.ts'
import { SearchForm, searchValues } from '../components/flights/search-form.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Flight Management · Meridian Travel' }]

const BASE = '/dashboard/flights'
/** The most booking cards a page holds; the "Rows shown in lists" setting may ask for fewer. */
const BOOKINGS_PAGE = 12
/** The three tabs of 2-catalogue-content.md Flight Management; Search Flights is the default. */
const TABS = [
  { key: 'search', label: 'Search Flights' },
  { key: 'bookings', label: 'Manage Bookings' },
  { key: 'history', label: 'Flight History' },
] as const
type Tab = (typeof TABS)[number]['key']

/** The query string as the search service takes it: a repeated field (a multi-city leg) as a list. */
function queryOf(params: URLSearchParams) {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    out[key] = all.length > 1 ? all : all[0]!
  }
  return out
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  try {
    canSearchFlights(ctx)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    throw error
  }
  const url = new URL(request.url)
  const tab: Tab = TABS.find((t) => t.key === url.searchParams.get('tab'))?.key ?? 'search'
  const canBook = canBookFlights(actor)
  const base = { denied: false as const, tab, canBook, bookNote: canBook ? null : FLIGHT_MESSAGES.bookDenied, canManage: isFlightManager(actor) }
  if (tab === 'search') {
    try {
      return { ...base, search: await searchFlights(ctx, queryOf(url.searchParams)), fields: null, bookings: null, page: 1, error: null }
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid') throw error
      return { ...base, search: null as FlightSearchResult | null, fields: error.fields ?? null, bookings: null, page: 1, error: null }
    }
  }
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, BOOKINGS_PAGE)
  try {
    const list = await listBookings(ctx, { type: 'flight', when: tab === 'bookings' ? 'upcoming' : 'past' }, listWindow(url.searchParams, pageSize))
    return { ...base, search: null, fields: null, bookings: { count: list.count, results: list.results as BookingDto[], pageSize }, page, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { ...base, search: null, fields: null, bookings: { count: 0, results: [] as BookingDto[], pageSize }, page, error: error.message }
  }
}

export default function FlightsPage() {
  const loaded = useLoaderData<typeof loader>()
  const location = useLocation()
  if (loaded.denied) return <AccessDenied title="Flight Management" message={loaded.message} />
  const { tab, search, fields, bookings, canBook, bookNote, canManage, page, error } = loaded
  const params = new URLSearchParams(location.search)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Flight Management"
        description="Search flights by route, dates, passengers and class, book them, and keep track of your flight bookings."
      >
        <Group gap="xs">
          {canManage ? (
            <Button component={Link} to="/dashboard/flight-management" variant="subtle">
              Manage flights
            </Button>
          ) : null}
          <Button component={Link} to="/dashboard/bookings/export?type=flight" reloadDocument variant="default">
            Export
          </Button>
          <Button component={Link} to={`${BASE}#flight-search`}>
            New Booking
          </Button>
        </Group>
      </PageHeader>
      <Group gap="xs" role="navigation" aria-label="Flight tabs">
        {TABS.map((t) => (
          <Button
            key={t.key}
            component={Link}
            to={t.key === 'search' ? BASE : `${BASE}?tab=${t.key}`}
            variant={tab === t.key ? 'filled' : 'light'}
            aria-current={tab === t.key ? 'page' : undefined}
            size="sm"
          >
            {t.label}
          </Button>
        ))}
      </Group>
      <Outlet />
      {tab === 'search' ? (
        <>
          <SearchForm values={searchValues(params)} fields={fields ?? undefined} airlines={search?.airlines ?? []} />
          {search ? (
            <Results
              result={search}
              params={params}
              bookTo={canBook && search.trip_type !== 'multiCity' ? (id) => `${BASE}/${id}/book${location.search}` : null}
              choose={canBook && search.trip_type === 'multiCity'}
            />
          ) : (
            <ErrorBanner message="Please check the search fields." />
          )}
          {bookNote ? (
            <Text size="sm" c="dimmed">
              {bookNote}
            </Text>
          ) : null}
        </>
      ) : (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {tab === 'bookings' ? 'Upcoming flight bookings' : 'Past flights'} ({bookings!.count.toLocaleString('en-US')})
          </Title>
          <ErrorBanner message={error} />
          {bookings!.results.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={tab === 'bookings' ? 'Upcoming flight bookings' : 'Past flights'}>
              {bookings!.results.map((b) => (
                <FlightBookingCard key={b.id} booking={b} />
              ))}
            </SimpleGrid>
          ) : error ? null : (
            <EmptyState
              title={tab === 'bookings' ? 'No upcoming flight bookings' : 'No past flights'}
              hint={tab === 'bookings' ? 'Search for a flight and book it.' : undefined}
            >
              {tab === 'bookings' ? (
                <Button component={Link} to={BASE} variant="light" mt="sm">
                  Search Flights
                </Button>
              ) : null}
            </EmptyState>
          )}
          <Pager page={page} pageSize={bookings!.pageSize} count={bookings!.count} base={BASE} search={location.search} />
        </Stack>
      )}
    </Stack>
  )
}

/** The itinerary form's id: each multi-city result's radio belongs to it (the form attribute), wherever the card is. */
const ITINERARY_FORM = 'flight-itinerary'

function Results({
  result,
  params,
  bookTo,
  choose,
}: {
  result: FlightSearchResult
  params: URLSearchParams
  bookTo: ((id: number) => string) | null
  /** Multi-city: one flight chosen a leg (radios), booked together by Book itinerary. */
  choose: boolean
}) {
  const several = result.legs.length > 1
  const chosen = (i: number) => params.get(`leg_${i + 1}`)
  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2} size="h3">
        Available Flights ({result.count.toLocaleString('en-US')})
      </Title>
      {result.legs.map((leg, i) => (
        <Stack key={i} gap="xs" component="section" aria-label={several ? leg.label : 'Results'}>
          {several || leg.from || leg.to || leg.date ? (
            <Text fw={600}>
              {several ? `${leg.label}: ` : ''}
              {leg.from || 'Anywhere'} → {leg.to || 'Anywhere'}
              {leg.date ? ` · ${formatDay(leg.date)}` : ''} ({leg.count})
            </Text>
          ) : null}
          {leg.results.length ? (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {leg.results.map((f) => (
                <FlightCard
                  key={f.id}
                  flight={f}
                  bookTo={bookTo && f.availability > 0 ? bookTo(f.id) : null}
                  choice={
                    choose ? (
                      <Radio
                        form={ITINERARY_FORM}
                        name={`leg_${i + 1}`}
                        value={String(f.id)}
                        defaultChecked={chosen(i) === String(f.id)}
                        label={`Choose for ${leg.label}`}
                        aria-label={`Choose ${f.airline} ${f.flight_number} for ${leg.label}`}
                      />
                    ) : null
                  }
                />
              ))}
            </SimpleGrid>
          ) : (
            <EmptyState title="No flights found" hint="Try other dates, airports or filters." />
          )}
        </Stack>
      ))}
      {choose ? (
        <Form method="get" action={`${BASE}/itinerary`} id={ITINERARY_FORM} aria-label="Book itinerary" preventScrollReset>
          {[...params]
            .filter(([k]) => !/^leg_\d$/.test(k) && k !== 'legs')
            .map(([k, v], n) => (
              <input key={n} type="hidden" name={k} value={v} />
            ))}
          <Group justify="flex-end" gap="sm">
            <Text size="sm" c="dimmed">
              Choose one flight for each leg, then book them together: every leg is booked, or none.
            </Text>
            <Button type="submit">Book itinerary</Button>
          </Group>
        </Form>
      ) : null}
    </Stack>
  )
}
