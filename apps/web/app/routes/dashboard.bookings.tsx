import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { BOOKING_MESSAGES, type BookingDto, bookingScope, type BookingSummary, bookingSummary, DomainError, LIST_PAGE_MAX, listBookings } from '@meridian/core'
import { BOOKING_TYPES, type BookingStatus, type BookingType, type PaymentState } from '@meridian/validators/booking-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import {
  awaitsPayment,
  BOOKING_FILTERS,
  BOOKING_STATUS_COLORS,
  BOOKING_STATUS_LABELS,
  BOOKING_TYPE_COLORS,
  BOOKING_TYPE_LABELS,
  toBeQuoted,
} from '../components/bookings/labels.ts'
import { PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS } from '../components/payments/labels.ts'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Booking Management · Meridian Travel' }]

const BASE = '/dashboard/bookings'

/** What a row of the list shows: the booking's answer less what only its details use (sent lighter). */
const row = (b: BookingDto) => ({
  id: b.id,
  reference: b.reference,
  title: b.title,
  type: b.type,
  status: b.status,
  payment_status: b.payment_status,
  date: b.date,
  end_date: b.end_date,
  amount: b.amount,
  currency: b.currency,
  trip: b.trip,
  traveler: b.traveler,
})
type Row = ReturnType<typeof row>

/**
 * Booking Management (2-catalogue-content.md; docs/bookings.md "Bookings screen"): the summary cards, the type
 * filters and search as links and a GET form, the bookings the user sees. Superadmin, admin, expert and traveler.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const scope = bookingScope(actor)
  if (!scope) return data({ denied: true as const, message: BOOKING_MESSAGES.denied }, { status: 403 })
  const url = new URL(request.url)
  const search = (url.searchParams.get('search') ?? '').slice(0, 200)
  const raw = url.searchParams.get('type') ?? ''
  const type = (BOOKING_TYPES as readonly string[]).includes(raw) ? (raw as BookingType) : ''
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  try {
    const [list, summary] = await Promise.all([listBookings(ctx, { type, search }, listWindow(url.searchParams, pageSize)), bookingSummary(ctx)])
    return {
      denied: false as const,
      staff: scope !== 'own',
      /** Admins and the superadmin keep the booking settings. */
      admin: scope === 'all',
      me: actor.id,
      search,
      type,
      page,
      pageSize,
      summary,
      count: list.count,
      results: list.results.map(row),
      error: null,
    }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
    const message = error.fields ? Object.values(error.fields).flat().join(' ') : BOOKING_MESSAGES.loadFailed
    return {
      denied: false as const,
      staff: scope !== 'own',
      /** Admins and the superadmin keep the booking settings. */
      admin: scope === 'all',
      me: actor.id,
      search,
      type,
      page,
      pageSize,
      summary: null,
      count: 0,
      results: [] as Row[],
      error: message,
    }
  }
}

