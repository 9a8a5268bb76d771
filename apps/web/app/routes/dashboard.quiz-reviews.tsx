import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { type Actor, DomainError, LIST_PAGE_MAX } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { QUEUE_STATUSES, QUIZ_REVIEW_MESSAGES, QUIZ_STATUS_LABELS, QUIZ_TYPE_LABELS, QUIZ_TYPES } from '@meridian/validators/quiz-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { type CatalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { StatTiles } from '../components/overview/stat-tiles.tsx'
import { IconRefresh } from '../components/public/icons.tsx'
import { FlashNotice } from '../components/quiz-review/flash-notice.tsx'
import { QueueSection } from '../components/quiz-review/queue-list.tsx'
import { loadReviewCenter, queueTarget, submitReview } from '../components/quiz-review/review-center.server.ts'
import { PANEL_ID, ReviewPanel } from '../components/quiz-review/review-panel.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Quiz Review Center · Meridian Travel' }]

const BASE = '/dashboard/quiz-reviews'

/** review_quizzes: specialists, and the superadmin through '*' (1-platform-core.md §6). */
const mayReview = (actor: Actor) => mayOpen(actor, '/dashboard/quiz-reviews')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayReview(actor)) return data({ denied: true as const }, { status: 403 })
  const params = new URL(request.url).searchParams
  const page = pageParam(params)
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  try {
    return { denied: false as const, failed: false as const, page, ...(await loadReviewCenter(ctx, params, pageSize)) }
  } catch (error) {
    // A DomainError (the database unavailable …) gets its own status and screen from the route guard; anything
    // else shows the screen's own 'Error Loading Quiz Data'.
    if (error instanceof DomainError) throw error
    console.error('[quiz-reviews] load failed:', error)
    return data({ denied: false as const, failed: true as const }, { status: 500 })
  }
}

/** Submit Review (intent=review): one reviewQuiz call, then back to the queue with the result's message as a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayReview(actor)) return data<CatalogueFailure>({ message: STATUS_MESSAGES[403], fields: {}, values: {} }, { status: 403 })
  const values = formValues(await request.formData())
  if (values.intent !== 'review') return data<CatalogueFailure>({ message: 'Unknown action.', fields: {}, values }, { status: 400 })
  return submitReview(ctx, values, queueTarget(BASE, new URL(request.url)))
}

export default function QuizReviewsPage() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>() ?? null
  const { search } = useLocation()
  const navigation = useNavigation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  const here = `${BASE}${search}`
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === BASE && navigation.location.search === search
  const header = (
    <PageHeader title="Quiz Review Center" description="Score each traveler’s onboarding quiz and match them with the right expert.">
      <Button component={Link} to={here} variant="default" leftSection={<IconRefresh size={16} />} loading={refreshing} preventScrollReset>
        Refresh
      </Button>
    </PageHeader>
  )
  if (loaded.failed) {
    return (
      <Stack gap="lg" maw={1200} mx="auto">
        {header}
        <Paper withBorder radius="md" p="xl" role="alert">
          <Stack align="center" gap="sm" ta="center">
            <Title order={2} size="h3">
              {QUIZ_REVIEW_MESSAGES.loadFailedTitle}
            </Title>
            <Text>{QUIZ_REVIEW_MESSAGES.loadFailed}</Text>
            <Button component="a" href={here}>
              Try Again
            </Button>
          </Stack>
        </Paper>
      </Stack>
    )
  }
  const { stats, filters, pageSize, count, results, panel, missing, page } = loaded
  const withQuiz = (id: number | null) => {
    const params = new URLSearchParams(search)
    if (id === null) params.delete('quiz')
    else params.set('quiz', String(id))
    const qs = params.toString()
    return `${BASE}${qs ? `?${qs}` : ''}${id === null ? '' : `#${PANEL_ID}`}`
  }
  const closeTo = withQuiz(null)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      {header}
      <FlashNotice />
      <StatTiles
        stats={[
          { key: 'pending_quizzes', label: 'Pending Reviews', value: stats.pending_reviews, hint: 'Quizzes awaiting a specialist' },
          { key: 'reviewed_today', label: 'Completed Today', value: stats.completed_today, hint: `${stats.reviewed_this_week} reviewed this week` },
          { key: 'average_score', label: 'Average Score', value: stats.average_score === null ? '—' : stats.average_score.toFixed(1), hint: 'Over every review' },
          {
            key: 'expert_assignments',
            label: 'Expert Assignments',
            value: `${stats.expert_assignments_this_week} this week`,
            hint: `${plural(stats.travelers_matched_this_week, 'traveler', 'travelers')} matched this week`,
          },
        ]}
      />
      <FilterBar
        search={filters.search}
        placeholder="Search quiz answers..."
        selects={[
          {
            name: 'status',
            label: 'Status',
            value: filters.status,
            options: [{ value: '', label: 'All' }, ...QUEUE_STATUSES.map((s) => ({ value: s, label: QUIZ_STATUS_LABELS[s] }))],
          },
          {
            name: 'quiz_type',
            label: 'Quiz type',
            value: filters.quiz_type,
            options: [{ value: '', label: 'All' }, ...QUIZ_TYPES.map((t) => ({ value: t, label: QUIZ_TYPE_LABELS[t] }))],
          },
        ]}
      />
      {panel ? null : <ErrorBanner message={failure?.message} />}
      {missing ? (
        <Text size="sm" role="status">
          {QUIZ_REVIEW_MESSAGES.notFound}
        </Text>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: panel ? 7 : 12 }}>
          <QueueSection
            count={count}
            entries={results}
            filtered={Boolean(filters.search || filters.status || filters.quiz_type)}
            openId={panel?.submission.id ?? null}
            hrefFor={withQuiz}
          >
            <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={closeTo.slice(BASE.length)} label="Quiz queue pages" />
          </QueueSection>
        </Grid.Col>
        {panel ? (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ReviewPanel review={panel} closeTo={closeTo} failure={failure} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  )
}
