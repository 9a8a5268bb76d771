import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, listCountries } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import {
  CATALOGUE_PAGE_SIZE,
  CONTINENTS,
  DESTINATION_CATEGORIES,
  DESTINATION_CATEGORY_LABELS,
  type DestinationCategory,
} from '@meridian/validators/catalogue-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList } from '../components/kit/card-list.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { RowActions } from '../components/kit/row-actions.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Destination Management · Meridian Travel' }]

const BASE = '/dashboard/destination-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/destination-management')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const filters = {
    search: url.searchParams.get('search') ?? '',
    category: url.searchParams.get('category') ?? '',
    continent: url.searchParams.get('continent') ?? '',
  }
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, CATALOGUE_PAGE_SIZE)
  try {
    const list = await listCountries(
      ctx,
      { search: filters.search, destination_category: filters.category, continent: filters.continent },
      listWindow(url.searchParams, pageSize),
    )
    return { denied: false as const, filters, page, pageSize, ...list, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[destination-management] load failed:', error)
    const message = error instanceof DomainError && error.fields ? Object.values(error.fields).flat().join(' ') : 'Failed to load destinations'
    return { denied: false as const, filters, page, pageSize, count: 0, results: [], error: message }
  }
}

export default function DestinationManagement() {
  const data = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (data.denied) return <AccessDenied message={CATALOGUE_MESSAGES.destinationsDenied} />
  const { filters, results, count, page, pageSize, error } = data
  const to = (path: string) => `${BASE}${path}${search}`
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Destination Management" description="The countries travelers can visit, with their descriptions, categories and continents.">
        <Button component={Link} to={to('/new')} preventScrollReset>
          Add Destination
        </Button>
      </PageHeader>
      <FilterBar
        search={filters.search}
        placeholder="Search destinations..."
        selects={[
          {
            name: 'category',
            label: 'Category',
            value: filters.category,
            options: [{ value: '', label: 'All categories' }, ...DESTINATION_CATEGORIES.map((c) => ({ value: c, label: DESTINATION_CATEGORY_LABELS[c] }))],
          },
          {
            name: 'continent',
            label: 'Continent',
            value: filters.continent,
            options: [{ value: '', label: 'All continents' }, ...CONTINENTS.map((c) => ({ value: c, label: c }))],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <Outlet />
      <CardList count={count} noun={['destination', 'destinations']} empty="No destinations match these filters." error={error}>
        {results.map((c) => (
          <Card key={c.id} withBorder radius="md" padding="md" component="article" aria-label={c.name}>
            <Stack gap={6} h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} size="lg">
                  {c.name}
                </Text>
                <Group gap={4}>
                  {c.is_promoted_destination ? <Badge color="grape">Promoted</Badge> : null}
                  <Badge color={c.is_active ? 'teal' : 'gray'} variant="light">
                    {c.is_active ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {c.continent}
                {c.capital ? ` · ${c.capital}` : ''}
                {c.currency ? ` · ${c.currency}` : ''}
              </Text>
              {c.destination_category ? (
                <Badge variant="outline" w="fit-content">
                  {DESTINATION_CATEGORY_LABELS[c.destination_category as DestinationCategory]}
                </Badge>
              ) : null}
              <Text size="sm">{c.locations_count === 1 ? '1 location' : `${c.locations_count} locations`}</Text>
              <RowActions name={c.name} to={(action) => to(`/${c.id}${action}`)} gap="xs" mt="auto" />
            </Stack>
          </Card>
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
