import { Avatar, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, listTrips, type TripDto, tripStatusCounts } from '@meridian/core'
import { TRIP_MESSAGES } from '@meridian/core/messages'
import { TRIP_STATUS_COLORS, TRIP_STATUS_LABELS, TRIPS_PAGE_SIZE, type TripStatus } from '@meridian/validators/trip-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList, EmptyState, LinkTabs } from '../components/kit/card-list.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { ROLE_COLORS } from '../components/shell/role-colors.ts'
import { formatMoney, formatRange, isPositive, plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'My Trips · Meridian Travel' }]

const BASE = '/dashboard/trips'
/** The tabs of 2-catalogue-content.md My Trips, each a status filter. */
const TABS: { key: '' | TripStatus; label: string }[] = [
  { key: '', label: 'All Trips' },
  { key: 'planning', label: 'Planning' },
  { key: 'active', label: 'Active' },
  { key: 'completed', label: 'Completed' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/trips')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const search = url.searchParams.get('search') ?? ''
  const status = TABS.some((t) => t.key === url.searchParams.get('status')) ? (url.searchParams.get('status') as TripStatus | '') : ''
  const page = pageParam(url.searchParams)
  // TRIPS_PAGE_SIZE (12) is the most trip cards a page holds; the "Rows shown in lists" setting may ask for fewer.
  const { pageSize } = await listSettings(request, context, ctx, TRIPS_PAGE_SIZE)
  try {
    const [list, counts] = await Promise.all([listTrips(ctx, { search, status }, listWindow(url.searchParams, pageSize)), tripStatusCounts(ctx, { search })])
    return { denied: false as const, search, status, page, pageSize, counts, count: list.count, results: list.results, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const message = error.fields ? Object.values(error.fields).flat().join(' ') : TRIP_MESSAGES.loadFailed
    return { denied: false as const, search, status, page, pageSize, counts: null, count: 0, results: [] as TripDto[], error: message }
  }
}

export default function MyTrips() {
  const loaded = useLoaderData<typeof loader>()
  const { search: query } = useLocation()
  if (loaded.denied) return <AccessDenied message={TRIP_MESSAGES.travelersOnly} />
  const { search, status, counts, count, results, page, pageSize, error } = loaded
  const to = (path: string) => `${BASE}${path}${query}`
  const tabHref = (key: string) => {
    const params = new URLSearchParams()
    if (search) params.set('search', search)
    if (key) params.set('status', key)
    const qs = params.toString()
    return qs ? `${BASE}?${qs}` : BASE
  }
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="My Trips" description="Your trips in planning, active and completed, with dates, travelers, budget and the expert helping you.">
        <Group gap="xs">
          <Button component={Link} to="/dashboard/book-trip" variant="light">
            Plan with an expert
          </Button>
          <Button component={Link} to={to('/new')} preventScrollReset>
            New Trip
          </Button>
        </Group>
      </PageHeader>
      <LinkTabs
        label="Trip status"
        tabs={TABS.map((t) => ({ to: tabHref(t.key), label: t.label, count: counts ? counts[t.key || 'all'] : 0, active: status === t.key }))}
      />
      <FilterBar search={search} placeholder="Search trips..." selects={[]} hidden={status ? { status } : undefined} />
      <ErrorBanner message={error} />
      <Outlet />
      <CardList
        count={count}
        noun={['trip', 'trips']}
        error={error}
        label="Trips"
        empty={<EmptyState title="No trips found" hint={search ? 'Try adjusting your search criteria' : 'Start planning your next adventure!'} />}
      >
        {results.map((t) => (
          <TripCard key={t.id} trip={t} view={to(`/${t.id}`)} edit={to(`/${t.id}/edit`)} />
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={query} />
    </Stack>
  )
}

function TripCard({ trip: t, view, edit }: { trip: TripDto; view: string; edit: string }) {
  const open = t.status !== 'completed' && t.status !== 'cancelled'
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t.title}>
      {t.image ? (
        <Card.Section>
          <Image src={t.image} alt="" h={140} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap={6} mt={t.image ? 'sm' : 0} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{t.title}</Text>
          <Badge color={TRIP_STATUS_COLORS[t.status]} variant="light">
            {TRIP_STATUS_LABELS[t.status]}
          </Badge>
        </Group>
        {t.expert ? (
          <Group gap={6}>
            <Avatar size="sm" radius="xl" color={ROLE_COLORS.expert} aria-hidden>
              {t.expert.initial}
            </Avatar>
            <Text size="sm">Expert: {t.expert.name}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Expert: not assigned yet
          </Text>
        )}
        {t.description ? (
          <Text size="sm" lineClamp={2}>
            {t.description}
          </Text>
        ) : null}
        <Text size="sm">{formatRange(t.start_date, t.end_date)}</Text>
        <Text size="sm" c="dimmed">
          {plural(t.days, 'day', 'days')} · {plural(t.travelers, 'traveller', 'travellers')}
        </Text>
        <Text size="sm">
          Budget {formatMoney(t.budget_total, t.currency)}
          {isPositive(t.budget_spent) ? ` · spent ${formatMoney(t.budget_spent, t.currency)}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {plural(t.flights_count, 'flight', 'flights')} · {plural(t.accommodations_count, 'accommodation', 'accommodations')} ·{' '}
          {plural(t.activities_count, 'activity', 'activities')}
        </Text>
        <Group gap="xs" mt="auto">
          <Button component={Link} to={view} size="xs" variant="light" preventScrollReset aria-label={`View Details: ${t.title}`}>
            View Details
          </Button>
          {open ? (
            <Button component={Link} to={edit} size="xs" variant="default" preventScrollReset aria-label={`Edit Trip: ${t.title}`}>
              Edit Trip
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  )
}
