import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { BOOKING_MESSAGES, bookingScope, DomainError, type DueSoonItem, LIST_PAGE_MAX, listDueSoon } from '@meridian/core'
import { DUE_SOON_DAYS } from '@meridian/validators/booking-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Due soon · Meridian Travel' }]

const BASE = '/dashboard/bookings/due-soon'

/** The filters, as links (they work without JavaScript). */
const FILTERS = [
  { key: 'all', label: 'All', query: '' },
  { key: 'payment', label: 'Payments', query: 'kind=payment' },
  { key: 'cancellation', label: 'Cancellation deadlines', query: 'kind=cancellation' },
  { key: 'overdue', label: 'Overdue', query: 'overdue=true' },
] as const
type FilterKey = (typeof FILTERS)[number]['key']

const LINE_LABELS = { deposit: 'Deposit', balance: 'Balance', full: 'Full payment' } as const

/**
 * Due soon (docs/bookings.md "Reminders and Due soon"): the payment lines and free-cancellation deadlines of the next
 * 14 days and every overdue line, overdue first. Admins and the superadmin every booking's, an expert those they
 * handle; travelers, specialists and editors get Access Denied.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const scope = bookingScope(actor)
  if (!scope || scope === 'own') return data({ denied: true as const, message: BOOKING_MESSAGES.denied }, { status: 403 })
  const url = new URL(request.url)
  const kind = url.searchParams.get('kind')
  const overdue = url.searchParams.get('overdue') === 'true'
  const filter: FilterKey = overdue ? 'overdue' : kind === 'payment' || kind === 'cancellation' ? kind : 'all'
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  const query = filter === 'overdue' ? { overdue: true } : filter === 'all' ? {} : { kind: filter }
  try {
    const list = await listDueSoon(ctx, query, listWindow(url.searchParams, pageSize))
    return { denied: false as const, filter, page, pageSize, count: list.count, results: list.results, error: null }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
    const message = error.fields ? Object.values(error.fields).flat().join(' ') : BOOKING_MESSAGES.loadFailed
    return { denied: false as const, filter, page, pageSize, count: 0, results: [] as DueSoonItem[], error: message }
  }
}

export default function DueSoon() {
  const loaded = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  const { filter, page, pageSize, count, results, error } = loaded
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Due soon" description={`Payments and free-cancellation deadlines of the next ${DUE_SOON_DAYS} days, and every overdue payment.`}>
        <Button component={Link} to="/dashboard/bookings" variant="default">
          All bookings
        </Button>
      </PageHeader>
      <Group gap="xs" role="navigation" aria-label="Show">
        {FILTERS.map((f) => (
          <Button
            key={f.key}
            component={Link}
            to={f.query ? `${BASE}?${f.query}` : BASE}
            preventScrollReset
            size="xs"
            variant={filter === f.key ? 'filled' : 'default'}
            aria-current={filter === f.key ? 'page' : undefined}
          >
            {f.label}
          </Button>
        ))}
      </Group>
      <ErrorBanner message={error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 item' : `${count.toLocaleString('en-US')} items`}
      </Text>
      {results.length === 0 ? (
        error ? null : <EmptyState title="Nothing due soon" hint="No payment or free-cancellation deadline falls in the next two weeks, and nothing is overdue." />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" aria-label="Due soon">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th>Traveler</Table.Th>
                  <Table.Th>Trip</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((item) => (
                  <DueRow key={`${item.kind}-${item.line_id ?? item.booking.id}`} item={item} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}

const daysText = (n: number) => (n < 0 ? `${-n} ${n === -1 ? 'day' : 'days'} overdue` : n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`)

function DueRow({ item }: { item: DueSoonItem }) {
  const what = item.kind === 'payment' ? (LINE_LABELS[item.line_kind ?? 'full'] ?? 'Payment') : 'Free cancellation ends'
  return (
    // Overdue rows: a red bar at the start, the days in bold and a red badge (a tinted row would dim its link's contrast).
    <Table.Tr data-overdue={item.overdue || undefined} style={item.overdue ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-filled)' } : undefined}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={item.overdue ? 700 : undefined}>
          {formatDay(item.due_on)}
        </Text>
        <Text size="xs" c={item.overdue ? undefined : 'dimmed'} fw={item.overdue ? 700 : undefined}>
          {daysText(item.days_left)}
        </Text>
      </Table.Td>
      <Table.Td>{what}</Table.Td>
      <Table.Td miw={200}>
        <Anchor component={Link} to={`/dashboard/bookings/${item.booking.id}`} fw={600}>
          {item.booking.title}
        </Anchor>
        <Text ff="monospace" size="xs" c="dimmed">
          {item.booking.reference}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.traveler.name}</Table.Td>
      <Table.Td maw={220}>
        <Text size="sm" lineClamp={2} c={item.trip ? undefined : 'dimmed'}>
          {item.trip?.title ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {item.amount && item.currency ? formatMoney(item.amount, item.currency) : '—'}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={item.overdue ? 'red' : item.kind === 'payment' ? 'yellow' : 'blue'} styles={{ label: { overflow: 'visible' } }}>
          {item.overdue ? 'Overdue' : item.kind === 'payment' ? 'Due' : 'Open'}
        </Badge>
      </Table.Td>
    </Table.Tr>
  )
}
