import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { CustomerDto } from '@meridian/core'
import { TRIP_TYPE_LABELS } from '@meridian/validators/trip-constants'
import { formatMoney } from '../trips/format.ts'
import { CustomerStatusBadge, Facts } from './facts.tsx'
import { formatDate, initials, listText, satisfactionText } from './format.ts'

/** What the list and the profile say about the traveler's expert. */
export function expertText(c: Pick<CustomerDto, 'assigned_expert' | 'status'>): string {
  const e = c.assigned_expert
  if (e) return e.trip_type ? `${e.name} (${TRIP_TYPE_LABELS[e.trip_type]} trips)` : e.name
  // Active without a standing expert: an expert works on one of their trips.
  return c.status === 'active' ? 'Assigned per trip' : 'Not matched yet'
}

/** The figures every view of a traveler shows. */
export function customerFacts(c: CustomerDto): [string, React.ReactNode][] {
  return [
    ['Expert', expertText(c)],
    ['Total trips', c.total_trips.toLocaleString('en-US')],
    ['Total spent', formatMoney(c.total_spent, c.total_spent_currency)],
    ['Satisfaction', satisfactionText(c.satisfaction)],
    ['Last activity', formatDate(c.last_activity)],
    ['Joined', formatDate(c.join_date)],
  ]
}

/**
 * One traveler of the Customer Profiles list; the note arrives shortened from the loader. `chat` is null where this user
 * may not open a conversation with them (no button that would only be refused).
 */
export function CustomerCard({ customer: c, profile, chat }: { customer: CustomerDto; profile: string; chat: string | null }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={c.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar radius="xl" color="teal" aria-hidden="true">
              {initials(c.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{c.name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            </div>
          </Group>
          <CustomerStatusBadge status={c.status} />
        </Group>
        <Facts rows={customerFacts(c)} />
        <Facts cols={1} rows={[['Preferred destinations', listText(c.preferred_destinations)]]} />
        {c.notes ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              Note:{' '}
            </Text>
            {c.notes}
          </Text>
        ) : null}
        <Group gap="xs" mt="auto">
          <Button component={Link} to={profile} size="xs" variant="light" aria-label={`View Profile: ${c.name}`}>
            View Profile
          </Button>
          {chat ? (
            <Button component={Link} to={chat} size="xs" variant="default" aria-label={`Chat with ${c.name}`}>
              Chat
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  )
}
