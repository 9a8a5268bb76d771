import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { AnalyticsReport } from '@meridian/core'
import { formatWholeMoney } from '../trips/format.ts'
import classes from './analytics.module.css'

type Cards = AnalyticsReport['cards']
type Figure = { value: number | string | null; previous: number | string | null; change: number | null }

const number = (n: number) => n.toLocaleString('en-US')
const HEALTH_COLORS = { operational: 'green', degraded: 'yellow', down: 'red' } as const

/** The change against the previous period, as the card's last line. */
function Change({ figure, lowerIsBetter = false }: { figure: Figure; lowerIsBetter?: boolean }) {
  if (figure.change === null) {
    return (
      <Text size="xs" c="dimmed">
        No figure for the previous period to compare
      </Text>
    )
  }
  const up = figure.change > 0
  const good = figure.change === 0 ? null : up !== lowerIsBetter
  return (
    <Text size="xs" c={good === null ? 'dimmed' : undefined} className={good === null ? undefined : good ? classes.better : classes.worse}>
      {up ? '+' : ''}
      {figure.change}% vs previous period
    </Text>
  )
}

function Card({
  label,
  value,
  figure,
  lowerIsBetter,
  extra,
}: {
  label: string
  value: string
  figure: Figure
  lowerIsBetter?: boolean
  extra?: React.ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fw={700} fz={24} data-card={label}>
          {value}
        </Text>
        {extra}
      </Group>
      <Change figure={figure} lowerIsBetter={lowerIsBetter} />
    </Paper>
  )
}

const or = (value: number | string | null, text: (v: never) => string) => (value === null ? '—' : text(value as never))

/** The two rows of cards of 2-catalogue-content.md "Analytics Dashboard". */
export function AnalyticsCards({ cards, currency }: { cards: Cards; currency: string }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Card label="Total Users" value={or(cards.total_users.value, number)} figure={cards.total_users} />
        <Card label="Active Trips" value={or(cards.active_trips.value, number)} figure={cards.active_trips} />
        <Card label="Total Revenue" value={or(cards.total_revenue.value, (v: string) => formatWholeMoney(v, currency))} figure={cards.total_revenue} />
        <Card
          label="System Health"
          value={or(cards.system_health.value, (v: number) => `${v}%`)}
          figure={cards.system_health}
          extra={
            <Badge color={HEALTH_COLORS[cards.system_health.state]} variant="light">
              {cards.system_health.label}
            </Badge>
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Card label="Quiz Completion" value={or(cards.quiz_completion.value, (v: number) => `${v}%`)} figure={cards.quiz_completion} />
        <Card label="Avg Trip Value" value={or(cards.avg_trip_value.value, (v: string) => formatWholeMoney(v, currency))} figure={cards.avg_trip_value} />
        <Card label="Response Time" value={or(cards.response_time_hours.value, (v: number) => `${v} h`)} figure={cards.response_time_hours} lowerIsBetter />
        <Card label="API Response" value={or(cards.api_response.value, (v: number) => `${number(v)} ms`)} figure={cards.api_response} lowerIsBetter />
      </SimpleGrid>
    </Stack>
  )
}

export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  )
}

export function UserDistribution({ roles }: { roles: AnalyticsReport['roles'] }) {
  if (!roles.length) return <Text c="dimmed">No users yet.</Text>
  return (
    <Stack gap="sm">
      {roles.map((r) => (
        <div key={r.role}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" tt="capitalize">
              {r.role}
            </Text>
            <Text size="sm">
              {number(r.count)} ({r.percentage}%)
            </Text>
          </Group>
          <Progress value={r.percentage} aria-label={`${r.role}: ${r.percentage}% of users`} />
        </div>
      ))}
    </Stack>
  )
}

