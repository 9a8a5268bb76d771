import type { QuizReviewDto } from '@meridian/core'
import { Badge, Button, Fieldset, Group, Radio, Stack, Text, TextInput } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { readScore, scoreLabel } from '@meridian/validators/quiz-constants'
import { fieldError } from '../kit/banners.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { plural } from '../trips/format.ts'
import classes from './quiz-review.module.css'

/** The panel's submission as the loader sends it: the service's review, the type's icon, the tags in words. */
export type ReviewPanelData = Omit<QuizReviewDto, 'ranking'> & {
  icon: string
  tag_labels: string[]
  ranking: { expert_id: number; name: string; score: number; reasons: string[] }[]
}

/** What the action answers when it refuses a review (the kit's catalogue failure). */
export interface ReviewFailure {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

type Ranked = ReviewPanelData['ranking'][number]

/** The experts shown with their reasons; the rest of the active experts are one click further. */
const TOP = 5

/** The typed score (0 to 100, two decimal places at most) as a number for its word; anything else counts as 0 (Submit Review stays disabled). */
function scoreOf(text: string): number {
  const read = readScore(text)
  return read.ok ? read.hundredths / 100 : 0
}

/**
 * Submit Review: an optional expert (every active expert, best match first) and a score. Without JavaScript the
 * action checks everything; with it the score's word shows as it is typed and the button waits for a score.
 */
export function ReviewForm({ review, failure }: { review: ReviewPanelData; failure: ReviewFailure | null }) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'review'
  const values = failure?.values.quiz === String(review.submission.id) ? failure.values : {}
  const [score, setScore] = useState(() => scoreOf(values.score ?? ''))
  const chosen = values.expert_assignment ?? ''
  const top = review.ranking.slice(0, TOP)
  const rest = review.ranking.slice(TOP)
  const expertError = fieldError(failure?.fields, 'expert_assignment')
  const live = score > 0 ? scoreLabel(score) : null
  const unassigned = review.open_trips.unassigned
  const option = (r: Ranked) => <ExpertOption key={r.expert_id} expert={r} checked={chosen === String(r.expert_id)} />
  return (
    <Form method="post" preventScrollReset aria-label="Review this quiz">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="quiz" value={review.submission.id} />
      <Stack gap="md">
        <Fieldset legend="Assign an expert (optional)" variant="unstyled">
          <Stack gap="sm" mt="xs">
            <Radio name="expert_assignment" value="" label="No expert" description="Save the review only." defaultChecked={chosen === ''} />
            {top.map(option)}
            {rest.length ? (
              <details className={classes.more} open={rest.some((r) => chosen === String(r.expert_id)) || undefined}>
                <summary>More experts ({rest.length})</summary>
                <Stack gap="sm">{rest.map(option)}</Stack>
              </details>
            ) : null}
            {expertError ? (
              <Text size="sm" className={classes.error} role="alert">
                {expertError}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>
        <Text size="sm" c="dimmed">
          {unassigned > 0
            ? `Choosing an expert also assigns ${plural(unassigned, 'open trip', 'open trips')}.`
            : 'Choosing an expert makes them the traveler’s expert; the traveler has no open trips waiting for one.'}
        </Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            name="score"
            type="number"
            label="Score"
            description="Above 0, up to 100; decimals allowed (87.5)"
            min={0}
            max={100}
            step="0.01"
            inputMode="decimal"
            defaultValue={values.score ?? ''}
            error={fieldError(failure?.fields, 'score')}
            classNames={{ error: classes.error }}
            onChange={(e) => setScore(scoreOf(e.currentTarget.value))}
            w={200}
          />
          <div aria-live="polite" style={{ paddingBottom: 6 }}>
            {live ? (
              <Badge color={live.color} variant="light" size="lg" style={{ textTransform: 'none' }}>
                {live.label}
              </Badge>
            ) : null}
          </div>
        </Group>
        <Text size="xs" c="dimmed">
          80 and above: Excellent · 60 to 79: Good · below 60: Needs Improvement
        </Text>
        <Group>
          <Button type="submit" disabled={hydrated && (score <= 0 || busy)} loading={busy}>
            Submit Review
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

function ExpertOption({ expert, checked }: { expert: Ranked; checked: boolean }) {
  return (
    <Radio
      name="expert_assignment"
      value={String(expert.expert_id)}
      defaultChecked={checked}
      label={expert.name}
      description={
        <>
          <Badge component="span" variant="light" color="gray" size="sm" mr={6} style={{ textTransform: 'none' }}>
            match {expert.score}
          </Badge>
          {expert.reasons.join(' · ')}
        </>
      }
    />
  )
}

/** The ranking as stored with a review: read-only, the expert chosen marked. */
export function RankedExperts({ ranking, chosen }: { ranking: Ranked[]; chosen: number | null }) {
  return (
    <Stack component="ol" gap="xs" m={0} pl="lg">
      {ranking.map((r) => (
        <li key={r.expert_id}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {r.name}
            </Text>
            <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
              match {r.score}
            </Badge>
            {r.expert_id === chosen ? (
              <Badge variant="light" color="teal" size="sm">
                Chosen
              </Badge>
            ) : null}
          </Group>
          {r.reasons.length ? (
            <Text size="xs" c="dimmed">
              {r.reasons.join(' · ')}
            </Text>
          ) : null}
        </li>
      ))}
    </Stack>
  )
}
