import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import {
  PRIORITY_TEXTS,
  type PriorityLevel,
  TRAVEL_STYLE_LABELS,
  type TravelStyle,
  TRIP_STATUS_LABELS,
  TRIP_TYPE_LABELS,
  type TripStatus,
  type TripType,
} from '@meridian/validators/trip-constants'
import { EmptyState } from '../kit/card-list.tsx'
import { quizStatus, quizTypeLabel } from '../overview/quiz-status.ts'
import { QuizTypeIcon } from '../quiz/quiz-type-icon.tsx'
import { formatDay, formatMoney, formatRange, plural } from '../trips/format.ts'
import { DeskSection } from './assignment-cards.tsx'
import { type TripSummaryData, TripSummary } from './trip-summary.tsx'

export interface BoardColumn {
  status: TripStatus
  count: number
  trips: TripSummaryData[]
}

/** Trips by status (the staff's and experts' planning board): each column its count and newest trips. */
export function TripBoard({ columns, showExpert = true }: { columns: BoardColumn[]; showExpert?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="md">
      {columns.map((c) => (
        <Paper key={c.status} withBorder radius="md" p="sm" component="section" aria-labelledby={`board-${c.status}`}>
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Title order={2} size="h4" id={`board-${c.status}`}>
              {TRIP_STATUS_LABELS[c.status]}
            </Title>
            <Badge variant="light" color="gray" aria-label={plural(c.count, 'trip', 'trips')}>
              {c.count.toLocaleString('en-US')}
            </Badge>
          </Group>
          {c.trips.length === 0 ? (
            <Text size="sm" c="dimmed">
              No trips.
            </Text>
          ) : (
            <Stack gap="xs">
              {c.trips.map((t) => (
                <Card key={t.id} withBorder radius="sm" padding="xs" component="article" aria-label={t.title}>
                  <TripSummary trip={t} showStatus={false} showExpert={showExpert} size="sm" />
                </Card>
              ))}
              {c.count > c.trips.length ? (
                <Text size="xs" c="dimmed">
                  and {plural(c.count - c.trips.length, 'older trip', 'older trips')}
                </Text>
              ) : null}
            </Stack>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  )
}

export interface PlanningRequest {
  id: number
  trip_id: number | null
  start_date: string
  end_date: string
  travelers: number
  travel_style: string
  trip_type: string
  priority_level: string
  budget_min: string
  budget_max: string
  created_at: string
}

export interface TravelerPlanningData {
  quiz: { status: string; quiz_type: string; submitted_at: string } | null
  /** The quiz types a traveler may take (general, maldives, luxury, adventure). */
  quizzes: { quiz_type: string; title: string; icon: string }[]
  requests: PlanningRequest[]
  trips: TripSummaryData[]
}

/** Whole-dollar budgets without the cents: "$1,000". */
const dollars = (amount: string) => formatMoney(amount).replace(/\.00$/, '')

const label = <K extends string>(labels: Record<K, string>, key: string) => labels[key as K] ?? key

/** The traveler's planning: their quiz, their trips (upcoming first) and the requests those trips came from. */
export function TravelerPlanning({ planning }: { planning: TravelerPlanningData }) {
  const { quiz, requests, trips } = planning
  const titles = new Map(trips.map((t) => [t.id, t.title]))
  const status = quizStatus(quiz?.status ?? null)
  return (
    <Stack gap="xl">
      <DeskSection title="Your travel quiz" description="Your answers help us match you with the right travel expert.">
        {quiz ? (
          <Group gap="sm">
            <Badge color={status.color} variant="dot" radius="sm">
              {status.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {quizTypeLabel(quiz.quiz_type)} quiz, sent {formatDay(quiz.submitted_at.slice(0, 10))}
            </Text>
            <Anchor component={Link} to="/onboarding-quiz" size="sm">
              Retake the quiz
            </Anchor>
          </Group>
        ) : (
          <Group gap="sm">
            <Text size="sm">You have not taken the travel quiz yet.</Text>
            <Button component={Link} to="/onboarding-quiz" size="xs">
              Take the quiz
            </Button>
          </Group>
        )}
        {planning.quizzes.length > 0 ? (
          <Stack gap={6} mt="md">
            <Text size="sm" fw={600}>
              Planning something special? Take a themed quiz:
            </Text>
            <Group gap="sm">
              {planning.quizzes.map((q) => (
                <Button
                  key={q.quiz_type}
                  component={Link}
                  to={`/dashboard/quizzes?type=${q.quiz_type}`}
                  variant="light"
                  size="xs"
                  leftSection={<QuizTypeIcon icon={q.icon} size={16} />}
                >
                  {q.title}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
      </DeskSection>
      <DeskSection title="Your trips" description="Upcoming and in-progress trips first, then finished and cancelled ones.">
        {trips.length === 0 ? (
          <EmptyState title="No trips yet" hint="Book a trip and an expert will plan it with you.">
            <Button component={Link} to="/dashboard/book-trip" size="xs" mt="xs">
              Book Trip
            </Button>
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {trips.map((t) => (
              <Card key={t.id} withBorder radius="md" padding="md" component="article" aria-label={t.title}>
                <Stack gap="xs" h="100%">
                  <TripSummary trip={t} showTraveler={false} showExpert />
                  <Anchor component={Link} to={`/dashboard/trips/${t.id}`} size="sm" mt="auto" aria-label={`View trip: ${t.title}`}>
                    View trip
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </DeskSection>
      <DeskSection title="Your trip requests" description="What you asked for, newest first.">
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No trip requests yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {requests.map((r) => (
              <Paper key={r.id} withBorder radius="md" p="sm" component="li">
                <Text fw={600} size="sm">
                  {(r.trip_id !== null && titles.get(r.trip_id)) || formatRange(r.start_date, r.end_date)}
                </Text>
                <Text size="xs" c="dimmed">
                  Sent {formatDay(r.created_at.slice(0, 10))} · {plural(r.travelers, 'traveler', 'travelers')} ·{' '}
                  {label<TravelStyle>(TRAVEL_STYLE_LABELS, r.travel_style)} · {label<TripType>(TRIP_TYPE_LABELS, r.trip_type)} ·{' '}
                  {PRIORITY_TEXTS[r.priority_level as PriorityLevel]?.label ?? r.priority_level} priority · {dollars(r.budget_min)}–{dollars(r.budget_max)} per person
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </DeskSection>
    </Stack>
  )
}
