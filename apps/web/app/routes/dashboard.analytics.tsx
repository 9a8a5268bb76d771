import { Alert, Button, Grid, Group, Loader, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSubmit } from '@remix-run/react'
import { lazy, Suspense, useMemo } from 'react'
import { type AnalyticsReport, currentAnalyticsReport, DomainError, reportServerError, requireAnalytics } from '@meridian/core'
import { ANALYTICS_MESSAGES, ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '@meridian/validators/analytics-constants'
import {
  AnalyticsCards,
  DailyTable,
  FunnelPanel,
  HealthPanel,
  Panel,
  ProposalsPanel,
  TopDestinations,
  UserDistribution,
} from '../components/analytics/panels.tsx'
import type { TrendPoint } from '../components/analytics/trend-chart.tsx'
import { AccessDenied } from '../components/kit/banners.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Analytics Dashboard · Meridian Travel' }]

/** The charts' module (and recharts with it) is fetched by this screen only, once it runs in the browser. */
const TrendChart = lazy(() => import('../components/analytics/trend-chart.tsx'))

const BASE = '/dashboard/analytics'

/** The period the page shows: the one asked for when it exists, else the default (the service names a bad one). */
const shownPeriod = (raw: string | null): AnalyticsPeriod => ((ANALYTICS_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as AnalyticsPeriod) : '30d')

type Loaded =
  | { denied: true; message: string }
  | { denied: false; period: AnalyticsPeriod; report: AnalyticsReport | null; periodError: string | null; failed: string | null }

/**
 * The Analytics Dashboard (docs/analytics.md): view_analytics (admins) or every permission (superadmins); the other
 * roles get 403. A bad period is named beside the selector; a failure shows the §8 box with Try Again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireAnalytics(ctx)
  } catch (error) {
    if (error instanceof DomainError) return data<Loaded>({ denied: true, message: error.message }, { status: 403 })
    throw error
  }
  const raw = new URL(request.url).searchParams.get('period')
  const period = shownPeriod(raw)
  try {
    const report = await currentAnalyticsReport(ctx, { period: raw ?? undefined })
    return data<Loaded>({ denied: false, period, report, periodError: null, failed: null })
  } catch (error) {
    if (error instanceof DomainError && error.fields?.period) {
      return data<Loaded>(
        { denied: false, period, report: null, periodError: error.fields.period[0] ?? ANALYTICS_MESSAGES.period, failed: null },
        { status: 400 },
      )
    }
    const errorId = reportServerError(`web GET ${BASE}`, error, (context as { errorId?: string }).errorId)
    return data<Loaded>({ denied: false, period, report: null, periodError: null, failed: errorId }, { status: 500 })
  }
}

/** Refresh: the figures of the period computed again now (not the shared copy of the last minute), then the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const raw = String(form.get('period') ?? '')
  const period = shownPeriod(raw)
  try {
    await currentAnalyticsReport(ctx, { period, refresh: true })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data<Loaded>({ denied: true, message: error.message }, { status: 403 })
    if (!(error instanceof DomainError)) reportServerError(`web POST ${BASE}`, error, (context as { errorId?: string }).errorId)
  }
  // The page reads the new copy (or, when it could not be computed, says so as the loader does).
  return redirect(`${BASE}?period=${period}`)
}

export default function AnalyticsPage() {
  const loaded = useLoaderData<typeof loader>() as Loaded
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  return <Dashboard {...loaded} />
}

function Dashboard({ period, report, periodError, failed }: Extract<Loaded, { denied: false }>) {
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const loading = (navigation.state === 'loading' && navigation.location.pathname === BASE) || revalidator.state === 'loading'
  const refreshing = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction === BASE
  const here = `${BASE}?period=${period}`

  return (
    <Stack gap="lg">
      <PageHeader
        title="Analytics Dashboard"
        description="Platform figures from the platform's own records: users, trips, revenue, quizzes and the service's health."
      >
        <Group gap="xs" align="flex-end">
          <Form method="get" action={BASE} role="search" aria-label="Analytics period">
            <Group gap="xs" align="flex-end">
              <NativeSelect
                name="period"
                label="Period"
                defaultValue={period}
                key={period}
                error={periodError ?? undefined}
                data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: ANALYTICS_PERIOD_LABELS[p] }))}
                onChange={(e) => hydrated && submit(e.currentTarget.form)}
              />
              {hydrated ? null : <Button type="submit">Apply</Button>}
              {report ? (
                <Button component="a" href={`${BASE}/export?period=${period}`} download variant="light">
                  Export
                </Button>
              ) : null}
            </Group>
          </Form>
          <Form method="post" action={BASE}>
            <input type="hidden" name="period" value={period} />
            <Button type="submit" variant="default" loading={refreshing}>
              Refresh
            </Button>
          </Form>
        </Group>
      </PageHeader>

      {loading ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">Loading analytics…</Text>
        </Group>
      ) : null}

      {failed ? (
        <Alert color="red" variant="light" role="alert" title={ANALYTICS_MESSAGES.errorTitle}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{ANALYTICS_MESSAGES.loadFailed}</Text>
            <Text size="xs" c="dimmed">
              Error id: {failed}
            </Text>
            {hydrated ? (
              <Button size="xs" onClick={() => revalidator.revalidate()}>
                Try Again
              </Button>
            ) : (
              <Button size="xs" component={Link} to={here} reloadDocument>
                Try Again
              </Button>
            )}
          </Stack>
        </Alert>
      ) : null}

      {report ? <Report report={report} /> : null}
    </Stack>
  )
}

function Report({ report }: { report: AnalyticsReport }) {
  const hydrated = useHydrated()
  const points = useMemo<TrendPoint[]>(
    () => report.daily.map((d) => ({ date: d.date.slice(5), Users: d.users, Trips: d.trips, Quizzes: d.quizzes, Revenue: Number(d.revenue) })),
    [report.daily],
  )
  const range = `${report.range.from.slice(0, 10)} to ${new Date(Date.parse(report.range.to) - 1).toISOString().slice(0, 10)} (UTC)`
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {report.label}: {range}. Amounts in {report.currency}. Changes compare with the {report.daily.length} days before. Figures as of{' '}
        {report.generated_at.slice(11, 19)} UTC.
      </Text>
      <AnalyticsCards cards={report.cards} currency={report.currency} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="User Distribution">
          <UserDistribution roles={report.roles} />
        </Panel>
        <Panel title="Top Destinations">
          <TopDestinations rows={report.top_destinations} currency={report.currency} />
        </Panel>
      </SimpleGrid>
      <Panel title="Trends Over Time">
        <Stack gap="sm">
          {hydrated ? (
            <Suspense
              fallback={
                <Group gap="xs" role="status">
                  <Loader size="sm" />
                  <Text size="sm">Loading charts…</Text>
                </Group>
              }
            >
              <TrendChart points={points} currency={report.currency} />
            </Suspense>
          ) : null}
          <details open={!hydrated}>
            <summary>Daily figures (table)</summary>
            <DailyTable daily={report.daily} currency={report.currency} />
          </details>
        </Stack>
      </Panel>
      {/* The funnel's six stages take the wider column. */}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Panel title="System Health">
            <HealthPanel health={report.system_health} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Panel title="Quiz Funnel">
            <FunnelPanel funnel={report.funnel} />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel title="Proposals by Expert">
        <ProposalsPanel proposals={report.proposals} />
      </Panel>
    </Stack>
  )
}