export function TopDestinations({ rows, currency }: { rows: AnalyticsReport['top_destinations']; currency: string }) {
  if (!rows.length) return <Text c="dimmed">No trips in this period.</Text>
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Destination</Table.Th>
          <Table.Th ta="right">Trips</Table.Th>
          <Table.Th ta="right">Rating</Table.Th>
          <Table.Th ta="right">Revenue</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((d, i) => (
          <Table.Tr key={d.id}>
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td>{d.name}</Table.Td>
            <Table.Td ta="right">{number(d.trips)}</Table.Td>
            <Table.Td ta="right">{d.rating === null ? 'Not rated' : `${d.rating} / 5`}</Table.Td>
            <Table.Td ta="right">{formatWholeMoney(d.revenue, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The daily series as a table: what the charts draw, readable without JavaScript and by screen readers. */
export function DailyTable({ daily, currency }: { daily: AnalyticsReport['daily']; currency: string }) {
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label="Daily figures">
      <Table striped stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Users</Table.Th>
            <Table.Th ta="right">Trips</Table.Th>
            <Table.Th ta="right">Revenue</Table.Th>
            <Table.Th ta="right">Quizzes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...daily].reverse().map((d) => (
            <Table.Tr key={d.date}>
              <Table.Td>{d.date}</Table.Td>
              <Table.Td ta="right">{d.users}</Table.Td>
              <Table.Td ta="right">{d.trips}</Table.Td>
              <Table.Td ta="right">{formatWholeMoney(d.revenue, currency)}</Table.Td>
              <Table.Td ta="right">{d.quizzes}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

export function HealthPanel({ health }: { health: AnalyticsReport['system_health'] }) {
  const rows: [string, string][] = [
    ['Uptime', health.uptime_percent === null ? 'Not measured yet' : `${health.uptime_percent}%`],
    ['API response (p95)', health.api_p95_ms === null ? 'No requests recorded' : `${number(health.api_p95_ms)} ms`],
    ['Error rate', health.error_rate === null ? 'No requests recorded' : `${health.error_rate}%`],
    ['Requests', number(health.requests)],
  ]
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">Overall health</Text>
        <Badge color={HEALTH_COLORS[health.state]} variant="light" data-health={health.state}>
          {health.label}
        </Badge>
      </Group>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

const QUESTION_LABELS: Record<string, string> = { travel_style: 'Travel style', budget_range: 'Budget', group_size: 'Group size' }
const STEPS = ['quizzes', 'reviewed', 'trips', 'proposals', 'accepted', 'bookings'] as const
const STEP_LABELS = {
  quizzes: 'Quizzes',
  reviewed: 'Reviewed',
  trips: 'Trip requested',
  proposals: 'Proposal sent',
  accepted: 'Proposal accepted',
  bookings: 'Booking confirmed',
}

export function FunnelPanel({ funnel }: { funnel: AnalyticsReport['funnel'] }) {
  const rows = [
    { key: 'all', label: 'All travelers', counts: funnel.all },
    ...funnel.by_answer.map((a) => ({
      key: `${a.question}:${a.answer}`,
      label: `${QUESTION_LABELS[a.question] ?? a.question}: ${a.answer}`,
      counts: a.counts,
    })),
  ]
  const share = (n: number, of: number) => (of ? ` (${Math.round((n / of) * 1000) / 10}%)` : '')
  return (
    <div className={classes.scrollX} tabIndex={0} role="region" aria-label="Quiz funnel by answer">
      <Table striped miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Travelers</Table.Th>
            {STEPS.map((s) => (
              <Table.Th key={s} ta="right">
                {STEP_LABELS[s]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={r.key === 'all' ? 700 : 400}>
                {r.label}
              </Table.Th>
              {STEPS.map((s) => (
                <Table.Td key={s} ta="right">
                  {number(r.counts[s])}
                  {s === 'quizzes' ? '' : share(r.counts[s], r.counts.quizzes)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

/** Hours as the table shows them: under two days in hours, then in days (one decimal each). */
export const hoursText = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.round((hours / 24) * 10) / 10} days`)

/**
 * The proposals of the period by the person who sent them (docs/analytics.md "Proposals"): rounds sent, the trips
 * they were for, those accepted, the rate, and the median time from the trip's request to its acceptance. A plain
 * table, so it reads the same without JavaScript.
 */
export function ProposalsPanel({ proposals }: { proposals: AnalyticsReport['proposals'] }) {
  const { all, experts } = proposals
  if (!all.trips) return <Text c="dimmed">No proposals sent in this period.</Text>
  const rows = [
    { key: 'all', label: 'All experts', counts: all },
    ...experts.map((e) => ({ key: String(e.expert_id ?? 'deleted'), label: e.expert, counts: e })),
  ]
  return (
    <Stack gap="sm">
      <Text size="sm">
        Median time from trip request to acceptance:{' '}
        <Text span fw={700} data-figure="median-to-accept">
          {all.median_hours_to_accept === null ? 'none accepted yet' : hoursText(all.median_hours_to_accept)}
        </Text>
      </Text>
      <div className={classes.scrollX} tabIndex={0} role="region" aria-label="Proposals by expert">
        <Table striped miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Expert</Table.Th>
              <Table.Th ta="right">Proposals sent (rounds)</Table.Th>
              <Table.Th ta="right">Trips with a proposal</Table.Th>
              <Table.Th ta="right">Accepted</Table.Th>
              <Table.Th ta="right">Acceptance rate</Table.Th>
              <Table.Th ta="right">Median request to acceptance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Th scope="row" fw={r.key === 'all' ? 700 : 400}>
                  {r.label}
                </Table.Th>
                <Table.Td ta="right">{number(r.counts.rounds)}</Table.Td>
                <Table.Td ta="right">{number(r.counts.trips)}</Table.Td>
                <Table.Td ta="right">{number(r.counts.accepted)}</Table.Td>
                <Table.Td ta="right">{r.counts.acceptance_rate === null ? '—' : `${r.counts.acceptance_rate}%`}</Table.Td>
                <Table.Td ta="right">{r.counts.median_hours_to_accept === null ? '—' : hoursText(r.counts.median_hours_to_accept)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Text size="xs" c="dimmed">
        Trips with a round sent in the period; accepted whenever since. A trip counts once in All experts, and with each person who sent it a round; it is
        accepted for the one whose round was accepted.
      </Text>
    </Stack>
  )
}
