import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { useId } from 'react'
import { QUIZ_REVIEW_MESSAGES, QUIZ_STATUS_LABELS, type QuizStatus, scoreLabel } from '@meridian/validators/quiz-constants'
import { EmptyState } from '../kit/card-list.tsx'
import { IconCircleCheck } from '../public/icons.tsx'
import { formatDay } from '../trips/format.ts'
import { QuizTypeIcon } from '../quiz/quiz-type-icon.tsx'
import classes from './quiz-review.module.css'

export interface QueueFilters {
  search: string
  status: string
  quiz_type: string
}

/** One submission as the queue lists it (built by the loader from the service's queue item). */
export interface QueueEntry {
  id: number
  type_label: string
  icon: string
  status: string
  submitted_at: string
  score: number | null
  answers: string[]
  traveler: { name: string; username: string } | null
  expert: string | null
}

const STATUS_COLORS: Record<string, string> = { submitted: 'blue', awaiting_specialist: 'orange', reviewed: 'green' }

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {QUIZ_STATUS_LABELS[status as QuizStatus] ?? status}
    </Badge>
  )
}

/** A score with its word and colour (§5): 80 and above Excellent, 60 to 79 Good, below 60 Needs Improvement. */
export function ScoreBadge({ score, size = 'md' }: { score: number; size?: 'md' | 'lg' }) {
  const { label, color } = scoreLabel(score)
  return (
    <Badge color={color} variant="light" size={size} style={{ textTransform: 'none' }}>
      {score} · {label}
    </Badge>
  )
}

export const submittedOn = (iso: string) => formatDay(iso.slice(0, 10))
export const travelerName = (entry: Pick<QueueEntry, 'traveler'>) => entry.traveler?.name ?? 'Unknown traveler'

/** 'Quiz Queue (count)': one page of submissions, awaiting first, or the empty state with a hint. */
export function QueueSection({
  count,
  entries,
  filtered,
  openId,
  hrefFor,
  children,
}: {
  count: number
  entries: QueueEntry[]
  filtered: boolean
  openId: number | null
  /** The queue with this quiz open in the side panel, keeping the filters and page. */
  hrefFor: (id: number) => string
  /** The pager. */
  children?: React.ReactNode
}) {
  const headingId = useId()
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Quiz Queue ({count.toLocaleString('en-US')})
      </Title>
      {entries.length === 0 ? (
        <EmptyState
          title={QUIZ_REVIEW_MESSAGES.empty}
          hint={filtered ? 'Try adjusting your search or filters.' : 'New quizzes appear here as soon as travelers complete them.'}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <QueueItem entry={entry} href={hrefFor(entry.id)} open={entry.id === openId} />
            </li>
          ))}
        </Stack>
      )}
      {children}
    </Stack>
  )
}

function QueueItem({ entry, href, open }: { entry: QueueEntry; href: string; open: boolean }) {
  const name = travelerName(entry)
  const awaiting = entry.status === 'awaiting_specialist'
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${name}, ${entry.type_label} quiz`}
      style={open ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" size={40} radius="md" color={awaiting ? 'orange' : 'teal'}>
          <QuizTypeIcon icon={entry.icon} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Anchor component={Link} to={href} preventScrollReset fw={600} aria-current={open ? 'true' : undefined}>
                {name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {entry.type_label} quiz · submitted {submittedOn(entry.submitted_at)}
              </Text>
            </div>
            <StatusBadge status={entry.status} />
          </Group>
          {entry.answers.length ? (
            <Text size="sm" lineClamp={2}>
              {entry.answers.join(' · ')}
            </Text>
          ) : null}
          <Group justify="space-between" align="center" gap="xs" mt={4}>
            {entry.score !== null ? (
              <Group gap="xs">
                <ScoreBadge score={entry.score} />
                {entry.expert ? <Text size="sm">Expert: {entry.expert}</Text> : null}
              </Group>
            ) : (
              <span />
            )}
            {awaiting ? (
              <Button component={Link} to={href} preventScrollReset size="xs" aria-label={`Review: ${name}`}>
                Review
              </Button>
            ) : (
              <Group gap={4} className={classes.done}>
                <IconCircleCheck size={16} />
                <Text size="sm" fw={600}>
                  Completed
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  )
}
