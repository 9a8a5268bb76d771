import { Stack } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { hasPermission } from '@meridian/auth/permissions'
import { mayOpen } from '@meridian/auth/screen-access'
import {
  acceptAssignment,
  type Actor,
  assignExpert,
  canAssignExperts,
  changeTripStatus,
  declineAssignment,
  DomainError,
  expertChoices,
  LIST_PAGE_MAX,
  listPageSize,
  listExpertAssignments,
  listExpertTrips,
  listUnassignedTrips,
  tripMoves,
} from '@meridian/core'
import { TRIP_MESSAGES } from '@meridian/core/messages'
import { TRIP_STATUS_LABELS, TRIPS_PAGE_SIZE } from '@meridian/validators/trip-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { backWithToast, type CatalogueFailure, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { AssignmentCard, DeskSection, DeskTripCard, UnassignedTripCard } from '../components/trip-desk/assignment-cards.tsx'
import { tripSummaryOf } from '../components/trip-desk/trip-summary.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { requestPreferences } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Trip Assignments · Meridian Travel' }]

const BASE = '/dashboard/assignments'
/** Each list keeps its own page in the query string: `?queue_page=2&trips_page=1&page=3`. */
const PAGES = { queue: 'queue_page', trips: 'trips_page', unassigned: 'page' } as const

/** The expert's desk (manage_assigned_trips: experts, superadmin) and assigning (specialists, admins, superadmin). */
function deskOf(actor: Actor) {
  return { expert: hasPermission(actor, 'manage_assigned_trips'), assigner: canAssignExperts(actor) }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/assignments')) return data({ denied: true as const }, { status: 403 })
  const desk = deskOf(actor)
  const params = new URL(request.url).searchParams
  const pages = { queue: pageParam(params, PAGES.queue), trips: pageParam(params, PAGES.trips), unassigned: pageParam(params, PAGES.unassigned) }
  // The queue is a list of rows (any setting); the trip lists are grids of at most TRIPS_PAGE_SIZE cards.
  const preferences = await requestPreferences(request, context, ctx)
  const sizes = { queue: listPageSize(preferences, LIST_PAGE_MAX), trips: listPageSize(preferences, TRIPS_PAGE_SIZE) }
  const empty = { count: 0, results: [] }
  try {
    const [queue, mine, unassigned, experts] = await Promise.all([
      desk.expert ? listExpertAssignments(ctx, {}, listWindow(params, sizes.queue, PAGES.queue)) : empty,
      desk.expert ? listExpertTrips(ctx, {}, listWindow(params, sizes.trips, PAGES.trips)) : empty,
      desk.assigner ? listUnassignedTrips(ctx, listWindow(params, sizes.trips, PAGES.unassigned)) : empty,
      desk.assigner ? expertChoices(ctx) : [],
    ])
    return {
      denied: false as const,
      desk,
      pages,
      sizes,
      error: null,
      queue: {
        count: queue.count,
        results: queue.results.map((a) => ({ id: a.id, status: a.status, assigned_at: a.assigned_at, trip: a.trip ? tripSummaryOf(a.trip) : null })),
      },
      mine: {
        count: mine.count,
        results: mine.results.map((t) => ({ ...tripSummaryOf(t), moves: tripMoves(actor, t), awaiting: t.assignment?.status === 'pending' })),
      },
      unassigned: { count: unassigned.count, results: unassigned.results.map(tripSummaryOf) },
      experts,
    }
  } catch (error) {
    // A DomainError (the database unavailable …) gets its own status and screen from the route guard; anything
    // else leaves the page standing with the red banner.
    if (error instanceof DomainError) throw error
    console.error('[assignments] load failed:', error)
    const none = { count: 0, results: [] as never[] }
    return data(
      { denied: false as const, desk, pages, sizes, error: TRIP_MESSAGES.loadFailed, queue: none, mine: none, unassigned: none, experts: [] as never[] },
      { status: 500 },
    )
  }
}

