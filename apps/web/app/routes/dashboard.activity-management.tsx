import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { activityFormOptions, DomainError, listActivities, mayManageActivities } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, ACTIVITY_DIFFICULTIES, ACTIVITY_PAGE_SIZE } from '@meridian/validators/activity-constants'
import { priceFrom } from '../components/activities/price-summary.ts'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList } from '../components/kit/card-list.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { FilterBar } from '../components/kit/filter-bar.tsx'
import { RowAction, RowActions } from '../components/kit/row-actions.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Activity Management · Meridian Travel' }]

const BASE = '/dashboard/activity-management'
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayManageActivities(actor)) return data({ denied: true as const, roleName: ROLE_DISPLAY_NAMES[actor.role] ?? 'No role' }, { status: 403 })
  const url = new URL(request.url)
  const filters = {
    search: url.searchParams.get('search') ?? '',
    category: url.searchParams.get('category') ?? '',
    difficulty: url.searchParams.get('difficulty') ?? '',
    supplier: url.searchParams.get('supplier') ?? '',
  }
  const page = pageParam(url.searchParams)
  // ACTIVITY_PAGE_SIZE (12, spec 2 §9) is the most a page holds; the "Rows shown in lists" setting may ask for fewer.
  const { pageSize } = await listSettings(request, context, ctx, ACTIVITY_PAGE_SIZE)
  const failed = (error: unknown) => {
    if (!(error instanceof DomainError)) console.error('[activity-management] load failed:', error)
    return null
  }
  const [options, list] = await Promise.all([
    activityFormOptions(ctx).catch(failed),
    listActivities(
      ctx,
      { search: filters.search, category: filters.category, difficulty: filters.difficulty, supplier_id: filters.supplier },
      listWindow(url.searchParams, pageSize),
    ).catch(failed),
  ])
  const suppliers = options?.suppliers ?? []
  const shown = { denied: false as const, filters, page, pageSize, suppliers }
  if (options && list) return { ...shown, ...list, error: null }
  // Spec 2 §4/§8: the screen's first load (the list and its options) fails with 'Failed to load data'; a change of
  // search, filter or page that cannot read the list, with 'Failed to load activities'.
  const changed = Object.values(filters).some(Boolean) || page > 1 || url.searchParams.has('cursor')
  const error = !options || !changed ? ACTIVITY_MESSAGES.loadFailed : ACTIVITY_MESSAGES.listFailed
  return { ...shown, count: list?.count ?? 0, results: list?.results ?? [], stats: list?.stats ?? null, error }
}

export default function ActivityManagement() {
  const data = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (data.denied) {
    return (
      <AccessDenied title={ACTIVITY_MESSAGES.deniedTitle} message={ACTIVITY_MESSAGES.denied}>
        <Text size="sm" c="dimmed">
          Current role: {data.roleName}
        </Text>
      </AccessDenied>
    )
  }
  const { filters, results, count, page, error, stats, suppliers } = data
  const to = (path: string) => `${BASE}${path}${search}`
  const pageHref = (p: number) => {
    const params = new URLSearchParams(search)
    if (p === 1) params.delete('page')
    else params.set('page', String(p))
    const qs = params.toString()
    return qs ? `${BASE}?${qs}` : BASE
  }
  const nextDisabled = results.length < data.pageSize
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Activity Management" description="Activities with tiered pricing, schedules, supplier connections and media.">
        <Button component={Link} to={to('/new')} preventScrollReset>
          Add Activity
        </Button>
      </PageHeader>
      {stats ? (
        <Group gap="sm" aria-label="Activity figures">
          <Badge size="lg" variant="light">
            Total: {stats.total}
          </Badge>
          <Badge size="lg" variant="light" color="teal">
            Active: {stats.active}
          </Badge>
          <Badge size="lg" variant="light" color="yellow">
            Featured: {stats.featured}
          </Badge>
        </Group>
      ) : null}
      <FilterBar
        search={filters.search}
        placeholder="Search activities..."
        selects={[
          {
            name: 'category',
            label: 'Category',
            value: filters.category,
            options: [{ value: '', label: 'All categories' }, ...ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: ACTIVITY_CATEGORY_LABELS[c] }))],
          },
          {
            name: 'difficulty',
            label: 'Difficulty',
            value: filters.difficulty,
            options: [{ value: '', label: 'All difficulties' }, ...ACTIVITY_DIFFICULTIES.map((d) => ({ value: d, label: cap(d) }))],
          },
          {
            name: 'supplier',
            label: 'Supplier',
            value: filters.supplier,
            options: [{ value: '', label: 'All suppliers' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.name }))],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <Outlet />
      <CardList count={count} noun={['activity', 'activities']} empty="No activities match these filters." error={error} label="Activities">
        {results.map((a) => (
          <Card key={a.id} component="article" withBorder radius="md" padding="md" aria-label={a.name}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700}>{a.name}</Text>
                <Group gap={4} wrap="nowrap">
                  {a.is_featured ? (
                    <Badge size="xs" color="yellow">
                      Featured
                    </Badge>
                  ) : null}
                  <Badge size="xs" color={a.is_active ? 'teal' : 'gray'} variant="light">
                    {a.is_active ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
              </Group>
              <Group gap={4}>
                <Badge size="sm" variant="outline">
                  {ACTIVITY_CATEGORY_LABELS[a.category]}
                </Badge>
                <Badge size="sm" variant="outline" color="grape">
                  {cap(a.difficulty)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {a.description}
              </Text>
              <Text size="sm">{a.location_summary}</Text>
              <Text size="sm" c="dimmed">
                {a.supplier_name || '—'}
              </Text>
              <Text size="sm" fw={600}>
                {priceFrom(a.pricing)}
              </Text>
              <RowActions name={a.name} to={(action) => to(`/${a.id}${action}`)} variant="subtle" viewVariant="light" gap={4}>
                <RowAction to={to(`/${a.id}/media`)} variant="subtle" label={`Media of ${a.name}`}>
                  Media
                </RowAction>
              </RowActions>
            </Stack>
          </Card>
        ))}
      </CardList>
      <Group justify="center" gap="sm" aria-label="Pages">
        {page <= 1 ? (
          <Button variant="default" size="xs" disabled>
            Previous
          </Button>
        ) : (
          <Button component={Link} to={pageHref(page - 1)} variant="default" size="xs">
            Previous
          </Button>
        )}
        <Text size="sm">Page {page}</Text>
        {nextDisabled ? (
          <Button variant="default" size="xs" disabled>
            Next
          </Button>
        ) : (
          <Button component={Link} to={pageHref(page + 1)} variant="default" size="xs">
            Next
          </Button>
        )}
      </Group>
    </Stack>
  )
}
