import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Link,
  Outlet,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
} from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import {
  DomainError,
  flightOptions,
  getItinerary,
  itineraryBookables,
  listItineraryProposals,
  requireItineraryEditor,
  supplierOptions,
  transferOptions, listTripParty, planTimeZone } from '@meridian/core'
import { ITINERARY_MESSAGES } from '@meridian/validators/itinerary-constants'
import { DEFAULT_QUOTE_DAYS, MAX_QUOTE_DAYS } from '@meridian/validators/proposal-constants'
import { formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { BuilderBoard } from '../components/itinerary/builder-board.tsx'
import { BuilderError } from '../components/itinerary/builder-error.tsx'
import { AddItemForm, MergePanel } from '../components/itinerary/builder-forms.tsx'
import { ItemParty } from '../components/itinerary/item-party.tsx'
import { BuilderHeader, BuilderNotices } from '../components/itinerary/builder-header.tsx'
import type { FormBase } from '../components/itinerary/builder-parts.tsx'
import { type BuilderAnswer, builderAction } from '../components/itinerary/builder.server.ts'
import { addItem, type DraftDay, freshKey, type LibraryPick, libraryItem, locate, saveDays, totalsOf } from '../components/itinerary/draft.ts'
import { ItemBooking } from '../components/itinerary/item-booking.tsx'
import { ProposalPanel } from '../components/itinerary/proposal-panel.tsx'
import { ProposalThread } from '../components/itinerary/proposal-threads.tsx'
import { useWorkingCopy } from '../components/itinerary/use-working-copy.ts'
import { FlashNotice } from '../components/quiz-review/flash-notice.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { requireUser } from '../utils/auth.server.ts'
import { notify } from '../utils/notify.ts'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d && 'itinerary' in d ? d.itinerary.title : 'Itinerary'} · Meridian Travel` }]

const BASE = '/dashboard/itineraries'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    // The Activity Library opens over the builder: for those who edit, whose permission is checked before the record.
    if (new URL(request.url).pathname.endsWith('/library')) requireItineraryEditor(ctx)
    const itinerary = await getItinerary(ctx, params.id)
    // The flights of the itinerary's dates (its days may run past the trip's end).
    const dates = [itinerary.start_date, itinerary.end_date, ...itinerary.days.map((d) => d.date)].sort()
    // Those who edit also send the proposal and answer its threads (docs/proposals.md); specialists and travelers read.
    const [transfers, stays, flights, proposals] = itinerary.can.save
      ? await Promise.all([
          transferOptions(ctx, {}),
          supplierOptions(ctx, { supplier_type: 'accommodation', limit: '200' }),
          flightOptions(ctx, { from: dates[0]!, to: dates.at(-1)! }),
          listItineraryProposals(ctx, itinerary.id),
        ])
      : [[], [], [], null]
    // The trip's traveler reading the approved plan books its activities from here (docs/bookings.md).
    const bookables = itinerary.can.save || itinerary.can.approve ? null : await itineraryBookables(ctx, itinerary.id)
    return {
      failed: false as const,
      itinerary,
      // The zone its times are in: its own, else its trip's location's ('' when neither is known).
      zone: await planTimeZone(ctx.db, { timeZone: itinerary.time_zone, tripId: itinerary.trip_id }),
      // The trip's party: whom each item is for.
      party: await listTripParty(ctx, itinerary.trip_id),
      bookables,
      transfers: transfers.map((t) => ({ id: t.id, name: t.name })),
      stays: stays.map((s) => ({ id: s.id, name: s.name })),
      flights,
      proposals,
      quote: quoteDates(),
    }
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return notFoundResponse(error)
    if (error instanceof DomainError) throw error
    // 'Failed to load itinerary' with Try Again (2-catalogue-content.md Itinerary builder).
    console.error('[itinerary] load failed:', error)
    return data({ failed: true as const }, { status: 500 })
  }
}

/** The Send proposal form's expiry: tomorrow to 90 days ahead, 7 by default (the server's UTC day, as publishProposal's). */
function quoteDates() {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  return { min: day(1), until: day(DEFAULT_QUOTE_DAYS), max: day(MAX_QUOTE_DAYS) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return builderAction(ctx, params.id, formValues(await request.formData()))
}

/** Moving between the days, the library and back keeps the working copy: only a form's answer reloads the itinerary. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const root = (u: URL) => u.pathname.split('/').slice(0, 4).join('/')
  if ((!formMethod || formMethod.toUpperCase() === 'GET') && root(currentUrl) === root(nextUrl)) return false
  return defaultShouldRevalidate
}

export default function ItineraryBuilder() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.failed) {
    return (
      <BuilderError
        message={ITINERARY_MESSAGES.loadFailed}
        retry={
          <Button component="a" href="">
            Try Again
          </Button>
        }
      />
    )
  }
  return <Builder key={loaded.itinerary.id} loaded={loaded} />
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { failed: false }>

function Builder({ loaded }: { loaded: Loaded }) {
  const { itinerary: it, bookables, proposals } = loaded
  const hydrated = useHydrated()
  const { search, hash } = useLocation()
  const navigate = useNavigate()
  const actionData = useActionData<typeof action>() as BuilderAnswer | undefined
  const fetcher = useFetcher<BuilderAnswer>()
  const revalidator = useRevalidator()
  const answer = (fetcher.data ?? actionData) as BuilderAnswer | undefined

  const { days, dirty, change, onLocal } = useWorkingCopy(it)
  const [dismissed, setDismissed] = useState<unknown>(null)
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.kind === 'saved') notify.success(fetcher.data.message)
  }, [fetcher.state, fetcher.data])

  const params = new URLSearchParams(search)
  const dayIndex = Math.max(Math.min((Number(params.get('day')) || 1) - 1, days.length - 1), 0)
  // An itinerary made elsewhere may have no day yet: the builder then offers Add Day.
  const day: DraftDay = days[dayIndex] ?? { key: '', date: it.start_date, title: 'No days yet', description: '', theme: '', items: [] }
  const totals = useMemo(() => totalsOf(days, it.budget.total), [days, it.budget.total])
  const currency = it.budget.currency
  const editable = it.can.save
  const base: FormBase = { version: it.version, day: dayIndex + 1 }
  const dayHref = (n: number) => `${BASE}/${it.id}?day=${n}`
  const saving = fetcher.state !== 'idle'

  const submit = (fields: Record<string, string>, payloadDays = days) =>
    fetcher.submit(
      {
        ...fields,
        version: String(fields.version ?? it.version),
        day: String(dayIndex + 1),
        js: '1',
        payload: JSON.stringify({ days: saveDays(payloadDays) }),
      },
      { method: 'post' },
    )

  // A link to a thread (#thread-{id}, from a notification) on an item of another day opens that day.
  useEffect(() => {
    const id = /^#thread-(\d+)$/.exec(hash)?.[1]
    const thread = proposals?.threads.find((t) => String(t.id) === id)
    const at = thread?.item_key ? locate(days, thread.item_key) : null
    if (at && at.day !== dayIndex) navigate(`?day=${at.day + 1}${hash}`, { replace: true, preventScrollReset: false })
  }, [hash]) // eslint-disable-line react-hooks/exhaustive-deps
  // A proposal form refused without JavaScript (with it, each form shows its own answer).
  const proposalFailure = actionData?.kind === 'refused' ? actionData : null
  const threadsOf = (key: string) => proposals?.threads.filter((t) => t.item_key === key) ?? []

  const conflict = answer?.kind === 'conflict' && answer !== dismissed ? answer : null
  if (answer?.kind === 'failed' && answer !== dismissed) {
    return (
      <BuilderError
        message={ITINERARY_MESSAGES.saveFailed}
        retry={
          hydrated ? (
            <Group>
              <Button onClick={() => submit({ intent: 'save' })} loading={saving}>
                Try Again
              </Button>
              <Button variant="default" onClick={() => setDismissed(answer)}>
                Back to the builder
              </Button>
            </Group>
          ) : (
            <Button component="a" href={dayHref(dayIndex + 1)}>
              Try Again
            </Button>
          )
        }
      />
    )
  }

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <FlashNotice />
      <BuilderHeader
        itinerary={it}
        path={`${BASE}/${it.id}`}
        dayCount={days.length}
        totals={totals}
        dirty={dirty}
        base={base}
        hydrated={hydrated}
        saving={saving}
        onLocal={onLocal}
        onSave={() => submit({ intent: 'save' })}
        packageTripId={bookables?.can_book_package ? bookables.trip_id : null}
        canSendProposal={proposals?.can_publish ?? false}
        zone={loaded.zone}
      />
      <BuilderNotices
        itinerary={it}
        overBudget={totals.over_budget}
        refused={answer?.kind === 'invalid' && answer.intent !== 'add-item' ? answer.message : null}
      />
      {conflict ? (
        <MergePanel
          conflict={conflict}
          mine={conflict.mine}
          currency={currency}
          hydrated={hydrated}
          onKeepMine={(merged) => submit({ intent: 'save', version: String(conflict.current.version) }, merged)}
          onTakeTheirs={() => {
            setDismissed(conflict)
            revalidator.revalidate()
          }}
        />
      ) : null}
      <BuilderBoard
        days={days}
        day={day}
        dayIndex={dayIndex}
        totals={totals}
        currency={currency}
        editable={editable}
        hydrated={hydrated}
        base={base}
        dayHref={dayHref}
        onLocal={onLocal}
        onChange={change}
        itemExtra={(item) => (
          <>
            <ItemParty item={item} party={loaded.party} editable={editable} base={base} onLocal={hydrated ? onLocal : undefined} />
            <ItemBooking bookables={bookables} itemKey={item.key} activityId={item.activity_id} title={item.title} />
          </>
        )}
        itemFooter={(item) => (
          <>
            {threadsOf(item.key).map((t) => (
              <ProposalThread
                key={t.id}
                thread={t}
                about={item.title}
                day={dayIndex + 1}
                hydrated={hydrated}
                anchor
                failure={proposalFailure?.values.thread === String(t.id) ? proposalFailure : null}
              />
            ))}
          </>
        )}
      >
        {editable && days.length ? (
          <AddItemForm
            base={base}
            currency={currency}
            transfers={loaded.transfers}
            stays={loaded.stays}
            flights={loaded.flights}
            dayDate={day.date}
            dayItems={day.items}
            party={loaded.party}
            failure={answer?.kind === 'invalid' && answer.intent === 'add-item' ? answer : null}
            busy={saving}
            onSubmit={hydrated ? (form) => submit({ ...Object.fromEntries([...form].map(([k, v]) => [k, String(v)])) }) : undefined}
          />
        ) : null}
      </BuilderBoard>
      {proposals ? (
        <ProposalPanel
          proposals={proposals}
          itinerary={it}
          days={days}
          dayIndex={dayIndex}
          hydrated={hydrated}
          failure={proposalFailure}
          quote={loaded.quote}
          versionsPath={`${BASE}/${it.id}/versions`}
        />
      ) : null}
      <Outlet
        context={{
          addActivity: (activity: LibraryPick) => {
            change(addItem(days, dayIndex, libraryItem(activity, freshKey())))
            notify.success(`"${activity.name}" added to ${day.title}. Save to keep it.`)
          },
          day: dayIndex + 1,
          dayTitle: day.title,
          version: it.version,
        }}
      />
      <Text size="xs" c="dimmed">
        <Anchor component={Link} to={BASE}>
          All itineraries
        </Anchor>
      </Text>
    </Stack>
  )
}

export type BuilderOutletContext = { addActivity: (activity: LibraryPick) => void; day: number; dayTitle: string; version: number }
