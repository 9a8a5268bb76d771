import { Button, Group, Stack } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { DomainError, getTravelerPlanning, getTripBoard, listQuizDefinitions, tripScope } from '@meridian/core'
import { TRIP_MESSAGES } from '@meridian/core/messages'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { TravelerPlanning, TripBoard } from '../components/trip-desk/planning-views.tsx'
import { tripSummaryOf } from '../components/trip-desk/trip-summary.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Trip Planning · Meridian Travel' }]

/**
 * A traveler (their own trips' scope) sees their quiz, trips and requests; experts (their assigned trips), specialists,
 * admins and the superadmin (every trip) see the board of trips by status. Anyone with no trip scope (the editor): 403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const scope = tripScope(actor)
  if (!scope) return data({ denied: true as const }, { status: 403 })
  try {
    if (scope === 'own') {
      const [p, quizzes] = await Promise.all([getTravelerPlanning(ctx), listQuizDefinitions(ctx)])
      const requests = p.requests.map((r) => ({
        id: r.id,
        trip_id: r.trip_id,
        start_date: r.start_date,
        end_date: r.end_date,
        travelers: r.travelers,
        travel_style: r.travel_style,
        trip_type: r.trip_type,
        priority_level: r.priority_level,
        budget_min: r.budget_min,
        budget_max: r.budget_max,
        created_at: r.created_at,
      }))
      return { denied: false as const, error: null, board: null, planning: {
          quiz: p.quiz,
          quizzes: quizzes.map(({ quiz_type, title, icon }) => ({ quiz_type, title, icon })),
          requests,
          trips: p.trips.map(tripSummaryOf),
        },
      }
    }
    const board = await getTripBoard(ctx)
    return {
      denied: false as const,
      error: null,
      board: { scope: board.scope, columns: board.columns.map((c) => ({ status: c.status, count: c.count, trips: c.trips.map(tripSummaryOf) })) },
      planning: null,
    }
  } catch (error) {
    // A DomainError gets its own status and screen from the route guard; anything else, the red banner.
    if (error instanceof DomainError) throw error
    console.error('[trip-planning] load failed:', error)
    return data({ denied: false as const, error: TRIP_MESSAGES.loadFailed, board: null, planning: null }, { status: 500 })
  }
}

export default function TripPlanningPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={TRIP_MESSAGES.denied} />
  const { board, planning } = loaded
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <PageHeader
        title="Trip Planning"
        description={
          planning
            ? 'Your travel quiz, your trips and the requests they came from.'
            : board?.scope === 'assigned'
              ? 'Your assigned trips by status, newest first in each column.'
              : 'Every trip by status, newest first in each column.'
        }
      >
        {planning ? (
          <Group gap="sm">
            <Button component={Link} to="/dashboard/book-trip">
              Book Trip
            </Button>
            <Button component={Link} to="/dashboard/trips" variant="default">
              My Trips
            </Button>
          </Group>
        ) : null}
      </PageHeader>
      <ErrorBanner message={loaded.error} />
      {planning ? <TravelerPlanning planning={planning} /> : null}
      {board ? <TripBoard columns={board.columns} showExpert={board.scope !== 'assigned'} /> : null}
    </Stack>
  )
}