/** Accept, Decline, a status move or Assign: one service call, then back to the same view with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/assignments')) return data<CatalogueFailure>({ message: TRIP_MESSAGES.denied, fields: {}, values: {} }, { status: 403 })
  const values = formValues(await request.formData())
  const back = `${BASE}${new URL(request.url).search}`
  const { intent } = values
  try {
    if (intent === 'accept' || intent === 'decline') {
      const answer = intent === 'accept' ? acceptAssignment : declineAssignment
      const a = await answer(ctx, values.assignment_id)
      return backWithToast(back, `Assignment ${a.status}${a.trip ? `: ${a.trip.title}` : ''}.`)
    }
    if (intent === 'move') {
      const trip = await changeTripStatus(ctx, values.trip_id, { status: values.status, note: values.note ?? '' })
      return backWithToast(back, `${trip.title} moved to ${TRIP_STATUS_LABELS[trip.status]}.`)
    }
    if (intent === 'assign') {
      const a = await assignExpert(ctx, values.trip_id, { expert_id: values.expert_id })
      return backWithToast(back, `${a.trip?.expert?.name ?? 'The expert'} assigned to ${a.trip?.title ?? 'the trip'}.`)
    }
  } catch (error) {
    const prefix = intent === 'assign' ? '' : intent === 'move' ? 'Failed to change the trip status: ' : `Failed to ${intent} the assignment: `
    return catalogueFailure(error, values, prefix)
  }
  return data<CatalogueFailure>({ message: 'Unknown action.', fields: {}, values }, { status: 400 })
}

export default function AssignmentsPage() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={TRIP_MESSAGES.denied} />
  const { desk, pages, sizes, queue, mine, unassigned, experts } = loaded
  const assignFailure = failure?.values.intent === 'assign' ? failure : null
  // An Assign refused with a field message shows it beside that trip's picker; when the trip is not on this page, here.
  const besidePicker = unassigned.results.some((t) => String(t.id) === assignFailure?.values.trip_id)
  const banner = failure?.message ?? (assignFailure && !besidePicker ? Object.values(assignFailure.fields).flat()[0] : null)
  const pager = (page: number, size: number, count: number, param: string, label: string) => (
    <Pager page={page} pageSize={size} count={count} base={BASE} search={search} param={param} label={label} />
  )
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <PageHeader
        title="Trip Assignments"
        description={
          desk.expert && desk.assigner
            ? 'Your assignments and trips, and the trips still waiting for an expert.'
            : desk.expert
            ? 'Trips assigned to you: answer new assignments and move accepted trips along.'
            : 'Trips waiting for an expert: choose one for each.'
        }
      />
      <ErrorBanner message={loaded.error} />
      <ErrorBanner message={banner} />
      {desk.expert ? (
        <>
          <DeskSection title="Your assignment queue" description="New assignments first, then the ones you have answered.">
            <CardList count={queue.count} noun={['assignment', 'assignments']} empty="No assignments yet." error={loaded.error} label="Assignments">
              {queue.results.map((a) => (
                <AssignmentCard key={a.id} assignment={a} />
              ))}
            </CardList>
            {pager(pages.queue, sizes.queue, queue.count, PAGES.queue, 'Assignment queue pages')}
          </DeskSection>
          <DeskSection title="Your trips" description="Every trip assigned to you, newest first, with the status moves it allows.">
            <CardList count={mine.count} noun={['trip', 'trips']} empty="No trips assigned to you yet." error={loaded.error} label="Your trips">
              {mine.results.map((t) => (
                <DeskTripCard key={t.id} trip={t} />
              ))}
            </CardList>
            {pager(pages.trips, sizes.trips, mine.count, PAGES.trips, 'Your trips pages')}
          </DeskSection>
        </>
      ) : null}
      {desk.assigner ? (
        <DeskSection title="Unassigned trips" description="Trips in planning or booked with no expert, newest first.">
          <CardList
            count={unassigned.count}
            noun={['unassigned trip', 'unassigned trips']}
            empty="Every trip has an expert."
            error={loaded.error}
            label="Unassigned trips"
          >
            {unassigned.results.map((t) => (
              <UnassignedTripCard key={t.id} trip={t} experts={experts} failure={assignFailure?.values.trip_id === String(t.id) ? assignFailure : null} />
            ))}
          </CardList>
          {pager(pages.unassigned, sizes.trips, unassigned.count, PAGES.unassigned, 'Unassigned trips pages')}
        </DeskSection>
      ) : null}
    </Stack>
  )
}
