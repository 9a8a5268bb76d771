import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigate, useOutletContext } from '@remix-run/react'
import { itineraryLibrary } from '@meridian/core'
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, type ActivityCategory } from '@meridian/validators/activity-constants'
import { ITINERARY_MESSAGES } from '@meridian/validators/itinerary-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { formatMinutes } from '../components/itinerary/draft.ts'
import { ALERT_TEXT_COLOR } from '../components/itinerary/status-badge.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import type { BuilderOutletContext } from './dashboard.itineraries.$id.tsx'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  try {
    return await itineraryLibrary(ctx, params.id, {
      search: url.searchParams.get('search') ?? '',
      category: url.searchParams.get('category') ?? '',
    })
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * The Activity Library (2-catalogue-content.md Itinerary builder): search, category chips, Clear All and Add over
 * the catalogue's active activities, each priced for this itinerary's travelers in its currency. Add puts the
 * activity on the day in view with the template defaults (§9). Search and chips are links and a GET form, so the
 * modal works without JavaScript; Add then posts to the builder, which saves.
 */
export default function ActivityLibrary() {
  const lib = useLoaderData<typeof loader>()
  const outlet = useOutletContext<BuilderOutletContext>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const day = params.get('day') ?? String(outlet.day)
  const builder = pathname.replace(/\/library$/, '')
  const closeTo = `${builder}?day=${day}`
  const withCategory = (category: string) => {
    const next = new URLSearchParams(search)
    if (category) next.set('category', category)
    else next.delete('category')
    return `${pathname}?${next.toString()}`
  }
  const filtered = Boolean(lib.filters.search || lib.filters.category)
  return (
    <RouteModal title="Activity Library" closeTo={closeTo} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Adding to {outlet.dayTitle} · prices for {lib.travelers.adults + lib.travelers.children} travelers in {lib.currency}
        </Text>
        <Form method="get" action={pathname} role="search">
          <input type="hidden" name="day" value={day} />
          {lib.filters.category ? <input type="hidden" name="category" value={lib.filters.category} /> : null}
          <Group gap="xs" align="flex-end">
            <TextInput name="search" label="Search activities" defaultValue={lib.filters.search} placeholder="Name of an activity" style={{ flex: 1 }} />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </Form>
        <Group gap={6} aria-label="Categories">
          {ACTIVITY_CATEGORIES.map((c) => {
            const on = lib.filters.category === c
            return (
              <Button
                key={c}
                component={Link}
                to={withCategory(on ? '' : c)}
                preventScrollReset
                size="compact-xs"
                radius="xl"
                variant={on ? 'filled' : 'light'}
                aria-pressed={on}
              >
                {ACTIVITY_CATEGORY_LABELS[c as ActivityCategory]}
              </Button>
            )
          })}
          {filtered ? (
            <Button component={Link} to={`${pathname}?day=${day}`} size="compact-xs" variant="subtle" preventScrollReset>
              Clear All
            </Button>
          ) : null}
        </Group>
        {lib.results.length === 0 ? (
          <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
            <Text ta="center" c="dimmed" role="status">
              {ITINERARY_MESSAGES.noLibraryResults}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {lib.results.map((a) => (
              <Paper key={a.id} withBorder radius="md" p="sm" component="article" aria-label={a.name}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} lineClamp={1}>
                      {a.name}
                    </Text>
                    <Badge variant="light" size="sm">
                      {ACTIVITY_CATEGORY_LABELS[a.category as ActivityCategory] ?? a.category}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[a.location, formatMinutes(a.default_duration)].filter(Boolean).join(' · ')}
                  </Text>
                  {a.description ? (
                    <Text size="sm" lineClamp={2}>
                      {a.description}
                    </Text>
                  ) : null}
                  <Group justify="space-between" mt={4}>
                    <Text size="sm" fw={600} style={a.problem ? { color: ALERT_TEXT_COLOR } : undefined}>
                      {a.converted_cost !== null ? formatMoney(a.converted_cost, lib.currency) : a.problem ?? 'No price'}
                    </Text>
                    <Form
                      method="post"
                      action={`${builder}?day=${day}`}
                      onSubmit={(event) => {
                        if (!hydrated) return
                        event.preventDefault()
                        outlet.addActivity(a)
                        navigate(closeTo, { preventScrollReset: true })
                      }}
                    >
                      <input type="hidden" name="intent" value="add-activity" />
                      <input type="hidden" name="activity_id" value={a.id} />
                      <input type="hidden" name="version" value={outlet.version} />
                      <input type="hidden" name="day" value={day} />
                      <Button type="submit" size="compact-sm" disabled={Boolean(a.problem)} aria-label={`Add ${a.name}`}>
                        Add
                      </Button>
                    </Form>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {lib.count > lib.results.length ? (
          <Text size="xs" c="dimmed">
            Showing {lib.results.length} of {lib.count}: search or choose a category to narrow them.
          </Text>
        ) : null}
      </Stack>
    </RouteModal>
  )
}
