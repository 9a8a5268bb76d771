import { ActionIcon, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { canManageFlights, DomainError, type FlightDto, LIST_PAGE_MAX, listFlights } from '@meridian/core'
import { AVAILABILITY_COLORS, CLASS_COLORS, formatMoney } from '../components/flights/format.ts'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Flight Management · Meridian Travel' }]

const BASE = '/dashboard/flight-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canManageFlights(ctx)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    throw error
  }
  const url = new URL(request.url)
  const p = url.searchParams
  // Upcoming flights unless the list is asked for past ones or all of them.
  const filters = {
    when: p.get('when') ?? 'upcoming',
    status: p.get('status') ?? '',
    airline: p.get('airline') ?? '',
    flight_number: p.get('flight_number') ?? '',
    from: p.get('from') ?? '',
  }
  const query = Object.fromEntries(Object.entries(filters).filter(([k, v]) => v && !(k === 'when' && v === 'all')))
  const page = pageParam(p)
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  try {
    const list = await listFlights(ctx, query, listWindow(p, pageSize))
    return { denied: false as const, filters, page, pageSize, count: list.count, results: list.results, error: null, fields: null }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid') throw error
    return {
      denied: false as const,
      filters,
      page,
      pageSize,
      count: 0,
      results: [] as FlightDto[],
      error: Object.values(error.fields ?? {})
        .flat()
        .join(' '),
      fields: error.fields ?? null,
    }
  }
}

export default function FlightManagement() {
  const loaded = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (loaded.denied) return <AccessDenied title="Flight Management" message={loaded.message} />
  const { filters, page, pageSize, count, results, error } = loaded
  return (
    <Stack gap="lg" maw={1300} mx="auto">
      <PageHeader title="Flight Management" description="The flights travelers search and book: create, edit and withdraw offers, or import a schedule file.">
        <Group gap="xs">
          <Button component={Link} to={`import${search}`} variant="default" preventScrollReset>
            Import Schedule
          </Button>
          <Button component={Link} to={`new${search}`} preventScrollReset>
            New Flight
          </Button>
        </Group>
      </PageHeader>
      <Outlet />
      <Form method="get" role="search" aria-label="Filter flights">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="when"
            label="When"
            defaultValue={filters.when}
            data={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'past', label: 'Departed' },
              { value: 'all', label: 'All' },
            ]}
          />
          <NativeSelect
            name="status"
            label="Status"
            defaultValue={filters.status}
            data={[
              { value: '', label: 'Any' },
              { value: 'scheduled', label: 'Scheduled' },
              { value: 'withdrawn', label: 'Withdrawn' },
            ]}
          />
          <TextInput name="airline" label="Airline code" maxLength={2} defaultValue={filters.airline} style={{ width: 130 }} />
          <TextInput name="flight_number" label="Flight number" maxLength={12} defaultValue={filters.flight_number} style={{ width: 150 }} />
          <TextInput name="from" label="From airport code" maxLength={3} defaultValue={filters.from} style={{ width: 160 }} />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <ErrorBanner message={error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 flight' : `${count.toLocaleString('en-US')} flights`}
      </Text>
      {results.length ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label="Flights">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Departure (local)</Table.Th>
                <Table.Th>Flight</Table.Th>
                <Table.Th>Route</Table.Th>
                <Table.Th>Class</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Seats left</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    {f.departure.date} {f.departure.time}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {f.flight_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.airline}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {f.departure.code} → {f.arrival.code}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={CLASS_COLORS[f.class]} variant="light">
                      {f.class_label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatMoney(f.price, f.currency)}</Table.Td>
                  <Table.Td>
                    <Badge color={AVAILABILITY_COLORS[f.booking_status]} variant="light">
                      {f.availability} / {f.seats_total}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={f.status === 'scheduled' ? 'green' : 'gray'} variant="light">
                      {f.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        component={Link}
                        to={`${f.id}/edit${search}`}
                        variant="subtle"
                        aria-label={`Edit ${f.flight_number} on ${f.departure.date}`}
                        preventScrollReset
                      >
                        ✎
                      </ActionIcon>
                      {f.status === 'scheduled' ? (
                        <ActionIcon
                          component={Link}
                          to={`${f.id}/withdraw${search}`}
                          variant="subtle"
                          color="red"
                          aria-label={`Withdraw ${f.flight_number} on ${f.departure.date}`}
                          preventScrollReset
                        >
                          ⊘
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : error ? null : (
        <Text c="dimmed">No flights found.</Text>
      )}
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
