import { Badge, Group, Stack, Text } from '@mantine/core'
import type { TripDto } from '@meridian/core'
import { TRIP_STATUS_COLORS, TRIP_STATUS_LABELS, type TripStatus } from '@meridian/validators/trip-constants'
import { formatRange, plural } from '../trips/format.ts'

/** The parts of a trip (core's TripDto, as loader data) the desk screens show. */
export interface TripSummaryData {
  id: number
  title: string
  start_date: string
  end_date: string
  travelers: number
  status: TripStatus
  traveler: { name: string } | null
  expert?: { name: string } | null
}

/** Only what the desk screens show of a trip: loader data stays small. */
export function tripSummaryOf(t: TripDto): TripSummaryData {
  return {
    id: t.id,
    title: t.title,
    start_date: t.start_date,
    end_date: t.end_date,
    travelers: t.travelers,
    status: t.status,
    traveler: t.traveler ? { name: t.traveler.name } : null,
    expert: t.expert ? { name: t.expert.name } : null,
  }
}

export function TripStatusBadge({ status }: { status: TripStatus }) {
  return (
    <Badge color={TRIP_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {TRIP_STATUS_LABELS[status]}
    </Badge>
  )
}

/**
 * A trip's title with its status badge, then its dates, party size and traveler (and expert, when asked): the one
 * line every trip list of the expert desk, the assignment queue and the planning board starts with.
 */
export function TripSummary({
  trip,
  showStatus = true,
  showTraveler = true,
  showExpert = false,
  size = 'md',
}: {
  trip: TripSummaryData
  /** Left out where the status is said already (a column of the board). */
  showStatus?: boolean
  /** Left out on the traveler's own screens. */
  showTraveler?: boolean
  showExpert?: boolean
  size?: 'sm' | 'md'
}) {
  const people = [
    showTraveler && trip.traveler ? `Traveler: ${trip.traveler.name}` : null,
    showExpert ? `Expert: ${trip.expert?.name ?? 'not assigned yet'}` : null,
  ]
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} size={size === 'sm' ? 'sm' : 'md'}>
          {trip.title}
        </Text>
        {showStatus ? <TripStatusBadge status={trip.status} /> : null}
      </Group>
      <Text size={size === 'sm' ? 'xs' : 'sm'} c="dimmed">
        {formatRange(trip.start_date, trip.end_date)} · {plural(trip.travelers, 'traveler', 'travelers')}
      </Text>
      {people.some(Boolean) ? (
        <Text size={size === 'sm' ? 'xs' : 'sm'}>{people.filter(Boolean).join(' · ')}</Text>
      ) : null}
    </Stack>
  )
}
