import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { OverviewSection } from '@meridian/core'
import { timeAgo } from '../shell/time-ago.ts'
import { quizStatus } from './quiz-status.ts'
import { SectionCard } from './section-card.tsx'

type TripPlanning = Extract<OverviewSection, { id: 'trip-planning' }>

/**
 * A traveler: where their planning stands (quiz taken? expert matched?) and the next step. Staff: the planning
 * pipeline in three counts.
 */
export function TripPlanningSection({ section, now }: { section: TripPlanning; now: Date }) {
  if (section.scope === 'team') {
    const figures = [
      { label: 'Quizzes awaiting review', value: section.awaiting_review },
      { label: 'Reviewed, waiting for an expert', value: section.awaiting_expert },
      { label: 'Travelers matched with an expert', value: section.matched },
    ]
    return (
      <SectionCard
        id={section.id}
        title="Trip Planning"
        description="Where travelers stand on their way to a planned trip."
        action={{ to: '/dashboard/trip-planning', label: 'Open Trip Planning' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {figures.map((f) => (
            <div key={f.label}>
              <Text size="xl" fw={700}>
                {f.value.toLocaleString('en-US')}
              </Text>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </SectionCard>
    )
  }

  const quiz = section.quiz
  if (!quiz) {
    return (
      <SectionCard id={section.id} title="Trip Planning" description="Your next trip starts with a short travel quiz.">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Three quick questions about your travel style, budget and company let us match you with the right travel
            expert.
          </Text>
          <Button component={Link} to="/onboarding-quiz">
            Take the quiz
          </Button>
        </Stack>
      </SectionCard>
    )
  }

  const status = quizStatus(quiz.status)
  return (
    <SectionCard id={section.id} title="Trip Planning" description="Your travel quiz and what comes next.">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Text size="sm">Travel quiz:</Text>
          <Badge color={status.color} variant="dot" radius="sm" data-testid="trip-planning-quiz-status">
            {status.label}
          </Badge>
          <Text size="xs" c="dimmed">
            sent {timeAgo(quiz.submitted_at, now)}
          </Text>
        </Group>
        <Text size="sm">
          {quiz.expert
            ? `${quiz.expert.name} is your travel expert.`
            : quiz.status === 'reviewed'
            ? 'Your quiz has been reviewed; an expert will be matched with you soon.'
            : 'A travel specialist will review your answers and match you with an expert.'}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/dashboard/book-trip">
            Book Trip
          </Button>
          <Button component={Link} to="/onboarding-quiz" variant="default">
            Retake the quiz
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  )
}
