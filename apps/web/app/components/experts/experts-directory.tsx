import { Anchor, Badge, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ExpertDirectoryEntry } from '@meridian/core'
import { listText } from '../customers/format.ts'
import { hours, percent } from '../trip-desk/performance-figures.tsx'
import { plural } from '../trips/format.ts'

export function ExpertStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  )
}

export const yearsText = (n: number) => (n > 0 ? plural(n, 'year', 'years') : 'New to Meridian')

/** Every expert with what matching a traveler needs to know: where, what, how busy and how responsive. */
export function ExpertsTable({ experts, base }: { experts: ExpertDirectoryEntry[]; base: string }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Experts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Expert</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Countries</Table.Th>
            <Table.Th>Specializations</Table.Th>
            <Table.Th>Experience</Table.Th>
            <Table.Th>Current load</Table.Th>
            <Table.Th>Acceptance rate</Table.Th>
            <Table.Th>Response time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {experts.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Anchor component={Link} to={`${base}/${e.id}`} fw={600}>
                  {e.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  @{e.username}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ExpertStatusBadge active={e.is_active} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm">{listText(e.countries.map((c) => c.name))}</Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm">{listText(e.specializations)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{yearsText(e.years_experience)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{plural(e.open_trips, 'open trip', 'open trips')}</Table.Td>
              <Table.Td>{percent(e.acceptance_rate)}</Table.Td>
              <Table.Td>{hours(e.response_time_hours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
