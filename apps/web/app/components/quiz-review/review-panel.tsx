import { Anchor, Badge, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { QuizReviewDto } from '@meridian/core'
import { QUIZ_TYPE_LABELS, type QuizType } from '@meridian/validators/quiz-constants'
import { TRIP_TYPE_LABELS, type TripType } from '@meridian/validators/trip-constants'
import { ErrorBanner } from '../kit/banners.tsx'
import { IconCircleCheck } from '../public/icons.tsx'
import { ScoreBadge, StatusBadge, submittedOn } from './queue-list.tsx'
import { QuizTypeIcon } from '../quiz/quiz-type-icon.tsx'
import classes from './quiz-review.module.css'
import { RankedExperts, ReviewForm, type ReviewFailure, type ReviewPanelData } from './review-form.tsx'

export type { ReviewPanelData }

export const PANEL_ID = 'quiz-review'

/**
 * The side panel of ?quiz=ID: who took the quiz, each question with its answer, what matching read, and either the
 * review form (awaiting a specialist) or the stored review (reviewed).
 */
export function ReviewPanel({ review, closeTo, failure }: { review: ReviewPanelData; closeTo: string; failure: ReviewFailure | null }) {
  const { submission: s, quiz } = review
  const typeLabel = QUIZ_TYPE_LABELS[s.quiz_type as QuizType] ?? s.quiz_type
  const awaiting = s.status === 'awaiting_specialist'
  return (
    <Paper component="section" id={PANEL_ID} aria-label="Quiz review" withBorder radius="md" p="lg" className={classes.panel}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={44} radius="md" color={awaiting ? 'orange' : 'teal'}>
              <QuizTypeIcon icon={review.icon} size={24} />
            </ThemeIcon>
            <div>
              <Title order={2} size="h3">
                {quiz?.title ?? `${typeLabel} quiz`}
              </Title>
              <Text size="sm" c="dimmed">
                {typeLabel} quiz · submitted {submittedOn(s.submitted_at)}
              </Text>
            </div>
          </Group>
          <Anchor component={Link} to={closeTo} preventScrollReset size="sm">
            Close
          </Anchor>
        </Group>
        <ErrorBanner message={failure?.message} />

        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Traveler
            </Text>
            <Text fw={600}>{s.traveler?.name ?? 'Unknown traveler'}</Text>
            {s.traveler ? (
              <Text size="sm" c="dimmed">
                @{s.traveler.username} · {s.traveler.email}
              </Text>
            ) : null}
          </div>
          <StatusBadge status={s.status} />
        </Group>

        <Stack gap="xs" component="dl" m={0}>
          {quiz
            ? quiz.questions.map((q) => (
                <div key={q.id}>
                  <Text component="dt" size="sm" c="dimmed">
                    {q.question}
                  </Text>
                  <Text component="dd" m={0} fw={500}>
                    {q.answer ?? 'Not answered'}
                  </Text>
                </div>
              ))
            : Object.entries(s.quiz_data).map(([key, answer]) => (
                <div key={key}>
                  <Text component="dt" size="sm" c="dimmed">
                    {key}
                  </Text>
                  <Text component="dd" m={0} fw={500}>
                    {answer}
                  </Text>
                </div>
              ))}
        </Stack>

        <Divider />
        <MatchingRead review={review} />
        <Divider />

        {awaiting ? <ReviewForm key={s.id} review={review} failure={failure} /> : <StoredReview review={review} />}
      </Stack>
    </Paper>
  )
}

/** What matching read from the answers, and who the traveler's experts are now. */
function MatchingRead({ review }: { review: ReviewPanelData }) {
  const { needs, tag_labels, traveler_experts: experts } = review
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        What matching read
      </Title>
      <Text size="sm">Destinations: {needs.countries.length ? needs.countries.map((c) => c.name).join(', ') : 'none named'}</Text>
      <Group gap={6}>
        <Text size="sm">Interests:</Text>
        {tag_labels.length ? (
          tag_labels.map((t) => (
            <Badge key={t} variant="light" color="gray" style={{ textTransform: 'none' }}>
              {t}
            </Badge>
          ))
        ) : (
          <Text size="sm">none</Text>
        )}
      </Group>
      {experts.length ? (
        <Text size="sm">
          Current expert:{' '}
          {experts
            .map((e) => `${e.expert.name} (${e.trip_type ? `${TRIP_TYPE_LABELS[e.trip_type as TripType] ?? e.trip_type} trips` : 'every trip type'})`)
            .join(', ')}
        </Text>
      ) : null}
    </Stack>
  )
}

/** A reviewed submission: the score with its word, the expert chosen, the ranking the reviewer was shown. */
function StoredReview({ review }: { review: ReviewPanelData }) {
  const s = review.submission
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>Score</Text>
          {s.score !== null ? <ScoreBadge score={s.score} size="lg" /> : <Text>—</Text>}
        </Group>
        <Group gap={4} className={classes.done}>
          <IconCircleCheck size={18} />
          <Text fw={700}>Completed</Text>
        </Group>
      </Group>
      <Text size="sm">
        Reviewed{s.reviewer ? ` by ${s.reviewer.name}` : ''}
        {s.reviewed_at ? ` on ${submittedOn(s.reviewed_at)}` : ''}.
      </Text>
      <Text size="sm">Expert chosen: {s.expert_assignment?.name ?? 'No expert'}</Text>
      {review.ranking.length ? (
        <>
          <Title order={3} size="h5">
            Ranking shown at review
          </Title>
          <RankedExperts ranking={review.ranking} chosen={s.expert_assignment?.id ?? null} />
        </>
      ) : null}
    </Stack>
  )
}
