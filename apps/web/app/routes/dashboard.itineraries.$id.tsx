import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Link,
  Outlet,
  type ShouldRevalidateFunction,
  useActionData,
  useBeforeUnload,
  useFetcher,
  useLoaderData,
  useLocation,
  useRevalidator,
} from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import { DomainError, getItinerary, itineraryBookables, requireItineraryEditor, supplierOptions, transferOptions } from '@meridian/core'
import { ITINERARY_MESSAGES } from '@meridian/validators/itinerary-constants'
import { formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { AddItemForm, MergePanel } from '../components/itinerary/builder-forms.tsx'
import { DayLink, DayView, type FormBase, ItemCard, OpForm } from '../components/itinerary/builder-parts.tsx'
import { type BuilderAnswer, builderAction } from '../components/itinerary/builder.server.ts'
import {
  addDay,
  addItem,
  type DraftDay,
  draftOf,
  freshKey,
  type LibraryPick,
  libraryItem,
  locate,
  moveItem,
  nudgeItem,
  removeItem,
  saveDays,
  totalsOf,
  travelersText,
} from '../components/itinerary/draft.ts'
import { FlashNotice } from '../components/quiz-review/flash-notice.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { formatDay, formatMoney, formatRange } from '../components/trips/format.ts'
import { ItineraryStatusBadge } from '../components/itinerary/status-badge.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { notify } from '../utils/notify.ts'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  {
    title: `${d && 'itinerary' in d ? d.itinerary.title : 'Itinerary'} · Meridian Travel`,
  },
]

const BASE = '/dashboard/itineraries'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    // The Activity Library opens over the builder: for those who edit, whose permission is checked before the record.
    if (new URL(request.url).pathname.endsWith('/library')) requireItineraryEditor(ctx)
    const itinerary = await getItinerary(ctx, params.id)
    const [transfers, stays] = itinerary.can.save
      ? await Promise.all([
          transferOptions(ctx, {}),
          supplierOptions(ctx, {
            supplier_type: 'accommodation',
            limit: '200',
          }),
        ])
      : [[], []]
    // The trip's traveler reading the approved plan books its activities from here (docs/bookings.md).
    const bookables = itinerary.can.save || itinerary.can.approve ? null : await itineraryBookables(ctx, itinerary.id)
    return {
      failed: false as const,
      itinerary,
      bookables,
      transfers: transfers.map((t) => ({ id: t.id, name: t.name })),
      stays: stays.map((s) => ({ id: s.id, name: s.name })),
    }
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return notFoundResponse(error)
    if (error instanceof DomainError) throw error
    // 'Failed to load itinerary' with Try Again (2-catalogue-content.md Itinerary builder).
    console.error('[itinerary] load failed:', error)
    return data({ failed: true as const }, { status: 500 })
  }
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

/** Under the pointer first (a day in the left list, an item), else the closest (the keyboard has no pointer). */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length ? hits : closestCenter(args)
}

function ErrorScreen({ message, retry }: { message: string; retry: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h3">
          {message}
        </Title>
        <Text c="dimmed">Something went wrong on our side. Your changes in this page are kept; try again.</Text>
        {retry}
      </Stack>
    </Paper>
  )
}

