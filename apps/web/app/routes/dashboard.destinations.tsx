import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { DomainError, listDestinations } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import {
  CONTINENTS,
  DESTINATION_CATEGORIES,
  DESTINATION_CATEGORY_LABELS,
  type DestinationCategory,
} from '@meridian/validators/catalogue-constants'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Destinations · Meridian Travel' }]

const BASE = '/dashboard/destinations'
/** The most cards a page holds (eight rows of three); the "Rows shown in lists" setting may ask for fewer. */
const MAX_PAGE_SIZE = 24

/** Travelers browse the active destinations: promoted first, with search, continent and category filters. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const filters = {
    search: url.searchParams.get('search') ?? '',
    category: url.searchParams.get('category') ?? '',
    continent: url.searchParams.get('continent') ?? '',
  }
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, MAX_PAGE_SIZE)
  try {
    const list = await listDestinations(
      ctx,
      { search: filters.search, destination_category: filters.category, continent: filters.continent },
      listWindow(url.searchParams, pageSize),
    )
    return { filters, page, pageSize, ...list, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[destinations] load failed:', error)
    return { filters, page, pageSize, count: 0, results: [], error: CATALOGUE_MESSAGES.destinationsLoadFailed }
  }
}

export default function DestinationsPage() {
  const { filters, results, count, page, pageSize, error } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Destinations" description="Countries to travel to, with what to know before you go." />
      <FilterBar
        search={filters.search}
        placeholder="Search destinations..."
        selects={[
          {
            name: 'continent',
            label: 'Continent',
            value: filters.continent,
            options: [{ value: '', label: 'All continents' }, ...CONTINENTS.map((c) => ({ value: c, label: c }))],
          },
          {
            name: 'category',
            label: 'Travel style',
            value: filters.category,
            options: [{ value: '', label: 'Any style' }, ...DESTINATION_CATEGORIES.map((c) => ({ value: c, label: DESTINATION_CATEGORY_LABELS[c] }))],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <Outlet />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 destination' : `${count} destinations`}
      </Text>
      {results.length === 0 && !error ? <Text c="dimmed">No destinations match these filters.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {results.map((c) => (
          <Card key={c.id} withBorder radius="md" padding="md" component="article" aria-label={c.name}>
            <Stack gap={6} h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} size="lg">
                  {c.name}
                </Text>
                {c.is_promoted_destination ? <Badge color="grape">Featured</Badge> : null}
              </Group>
              <Text size="sm" c="dimmed">
                {c.continent}
                {c.capital ? ` · ${c.capital}` : ''}
              </Text>
              {c.destination_category ? (
                <Badge variant="outline" w="fit-content">
                  {DESTINATION_CATEGORY_LABELS[c.destination_category as DestinationCategory]}
                </Badge>
              ) : null}
              {c.why_visit ? (
                <Text size="sm" lineClamp={3}>
                  {c.why_visit}
                </Text>
              ) : null}
              <Group mt="auto">
                <Button component={Link} to={`${BASE}/${c.id}${search}`} size="xs" variant="light" preventScrollReset aria-label={`Explore ${c.name}`}>
                  Explore
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Pager
        page={page}
        pageSize={pageSize}
        count={count}
        base={BASE}
        search={search}
      />
    </Stack>
  )
}
