import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { BookingDto } from '@meridian/core'
import { CABIN_CLASS_LABELS, type CabinClass } from '@meridian/validators/booking-constants'
import { formatDay, formatMoney, plural } from './format.ts'

const STATUS_COLORS = { confirmed: 'green', pending: 'yellow', cancelled: 'red' } as const
const STATUS_LABELS = { confirmed: 'Confirmed', pending: 'Pending', cancelled: 'Cancelled' } as const

interface FlightDetails {
  airline?: string
  flight_number?: string
  from?: { code?: string; city?: string }
  to?: { code?: string; city?: string }
  departure_local?: string
  arrival_local?: string
}

/** One flight booking in Manage Bookings or Flight History: the flight, route, local times, passengers, class, amount. */
export function FlightBookingCard({ booking: b }: { booking: BookingDto }) {
  const d = b.details as FlightDetails
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Booking ${b.reference}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>
              {d.airline ?? b.title} {d.flight_number ?? ''}
            </Text>
            <Text size="xs" c="dimmed">
              Reference {b.reference}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[b.status]} variant="light" style={{ flexShrink: 0 }}>
            {STATUS_LABELS[b.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {d.from?.code ?? '?'} {d.from?.city ? `(${d.from.city})` : ''} → {d.to?.code ?? '?'} {d.to?.city ? `(${d.to.city})` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {d.departure_local ? `Departs ${d.departure_local}, arrives ${d.arrival_local} (local times)` : formatDay(b.date)}
        </Text>
        <Group justify="space-between">
          <Text size="sm">
            {plural(b.party_size, 'passenger', 'passengers')}
            {b.cabin_class ? ` · ${CABIN_CLASS_LABELS[b.cabin_class as CabinClass]}` : ''}
            {b.trip ? ` · ${b.trip.title}` : ''}
          </Text>
          <Text fw={600}>{formatMoney(b.amount, b.currency)}</Text>
        </Group>
        <Anchor component={Link} to={`/dashboard/bookings/${b.id}`} size="sm" aria-label={`View booking ${b.reference}`}>
          View booking
        </Anchor>
      </Stack>
    </Card>
  )
}
