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
import { Grid, Paper, Stack } from '@mantine/core'
import { formatMoney } from '../trips/format.ts'
import { DayLink, DayView, type FormBase, ItemCard } from './builder-parts.tsx'
import { type DraftDay, type DraftItem, locate, moveItem, type totalsOf } from './draft.ts'
import { OptionButtons, runsOf, SlotBadges, SlotRun, slotViews } from './item-options.tsx'

/** Under the pointer first (a day in the left list, an item), else the closest (the keyboard has no pointer). */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length ? hits : closestCenter(args)
}

/**
 * The days in the left list and the day in view with its items, where an item is dragged to another place in the day
 * or onto another day (pointer or keyboard). The options of a slot are shown together, each with its slot and whether
 * it is the recommended one. `children` follow the day's items (the add-item form); `itemExtra` is shown on each item
 * (the traveler's booking), `itemFooter` after its buttons (the proposal's threads).
 */
export function BuilderBoard({
  days,
  day,
  dayIndex,
  totals,
  currency,
  editable,
  hydrated,
  base,
  dayHref,
  onLocal,
  onChange,
  itemExtra,
  itemFooter,
  children,
}: {
  days: DraftDay[]
  /** The day in view (a placeholder when the itinerary has none yet). */
  day: DraftDay
  dayIndex: number
  totals: ReturnType<typeof totalsOf>
  currency: string
  editable: boolean
  hydrated: boolean
  base: FormBase
  dayHref: (n: number) => string
  onLocal: (form: FormData) => void
  /** The working copy after a drag. */
  onChange: (next: DraftDay[]) => void
  itemExtra: (item: DraftItem) => React.ReactNode
  /** Shown last on each item, after its buttons (the proposal's comment threads). */
  itemFooter?: (item: DraftItem) => React.ReactNode
  children?: React.ReactNode
}) {
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
      if (to !== dayIndex && days[to]) onChange(moveItem(days, key, to, days[to]!.items.length))
      return
    }
    const at = locate(days, target)
    if (at && target !== key) onChange(moveItem(days, key, at.day, at.index))
  }
  const dayTotals = totals.days[dayIndex] ?? { total_cost: '0.00', estimated_duration: 0 }
  const slots = slotViews(days)
  const card = (item: DraftItem, i: number) => (
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
      extra={itemExtra(item)}
      footer={itemFooter?.(item)}
      badges={<SlotBadges slot={slots.get(item.key)} />}
      actions={<OptionButtons item={item} slot={slots.get(item.key)} base={base} onLocal={hydrated ? onLocal : undefined} />}
    />
  )
  const indexOf = new Map(day.items.map((item, i) => [item.key, i]))

  return (
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
              {runsOf(day.items).map((run) =>
                run.group && run.items.length > 1 ? (
                  <SlotRun key={`slot:${run.items[0]!.key}`} group={run.group} count={slots.get(run.items[0]!.key)?.size ?? run.items.length}>
                    {run.items.map((item) => card(item, indexOf.get(item.key)!))}
                  </SlotRun>
                ) : (
                  card(run.items[0]!, indexOf.get(run.items[0]!.key)!)
                ),
              )}
            </DayView>
            {children}
          </Paper>
        </Grid.Col>
      </Grid>
    </DndContext>
  )
}