export default function BookingManagement() {
  const loaded = useLoaderData<typeof loader>()
  const { search: query } = useLocation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  const { search, type, summary, count, results, page, pageSize, error, staff, me, admin } = loaded
  const filterHref = (key: string) => {
    const params = new URLSearchParams()
    if (search) params.set('search', search)
    if (key !== 'all') params.set('type', key)
    const qs = params.toString()
    return qs ? `${BASE}?${qs}` : BASE
  }
  const exportParams = new URLSearchParams()
  if (search) exportParams.set('search', search)
  if (type) exportParams.set('type', type)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Booking Management" description="Your flight, hotel, activity and trip bookings in one list, with their status and value.">
        <Group gap="xs">
          {staff ? (
            <Button component={Link} to="/dashboard/bookings/due-soon" variant="light">
              Due soon
            </Button>
          ) : null}
          <Button component={Link} to="/dashboard/flights" variant="light">
            Flights
          </Button>
          <Button component={Link} to="/dashboard/accommodations" variant="light">
            Accommodations
          </Button>
          <Button component="a" href={`${BASE}/export${exportParams.size ? `?${exportParams}` : ''}`} variant="default" download>
            Export CSV
          </Button>
          {admin ? (
            <Button component={Link} to={`${BASE}/settings`} variant="default">
              Booking settings
            </Button>
          ) : null}
        </Group>
      </PageHeader>
      {summary ? <SummaryCards summary={summary} /> : null}
      <Group gap="xs" role="navigation" aria-label="Booking type">
        {BOOKING_FILTERS.map((key) => {
          const active = (type || 'all') === key
          return (
            <Button
              key={key}
              component={Link}
              to={filterHref(key)}
              preventScrollReset
              size="xs"
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
              tt="capitalize"
            >
              {key}
            </Button>
          )
        })}
      </Group>
      <FilterBar search={search} placeholder="Search by reference or title..." selects={[]} hidden={type ? { type } : undefined} />
      <ErrorBanner message={error} />
      <Outlet />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 booking' : `${count.toLocaleString('en-US')} bookings`}
      </Text>
      {results.length === 0 ? (
        error ? null : (
          <EmptyState
            title="No bookings found"
            hint={search || type ? 'Try adjusting your search criteria' : 'Book a flight, a stay or an activity to see it here.'}
          />
        )
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Trip</Table.Th>
                  {staff ? <Table.Th>Traveler</Table.Th> : null}
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((b) => (
                  <BookingRow key={b.id} booking={b} staff={staff} mine={b.traveler.id === me} query={query} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={query} />
    </Stack>
  )
}

/** The four cards: Confirmed, Pending, Total Value (in the summary's currency), Upcoming. */
function SummaryCards({ summary }: { summary: BookingSummary }) {
  const unconverted = summary.unconverted.map((u) => formatMoney(u.amount, u.currency)).join(', ')
  const cards: [string, string, string | null][] = [
    ['Confirmed', summary.confirmed.toLocaleString('en-US'), null],
    ['Pending', summary.pending.toLocaleString('en-US'), null],
    ['Total Value', formatMoney(summary.total_value, summary.currency), unconverted ? `plus ${unconverted} (no rate in force)` : 'Confirmed and pending'],
    ['Upcoming', summary.upcoming.toLocaleString('en-US'), null],
  ]
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label="Booking summary">
      {cards.map(([label, value, hint]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz={24} data-card={label}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  )
}

/** Badges keep their whole word: a table squeezes cells, and a truncated status says nothing. */
const whole = { label: { overflow: 'visible' } } as const

function BookingRow({ booking: b, staff, mine, query }: { booking: Row; staff: boolean; mine: boolean; query: string }) {
  const detail = `${BASE}/${b.id}${query}`
  const pay = awaitsPayment(b) && (mine || staff)
  return (
    <Table.Tr>
      <Table.Td miw={200}>
        <Anchor component={Link} to={detail} preventScrollReset fw={600}>
          {b.title}
        </Anchor>
        <Text ff="monospace" size="xs" c="dimmed">
          {b.reference}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={BOOKING_TYPE_COLORS[b.type as BookingType]} styles={whole}>
          {BOOKING_TYPE_LABELS[b.type as BookingType]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={BOOKING_STATUS_COLORS[b.status as BookingStatus]} styles={whole}>
          {BOOKING_STATUS_LABELS[b.status as BookingStatus]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={PAYMENT_STATE_COLORS[b.payment_status as PaymentState]} styles={whole}>
          {PAYMENT_STATE_LABELS[b.payment_status as PaymentState]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDay(b.date)}
        {b.end_date && b.end_date !== b.date ? (
          <Text size="xs" c="dimmed">
            to {formatDay(b.end_date)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {toBeQuoted(b) ? 'To be quoted' : formatMoney(b.amount, b.currency)}
      </Table.Td>
      <Table.Td maw={220}>
        {b.trip ? (
          mine ? (
            <Anchor component={Link} to={`/dashboard/trips/${b.trip.id}`} size="sm" lineClamp={2}>
              {b.trip.title}
            </Anchor>
          ) : (
            <Text size="sm" lineClamp={2}>
              {b.trip.title}
            </Text>
          )
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      {staff ? (
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{b.traveler.name}</Text>
        </Table.Td>
      ) : null}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={detail} preventScrollReset size="compact-xs" variant="default" aria-label={`View booking ${b.reference}`}>
            View
          </Button>
          {pay ? (
            <Button component={Link} to={`${BASE}/${b.id}/pay${query}`} size="compact-xs" aria-label={`${mine ? 'Pay now' : 'Payment'}: ${b.reference}`}>
              {mine ? 'Pay now' : 'Payment'}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}
