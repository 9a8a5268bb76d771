import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, listCountryChoices, listLocations } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { CATALOGUE_PAGE_SIZE, LOCATION_TYPE_LABELS, LOCATION_TYPES, type LocationType } from '@meridian/validators/catalogue-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList } from '../components/kit/card-list.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { RowActions } from '../components/kit/row-actions.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Location Management · Meridian Travel' }]

const BASE = '/dashboard/location-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/location-management')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  // While the form's "Load regions" round trip (no JavaScript) fills the query string, the list keeps its own filters.
  const query = url.searchParams.get('intent') === 'regions' ? new URLSearchParams(url.searchParams.get('back') ?? '') : url.searchParams
  const filters = {
    search: query.get('search') ?? '',
    country: query.get('country') ?? '',
    type: query.get('type') ?? '',
  }
  const page = pageParam(query)
  const { pageSize } = await listSettings(request, context, ctx, CATALOGUE_PAGE_SIZE)
  try {
    const [list, countries] = await Promise.all([
      listLocations(ctx, { search: filters.search, country: filters.country, location_type: filters.type }, listWindow(query, pageSize)),
      listCountryChoices(ctx),
    ])
    return { denied: false as const, filters, page, pageSize, countries, ...list, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[location-management] load failed:', error)
    const message = error instanceof DomainError && error.fields ? Object.values(error.fields).flat().join(' ') : 'Failed to load locations'
    return { denied: false as const, filters, page, pageSize, countries: [], count: 0, results: [], error: message }
  }
}

export default function LocationManagement() {
  const data = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (data.denied) return <AccessDenied message={CATALOGUE_MESSAGES.locationsDenied} />
  const { filters, results, count, page, pageSize, error, countries } = data
  const to = (path: string) => `${BASE}${path}${search}`
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Location Management" description="Cities, regions, landmarks, airports and ports within each destination.">
        <Button component={Link} to={to('/new')} preventScrollReset>
          Add Location
        </Button>
      </PageHeader>
      <FilterBar
        search={filters.search}
        placeholder="Search locations..."
        selects={[
          {
            name: 'country',
            label: 'Country',
            value: filters.country,
            options: [{ value: '', label: 'All countries' }, ...countries.map((c) => ({ value: String(c.id), label: c.name }))],
          },
          {
            name: 'type',
            label: 'Type',
            value: filters.type,
            options: [{ value: '', label: 'All types' }, ...LOCATION_TYPES.map((t) => ({ value: t, label: LOCATION_TYPE_LABELS[t] }))],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <Outlet />
      <CardList count={count} noun={['location', 'locations']} empty="No locations match these filters." error={error}>
        {results.map((l) => (
          <Card key={l.id} withBorder radius="md" padding="md" component="article" aria-label={l.name}>
            <Stack gap={6} h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} size="lg">
                  {l.name}
                </Text>
                <Badge color={l.is_active ? 'teal' : 'gray'} variant="light">
                  {l.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {l.country.name}
                {l.region ? ` · ${l.region.name}` : ''}
              </Text>
              <Group gap={6}>
                <Badge variant="outline">{LOCATION_TYPE_LABELS[l.location_type as LocationType]}</Badge>
                {l.airport_code ? <Badge variant="light">{l.airport_code}</Badge> : null}
                {l.is_featured ? <Badge color="grape">Featured</Badge> : null}
              </Group>
              <Text size="xs" c="dimmed">
                {l.latitude !== null && l.longitude !== null ? `${l.latitude}, ${l.longitude}` : 'No coordinates'}
                {l.timezone ? ` · ${l.timezone}` : ''}
              </Text>
              <RowActions name={l.name} to={(action) => to(`/${l.id}${action}`)} gap="xs" mt="auto" />
            </Stack>
          </Card>
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
