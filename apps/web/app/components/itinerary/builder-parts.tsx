import { useDroppable } from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { ITEM_TYPE_LABELS, type ItemType, ITINERARY_MESSAGES } from '@meridian/validators/itinerary-constants'
import { icon } from '../public/icons.tsx'
import { formatDay, formatMoney } from '../trips/format.ts'
import { type DraftDay, type DraftItem, formatMinutes } from './draft.ts'

export const IconGrip = icon(
  <>
    <circle cx="9" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="15" cy="18" r="1" />
  </>,
  'IconGrip',
)

/** What every builder form carries: the version the page shows and the day in view. */
export interface FormBase {
  version: number
  day: number
}

/**
 * A builder button's form. Without JavaScript it posts to the route's action, which applies it to the saved state
 * and saves; with JavaScript `onLocal` applies it to the working copy instead (Save then sends it all).
 */
export function OpForm({
  intent,
  base,
  fields = {},
  onLocal,
  children,
  label,
}: {
  intent: string
  base: FormBase
  fields?: Record<string, string>
  onLocal?: (form: FormData) => void
  children: React.ReactNode
  label?: string
}) {
  return (
    <Form
      method="post"
      aria-label={label}
      style={{ display: 'contents' }}
      onSubmit={(event) => {
        if (!onLocal) return
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
        if (submitter?.name) form.set(submitter.name, submitter.value)
        onLocal(form)
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={base.version} />
      <input type="hidden" name="day" value={base.day} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  )
}

/** One day in the left list: date, title, item count and cost; a drop target for items dragged onto it. */
export function DayLink({
  day,
  index,
  selected,
  cost,
  minutes,
  currency,
  to,
}: {
  day: DraftDay
  index: number
  selected: boolean
  cost: string
  minutes: number
  currency: string
  to: string
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${index}` })
  return (
    <UnstyledButton
      ref={setNodeRef}
      component={Link}
      to={to}
      preventScrollReset
      aria-current={selected ? 'true' : undefined}
      data-day={index + 1}
      p="sm"
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${isOver ? 'var(--mantine-color-blue-5)' : selected ? 'var(--mantine-color-blue-3)' : 'var(--mantine-color-default-border)'}`,
        background: selected || isOver ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {formatDay(day.date)}
          </Text>
          <Text fw={600} truncate>
            {day.title}
          </Text>
          <Text size="xs" c="dimmed">
            {day.items.length === 1 ? '1 item' : `${day.items.length} items`} · {formatMinutes(minutes)}
          </Text>
        </Stack>
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(cost, currency)}
        </Text>
      </Group>
    </UnstyledButton>
  )
}

const TYPE_COLORS: Record<string, string> = { activity: 'blue', meal: 'orange', transport: 'cyan', accommodation: 'grape', free_time: 'gray' }

/** An item's price line: in the itinerary's currency, and in its own when that differs. */
function priceText(item: DraftItem, currency: string) {
  if (item.details.converted_cost === null)
    return item.details.cost === null && item.unit_price === null && item.type !== 'activity' && item.type !== 'transport' ? 'No cost' : 'Priced on save'
  const own =
    item.details.currency && item.details.currency !== currency && item.details.cost ? ` (${formatMoney(item.details.cost, item.details.currency)})` : ''
  return `${formatMoney(item.details.converted_cost, currency)}${own}`
}

/** One item of the day in view, with its move and remove buttons (forms) and, with JavaScript, a drag handle. */
export function ItemCard({
  item,
  index,
  count,
  days,
  dayIndex,
  currency,
  editable,
  hydrated,
  base,
  onLocal,
  extra,
  badges,
  footer,
  actions,
}: {
  item: DraftItem
  index: number
  count: number
  days: DraftDay[]
  dayIndex: number
  currency: string
  editable: boolean
  hydrated: boolean
  base: FormBase
  onLocal?: (form: FormData) => void
  /** Shown under the item for a reader (the traveler's Book link). */
  extra?: React.ReactNode
  /** Under the title: the item's slot, when it is an option. */
  badges?: React.ReactNode
  /** Last, after the buttons: the proposal's comment threads on the item. */
  footer?: React.ReactNode
  /** After the move and remove buttons, for those who edit: the option buttons. */
  actions?: React.ReactNode
}) {
  const sortable = useSortable({ id: item.key, disabled: !editable || !hydrated })
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition, opacity: sortable.isDragging ? 0.6 : 1 }
  const time = item.start_time ? `${item.start_time}${item.end_time ? `–${item.end_time}` : ''}` : 'Any time'
  return (
    <Paper ref={sortable.setNodeRef} style={style} withBorder radius="md" p="sm" component="li" data-item={item.key} aria-label={item.title}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {editable && hydrated ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag ${item.title}`}
            {...sortable.attributes}
            {...sortable.listeners}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGrip size={18} />
          </ActionIcon>
        ) : null}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge variant="light" color={TYPE_COLORS[item.type] ?? 'gray'}>
                {ITEM_TYPE_LABELS[item.type as ItemType] ?? item.type}
              </Badge>
              <Text fw={600} truncate>
                {item.title}
              </Text>
            </Group>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }} data-cost>
              {priceText(item, currency)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {time} · {formatMinutes(item.details.duration)}
            {item.location.name ? ` · ${item.location.name}` : ''}
            {item.type === 'accommodation' && item.nights ? ` · ${item.nights === 1 ? '1 night' : `${item.nights} nights`}` : ''}
          </Text>
          {badges}
          {item.description ? <Text size="sm">{item.description}</Text> : null}
          {extra}
          {editable ? (
            <Group gap="xs" mt={4}>
              <OpForm intent="move" base={base} fields={{ item: item.key, direction: 'up' }} onLocal={onLocal} label={`Move ${item.title} up`}>
                <Button type="submit" size="compact-xs" variant="default" disabled={index === 0} aria-label={`Move ${item.title} up`}>
                  Up
                </Button>
              </OpForm>
              <OpForm intent="move" base={base} fields={{ item: item.key, direction: 'down' }} onLocal={onLocal} label={`Move ${item.title} down`}>
                <Button type="submit" size="compact-xs" variant="default" disabled={index === count - 1} aria-label={`Move ${item.title} down`}>
                  Down
                </Button>
              </OpForm>
              {days.length > 1 ? (
                <OpForm intent="move" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Move ${item.title} to another day`}>
                  <Group gap={4} wrap="nowrap">
                    <NativeSelect
                      name="to_day"
                      size="xs"
                      aria-label={`Day to move ${item.title} to`}
                      defaultValue={String(dayIndex === 0 ? 2 : 1)}
                      data={days.map((d, i) => ({ value: String(i + 1), label: `Day ${i + 1}: ${d.title}`, disabled: i === dayIndex }))}
                    />
                    <Button type="submit" size="compact-xs" variant="default">
                      Move
                    </Button>
                  </Group>
                </OpForm>
              ) : null}
              <OpForm intent="remove" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Remove ${item.title}`}>
                <Button type="submit" size="compact-xs" variant="subtle" color="red" aria-label={`Remove ${item.title}`}>
                  Remove
                </Button>
              </OpForm>
              {actions}
            </Group>
          ) : null}
          {footer}
        </Stack>
      </Group>
    </Paper>
  )
}

/** The day in view: its title, date, totals and items in order, or 'No activities planned'. */
export function DayView({
  day,
  dayIndex,
  cost,
  minutes,
  children,
  itemKeys,
}: {
  day: DraftDay
  dayIndex: number
  cost: string
  minutes: number
  children: React.ReactNode
  itemKeys: string[]
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Day {dayIndex + 1} · {formatDay(day.date)}
          </Text>
          <Title order={2} size="h3">
            {day.title}
          </Title>
        </Stack>
        <Text size="sm" data-day-total>
          {cost} · {formatMinutes(minutes)}
        </Text>
      </Group>
      {day.description ? <Text size="sm">{day.description}</Text> : null}
      <SortableContext items={itemKeys} strategy={verticalListSortingStrategy}>
        {itemKeys.length ? (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Items of ${day.title}`}>
            {children}
          </Stack>
        ) : (
          <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
            <Text ta="center" c="dimmed">
              {ITINERARY_MESSAGES.noActivities}
            </Text>
          </Paper>
        )}
      </SortableContext>
    </Stack>
  )
}
