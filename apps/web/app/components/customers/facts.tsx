import { Badge, Group, Stack, Text } from '@mantine/core'
import type { CustomerStatus } from '@meridian/validators/quiz-constants'
import { TripStatusBadge, type TripSummaryData } from '../trip-desk/trip-summary.tsx'
import { formatRange, plural } from '../trips/format.ts'
import { CUSTOMER_STATUS_COLORS, CUSTOMER_STATUS_LABELS } from './format.ts'

export { Facts } from '../kit/facts.tsx'

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge color={CUSTOMER_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {CUSTOMER_STATUS_LABELS[status]}
    </Badge>
  )
}

/**
 * Trips as a list, newest first, with status, dates and the people on it. Plain text: the trip screens are the
 * traveler's (My Trips) and the expert's (Trip Assignments); staff follow a trip from Trip Planning's board.
 */
export function TripList({ trips, show, empty }: { trips: TripSummaryData[]; show: 'traveler' | 'expert'; empty: string }) {
  if (trips.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {trips.map((t) => (
        <Group component="li" key={t.id} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>{t.title}</Text>
            <Text size="sm" c="dimmed">
              {formatRange(t.start_date, t.end_date)} · {plural(t.travelers, 'traveler', 'travelers')}
              {show === 'traveler' ? ` · Traveler: ${t.traveler?.name ?? 'unknown'}` : ` · Expert: ${t.expert?.name ?? 'not assigned yet'}`}
            </Text>
          </Stack>
          <TripStatusBadge status={t.status} />
        </Group>
      ))}
    </Stack>
  )
}
