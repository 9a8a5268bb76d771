import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ExpertFigures } from '@meridian/core'
import { TRIP_STATUS_COLORS, TRIP_STATUS_LABELS, TRIP_STATUSES } from '@meridian/validators/trip-constants'
import { plural } from '../trips/format.ts'

/** A figure that does not exist yet (no answer, no acceptance, no rating) reads as a dash, never as 0. */
const NONE = '—'
export const percent = (x: number | null) => (x === null ? NONE : `${x.toLocaleString('en-US')}%`)
export const hours = (x: number | null) => (x === null ? NONE : `${x.toLocaleString('en-US')} h`)
export const ratingText = (r: ExpertFigures['rating']) => (r.average === null ? NONE : `${r.average.toLocaleString('en-US')} / 5`)
const activeTrips = (s: ExpertFigures['trips_by_status']) => s.planning + s.booked + s.active

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym} ${ym.slice(0, 4)}`

/**
 * Trips completed in each of the last 12 months as plain SVG bars (no chart library): the figure's name says what it
 * shows, and the image's text alternative lists every month's number, so a screen reader gets the same data.
 */
export function CompletedChart({ months }: { months: ExpertFigures['completed_per_month'] }) {
  const width = 600
  const height = 180
  const top = 20
  const bottom = 24
  const slot = width / Math.max(months.length, 1)
  const max = Math.max(1, ...months.map((m) => m.completed))
  const total = months.reduce((s, m) => s + m.completed, 0)
  const summary = `Trips completed per month: ${months.map((m) => `${monthName(m.month)}, ${m.completed}`).join('; ')}.`
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Text component="figcaption" fw={600} mb="xs">
        Completed trips per month
        <Text span size="sm" c="dimmed" fw={400}>
          {' '}
          · {plural(total, 'trip', 'trips')} in the last 12 months
        </Text>
      </Text>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={summary} style={{ display: 'block', maxHeight: 220 }}>
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="var(--mantine-color-gray-5)" strokeWidth={1} />
        {months.map((m, i) => {
          const barHeight = ((height - top - bottom) * m.completed) / max
          const x = i * slot + slot * 0.2
          return (
            <g key={m.month}>
              <rect x={x} y={height - bottom - barHeight} width={slot * 0.6} height={barHeight} rx={3} fill="var(--mantine-color-teal-7)" />
              {m.completed > 0 ? (
                <text x={x + slot * 0.3} y={height - bottom - barHeight - 5} textAnchor="middle" fontSize={12} fill="currentColor">
                  {m.completed}
                </text>
              ) : null}
              <text x={x + slot * 0.3} y={height - 6} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
                {MONTHS[Number(m.month.slice(5, 7)) - 1]}
              </text>
            </g>
          )
        })}
      </svg>
    </Paper>
  )
}

/** One expert's figures: response time, acceptance, assignments, rating, trips by status and the monthly chart. */
export function ExpertFiguresView({ figures }: { figures: ExpertFigures }) {
  const a = figures.assignments
  const statuses = figures.trips_by_status
  const trips = TRIP_STATUSES.reduce((s, status) => s + statuses[status], 0)
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat label="Response time" value={hours(figures.response_time_hours)} hint="Average hours from assignment to acceptance" />
        <Stat
          label="Acceptance rate"
          value={percent(figures.acceptance_rate)}
          hint={`${a.accepted} accepted · ${a.declined} declined`}
        />
        <Stat label="Assignments" value={a.total.toLocaleString('en-US')} hint={`${a.pending} pending · ${a.withdrawn} withdrawn`} />
        <Stat
          label="Traveler rating"
          value={ratingText(figures.rating)}
          hint={figures.rating.count ? `Average of ${plural(figures.rating.count, 'rating', 'ratings')}` : 'No ratings yet'}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Trips by status">
          <Title order={3} size="h5" mb="sm">
            Trips by status
          </Title>
          <Stack gap="sm">
            {TRIP_STATUSES.map((status) => (
              <div key={status}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{TRIP_STATUS_LABELS[status]}</Text>
                  <Text size="sm" fw={600}>
                    {statuses[status]}
                  </Text>
                </Group>
                <Progress
                  value={trips ? (100 * statuses[status]) / trips : 0}
                  color={TRIP_STATUS_COLORS[status]}
                  size="sm"
                  aria-label={`${TRIP_STATUS_LABELS[status]}: ${plural(statuses[status], 'trip', 'trips')}`}
                />
              </div>
            ))}
          </Stack>
        </Paper>
        <CompletedChart months={figures.completed_per_month} />
      </SimpleGrid>
    </Stack>
  )
}

/** Every expert side by side; each name opens that expert's figures. */
export function ExpertsTable({ experts, base }: { experts: ExpertFigures[]; base: string }) {
  if (experts.length === 0) return <Text c="dimmed">No active experts.</Text>
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Experts' performance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Expert</Table.Th>
            <Table.Th>Response time</Table.Th>
            <Table.Th>Acceptance rate</Table.Th>
            <Table.Th>Assignments</Table.Th>
            <Table.Th>Pending</Table.Th>
            <Table.Th>Active trips</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Rating</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {experts.map((f) => (
            <Table.Tr key={f.expert.id}>
              <Table.Td>
                <Anchor component={Link} to={`${base}?expert=${f.expert.id}`}>
                  {f.expert.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{hours(f.response_time_hours)}</Table.Td>
              <Table.Td>{percent(f.acceptance_rate)}</Table.Td>
              <Table.Td>{f.assignments.total}</Table.Td>
              <Table.Td>{f.assignments.pending}</Table.Td>
              <Table.Td>{activeTrips(f.trips_by_status)}</Table.Td>
              <Table.Td>{f.trips_by_status.completed}</Table.Td>
              <Table.Td>
                {ratingText(f.rating)}
                {f.rating.count ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({f.rating.count})
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
