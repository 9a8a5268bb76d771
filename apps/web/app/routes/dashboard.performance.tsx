import { Anchor, Group, Stack, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { canSeeAllPerformance, DomainError, type ExpertFigures, getExpertPerformance, listExpertsPerformance } from '@meridian/core'
import { TRIP_MESSAGES } from '@meridian/core/messages'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { ExpertFiguresView, ExpertsTable } from '../components/trip-desk/performance-figures.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Performance · Meridian Travel' }]

const BASE = '/dashboard/performance'
const LOAD_FAILED = 'Failed to load performance figures'

type View =
  | { view: 'own'; figures: ExpertFigures; experts: null }
  | { view: 'one'; figures: ExpertFigures; experts: null }
  | { view: 'all'; figures: null; experts: ExpertFigures[] }

/**
 * An expert (view_performance) sees their own figures; specialists, admins and the superadmin every expert's, side by
 * side, and one expert's in full with ?expert=ID (an unknown one is the 404 page). Anyone else: 403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const all = canSeeAllPerformance(actor)
  if (!mayOpen(actor, '/dashboard/performance')) return data({ denied: true as const }, { status: 403 })
  const wanted = all ? new URL(request.url).searchParams.get('expert') : null
  try {
    const view: View = !all
      ? { view: 'own', figures: await getExpertPerformance(ctx, {}), experts: null }
      : wanted
        ? { view: 'one', figures: await getExpertPerformance(ctx, { expert_id: wanted }), experts: null }
        : { view: 'all', figures: null, experts: await listExpertsPerformance(ctx) }
    return { denied: false as const, error: null, ...view }
  } catch (error) {
    if (error instanceof DomainError) notFoundResponse(error)
    console.error('[performance] load failed:', error)
    return data({ denied: false as const, error: LOAD_FAILED, view: 'all' as const, figures: null, experts: [] }, { status: 500 })
  }
}

export default function PerformancePage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={TRIP_MESSAGES.denied} />
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Performance"
        description={
          loaded.view === 'own'
            ? 'How your assignments and trips are going: response time, acceptance, completed trips and traveler ratings.'
            : 'How each travel expert is doing: response time, acceptance, completed trips and traveler ratings.'
        }
      />
      <ErrorBanner message={loaded.error} />
      {loaded.figures ? (
        <Stack gap="md" component="section" aria-labelledby="figures-heading">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="figures-heading">
              {loaded.view === 'own' ? 'Your figures' : loaded.figures.expert.name}
            </Title>
            {loaded.view === 'one' ? (
              <Anchor component={Link} to={BASE}>
                Back to all experts
              </Anchor>
            ) : null}
          </Group>
          <ExpertFiguresView figures={loaded.figures} />
        </Stack>
      ) : loaded.error ? null : (
        <Stack gap="md" component="section" aria-labelledby="experts-heading">
          <Title order={2} size="h3" id="experts-heading">
            Experts
          </Title>
          <ExpertsTable experts={loaded.experts ?? []} base={BASE} />
        </Stack>
      )}
    </Stack>
  )
}
