import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { FlightDto } from '@meridian/core'
import { AmenityIcon } from './amenity-icons.tsx'
import { AMENITY_ICONS, AVAILABILITY_COLORS, CLASS_COLORS, formatMoney, seatsLabel, stopsLabel } from './format.ts'

function End({ end, align }: { end: FlightDto['departure']; align: 'left' | 'right' }) {
  return (
    <Stack gap={0} ta={align}>
      <Text fw={700} fz="xl">
        {end.time}
      </Text>
      <Text fw={600} size="sm">
        {end.code}
      </Text>
      <Text size="xs" c="dimmed">
        {end.city || end.airport}
      </Text>
    </Stack>
  )
}

/**
 * A result card (2-catalogue-content.md §2 Flight Management): airline, flight number, aircraft, class badge, seats
 * badge, departure and arrival (time, code, city), duration, stops, rating with reviews, amenity icons, price per
 * person and Book Now (a link: the Book Flight dialog is a route of its own), or a multi-city leg's choice.
 */
export function FlightCard({ flight: f, bookTo, choice }: { flight: FlightDto; bookTo: string | null; choice?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${f.airline} ${f.flight_number}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{f.airline}</Text>
            <Text size="sm" c="dimmed">
              {f.flight_number} · {f.aircraft || 'Aircraft not set'}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Badge color={CLASS_COLORS[f.class]} variant="light">
              {f.class_label}
            </Badge>
            <Badge color={AVAILABILITY_COLORS[f.booking_status]} variant="dot" data-status={f.booking_status}>
              {seatsLabel(f.availability)}
            </Badge>
          </Stack>
        </Group>
        <Group justify="space-between" wrap="nowrap" align="center">
          <End end={f.departure} align="left" />
          <Stack gap={0} align="center" style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {f.duration}
            </Text>
            <Text size="xs" aria-hidden>
              ───✈───
            </Text>
            <Text size="xs" c="dimmed">
              {stopsLabel(f.stops)}
            </Text>
          </Stack>
          <End end={f.arrival} align="right" />
        </Group>
        <Text size="xs" c="dimmed">
          {f.departure.date === f.arrival.date ? f.departure.date : `${f.departure.date} → ${f.arrival.date}`} (local times)
        </Text>
        <Group justify="space-between" align="center">
          <Text size="sm">
            {f.rating ? `★ ${f.rating}` : 'No rating'}{' '}
            <Text span c="dimmed" size="sm">
              ({f.reviews.toLocaleString('en-US')} reviews)
            </Text>
          </Text>
          <Group gap={6} aria-label="Amenities">
            {f.amenities.map((a) => (
              <Tooltip key={a} label={AMENITY_ICONS[a]?.label ?? a}>
                <Text span role="img" aria-label={AMENITY_ICONS[a]?.label ?? a} c="dimmed" style={{ display: 'inline-flex' }}>
                  <AmenityIcon name={a} />
                </Text>
              </Tooltip>
            ))}
          </Group>
        </Group>
        <Group justify="space-between" align="flex-end" mt="auto">
          <Stack gap={0}>
            <Text fw={700} fz="lg">
              {formatMoney(f.price, f.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              per person
            </Text>
          </Stack>
          {choice}
          {bookTo ? (
            <Button component={Link} to={bookTo} preventScrollReset aria-label={`Book Now: ${f.airline} ${f.flight_number}`}>
              Book Now
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  )
}