export default function ItineraryBuilder() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.failed) {
    return (
      <ErrorScreen
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
  const { itinerary: it } = loaded
  const hydrated = useHydrated()
  const { search } = useLocation()
  const actionData = useActionData<typeof action>() as BuilderAnswer | undefined
  const fetcher = useFetcher<BuilderAnswer>()
  const revalidator = useRevalidator()
  const answer = (fetcher.data ?? actionData) as BuilderAnswer | undefined

  // The working copy: the saved days until the expert changes them here; a newer saved version replaces it.
  const [days, setDays] = useState<DraftDay[]>(() => draftOf(it))
  const [dirty, setDirty] = useState(false)
  const [dismissed, setDismissed] = useState<unknown>(null)
  useEffect(() => {
    setDays(draftOf(it))
    setDirty(false)
  }, [it.version, it.id]) // eslint-disable-line react-hooks/exhaustive-deps
  useBeforeUnload((event) => {
    if (dirty) event.preventDefault()
  })
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.kind === 'saved') notify.success(fetcher.data.message)
  }, [fetcher.state, fetcher.data])

  const params = new URLSearchParams(search)
  const dayIndex = Math.max(Math.min((Number(params.get('day')) || 1) - 1, days.length - 1), 0)
  // An itinerary made elsewhere may have no day yet: the builder then offers Add Day.
  const day: DraftDay = days[dayIndex] ?? { key: '', date: it.start_date, title: 'No days yet', description: '', theme: '', items: [] }
  const totals = useMemo(() => totalsOf(days, it.budget.total), [days, it.budget.total])
  const dayTotals = totals.days[dayIndex] ?? { total_cost: '0.00', estimated_duration: 0 }
  const currency = it.budget.currency
  const editable = it.can.save
  const base: FormBase = { version: it.version, day: dayIndex + 1 }
  const dayHref = (n: number) => `${BASE}/${it.id}?day=${n}`
  const saving = fetcher.state !== 'idle'

  const change = (next: DraftDay[]) => {
    setDays(next)
    setDirty(true)
  }
  // The buttons' forms, applied here when JavaScript runs (the same operations the action applies without it).
  const onLocal = (form: FormData) => {
    const intent = String(form.get('intent'))
    const key = String(form.get('item') ?? '')
    if (intent === 'remove') change(removeItem(days, key))
    else if (intent === 'move') {
      const direction = String(form.get('direction') ?? '')
      if (direction === 'up' || direction === 'down') change(nudgeItem(days, key, direction === 'up' ? -1 : 1))
      else {
        const to = Number(form.get('to_day')) - 1
        if (days[to]) change(moveItem(days, key, to, days[to]!.items.length))
      }
    } else if (intent === 'add-day') change(addDay(days, freshKey(), it.end_date))
  }
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

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return
    const key = String(active.id)
    const target = String(over.id)
    if (target.startsWith('day:')) {
      const to = Number(target.slice(4))
      if (to !== dayIndex && days[to]) change(moveItem(days, key, to, days[to]!.items.length))
      return
    }
    const at = locate(days, target)
    if (at && target !== key) change(moveItem(days, key, at.day, at.index))
  }

  const conflict = answer?.kind === 'conflict' && answer !== dismissed ? answer : null
  if (answer?.kind === 'failed' && answer !== dismissed) {
    return (
      <ErrorScreen
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

  const over = totals.over_budget
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <FlashNotice />
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {it.title}
              </Title>
              <ItineraryStatusBadge status={it.status} />
            </Group>
            <Text c="dimmed">
              {[it.destination, formatRange(it.start_date, it.end_date), days.length === 1 ? '1 day' : `${days.length} days`, travelersText(it.travelers)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap="lg">
              <Text size="sm">
                Budget: <b>{it.budget.total ? formatMoney(it.budget.total, currency) : 'None set'}</b>
              </Text>
              <Text size="sm" data-total>
                Total: <b>{formatMoney(totals.total, currency)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                Version {it.version}
                {dirty ? ' · unsaved changes' : ''}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Accommodation {formatMoney(totals.breakdown.accommodation, currency)} · Activities {formatMoney(totals.breakdown.activities, currency)} · Meals{' '}
              {formatMoney(totals.breakdown.meals, currency)} · Transport {formatMoney(totals.breakdown.transport, currency)}
            </Text>
          </Stack>
          <Group gap="xs">
            {editable ? (
              <>
                <Button component={Link} to={`${BASE}/${it.id}/library?day=${dayIndex + 1}`} preventScrollReset>
                  Add Activity
                </Button>
                <OpForm intent="add-day" base={base} onLocal={onLocal}>
                  <Button type="submit" variant="default">
                    Add Day
                  </Button>
                </OpForm>
                {hydrated ? (
                  <Button onClick={() => submit({ intent: 'save' })} loading={saving} color={dirty ? 'blue' : 'gray'}>
                    Save
                  </Button>
                ) : (
                  <OpForm intent="save" base={base}>
                    <Button type="submit" title="Save again, re-priced at today's rates">
                      Save
                    </Button>
                  </OpForm>
                )}
              </>
            ) : null}
            {/* The versions page is for those who work on the itinerary; the traveler reads the approved plan only. */}
            {it.can.save || it.can.approve ? (
              <Button component={Link} to={`${BASE}/${it.id}/versions`} variant="default">
                Versions
              </Button>
            ) : null}
            <Button component="a" href={`${BASE}/${it.id}/print`} variant="default">
              Print / Export
            </Button>
            {loaded.bookables?.can_book_package && loaded.bookables.trip_id !== null ? (
              <Button component={Link} to={`/dashboard/bookings/package/${loaded.bookables.trip_id}`}>
                Book the whole trip
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>

      {over ? (
        <Alert color="red" variant="light" role="alert" title="Over budget">
          {ITINERARY_MESSAGES.overBudget(formatMoney(over, currency))}
        </Alert>
      ) : null}
      {!editable ? (
        <Alert color="blue" variant="light">
          {it.status === 'approved' && !it.can.approve
            ? `This is the approved plan of your trip${it.approved_at ? `, approved on ${formatDay(it.approved_at.slice(0, 10))}` : ''}.`
            : 'You can read this itinerary; only its expert changes it.'}
        </Alert>
      ) : null}
      {answer?.kind === 'invalid' && answer.intent !== 'add-item' ? (
        <Alert color="red" variant="light" role="alert" title={ITINERARY_MESSAGES.saveFailed}>
          {answer.message}
        </Alert>
      ) : null}
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

      <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="nav" aria-label="Days">
              {days.map((d, i) => (
                <DayLink
                  key={d.key}
                  day={d}
                  index={i}
                  selected={i === dayIndex}
                  cost={totals.days[i]!.total_cost}
                  minutes={totals.days[i]!.estimated_duration}
                  currency={currency}
                  to={dayHref(i + 1)}
                />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p="lg">
              <DayView
                day={day}
                dayIndex={dayIndex}
                cost={formatMoney(dayTotals.total_cost, currency)}
                minutes={dayTotals.estimated_duration}
                itemKeys={day.items.map((i) => i.key)}
              >
                {day.items.map((item, i) => (
                  <ItemCard
                    key={item.key}
                    item={item}
                    index={i}
                    count={day.items.length}
                    days={days}
                    dayIndex={dayIndex}
                    currency={currency}
                    editable={editable}
                    hydrated={hydrated}
                    base={base}
                    onLocal={hydrated ? onLocal : undefined}
                    extra={<ItemBooking bookables={loaded.bookables} itemKey={item.key} activityId={item.activity_id} title={item.title} />}
                  />
                ))}
              </DayView>
              {editable && days.length ? (
                <AddItemForm
                  base={base}
                  currency={currency}
                  transfers={loaded.transfers}
                  stays={loaded.stays}
                  failure={answer?.kind === 'invalid' && answer.intent === 'add-item' ? answer : null}
                  busy={saving}
                  onSubmit={
                    hydrated
                      ? (form) =>
                          submit({
                            ...Object.fromEntries([...form].map(([k, v]) => [k, String(v)])),
                          })
                      : undefined
                  }
                />
              ) : null}
            </Paper>
          </Grid.Col>
        </Grid>
      </DndContext>
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

export type BuilderOutletContext = {
  addActivity: (activity: LibraryPick) => void
  day: number
  dayTitle: string
  version: number
}

/** The traveler's Book link on an approved activity item, or the booking it already has (docs/bookings.md). */
function ItemBooking({ bookables, itemKey, activityId, title }: { bookables: Loaded['bookables']; itemKey: string; activityId: number | null; title: string }) {
  const entry = bookables?.items[itemKey]
  if (!bookables || !entry || activityId === null) return null
  const booked = entry.booking ?? bookables.package
  if (booked) {
    return (
      <Text size="sm">
        Booked:{' '}
        <Anchor component={Link} to={`/dashboard/bookings/${booked.id}`}>
          {booked.reference}
        </Anchor>
        {entry.booking ? '' : ' (the whole trip)'}
      </Text>
    )
  }
  return (
    <Group gap="xs" mt={4}>
      <Button
        component={Link}
        to={`/dashboard/activities/${activityId}/book?item=${entry.item_id}`}
        size="compact-xs"
        variant="light"
        aria-label={`Book ${title}`}
      >
        Book
      </Button>
    </Group>
  )
}
