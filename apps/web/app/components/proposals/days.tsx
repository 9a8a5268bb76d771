import { Badge, Box, Group, Image, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ProposalDto, ThreadDto } from '@meridian/core'
import { ITEM_TYPE_LABELS, type ItemType } from '@meridian/validators/itinerary-constants'
import { formatDay, formatMoney, plural } from '../trips/format.ts'
import { choiceField, signedMoney, timeRange } from './format.ts'
import { type FormAnswer, NewComment, ThreadList } from './threads.tsx'

/*
 * The round's days and items. The options of a slot (items of a day sharing an option group) are shown side by side,
 * one radio each: the radios belong to the choices form (`form=` attribute), which sits with the total, so that the
 * comment forms under each item are not nested inside it.
 */

type Day = ProposalDto['days'][number]
type Item = Day['items'][number]
type Slot = ProposalDto['slots'][number]

export interface DaysProps {
  days: ProposalDto['days']
  slots: ProposalDto['slots']
  choices: Record<string, string>
  differences: Record<string, string>
  dayTotals: { total_cost: string; estimated_duration: number }[]
  currency: string
  /** The form the radios submit with; null when the choices are fixed (an accepted round: no radios, the choice said). */
  formId: string | null
  onChoose: (group: string, key: string) => void
  threads: ThreadDto[]
  canComment: boolean
  canResolve: boolean
  answer?: FormAnswer
  /** Field errors of the choices, by slot. */
  choiceErrors: Record<string, string>
}

export function ProposalDays(props: DaysProps) {
  return (
    <Stack gap="lg">
      {props.days.map((day, index) => (
        <DayBlock key={day.key} day={day} index={index} {...props} />
      ))}
    </Stack>
  )
}

function DayBlock({ day, index, ...props }: DaysProps & { day: Day; index: number }) {
  const slotOf = new Map(props.slots.map((s) => [s.group, s]))
  const shown = new Set<string>()
  const total = props.dayTotals[index]?.total_cost ?? '0.00'
  const headingId = `day-${day.key}`
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={2} size="h4" id={headingId}>
            Day {index + 1} · {formatDay(day.date)}
            {day.title && day.title !== `Day ${index + 1}` ? ` — ${day.title}` : ''}
          </Title>
          {day.theme ? (
            <Text size="sm" c="dimmed">
              {day.theme}
            </Text>
          ) : null}
        </div>
        <Text size="sm" fw={600} aria-label={`Day ${index + 1} total ${formatMoney(total, props.currency)}`}>
          {formatMoney(total, props.currency)}
        </Text>
      </Group>
      {day.description ? (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {day.description}
        </Text>
      ) : null}
      {day.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          A free day: nothing planned.
        </Text>
      ) : (
        <Stack gap="sm">
          {day.items.map((item) => {
            if (!item.option_group) return <ItemCard key={item.key} item={item} {...props} />
            if (shown.has(item.option_group)) return null
            shown.add(item.option_group)
            const slot = slotOf.get(item.option_group)
            return slot ? <SlotBlock key={`slot-${slot.group}`} slot={slot} items={day.items} {...props} /> : null
          })}
        </Stack>
      )}
    </Paper>
  )
}

/** The options of one slot, side by side on a wide screen and stacked on a phone. */
function SlotBlock({ slot, items, ...props }: DaysProps & { slot: Slot; items: Item[] }) {
  const options = slot.options.map((key) => items.find((i) => i.key === key)).filter((i): i is Item => Boolean(i))
  const error = props.choiceErrors[slot.group]
  const legendId = `slot-${slot.group}`
  return (
    <Box component="fieldset" aria-labelledby={legendId} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text id={legendId} size="sm" fw={600} mb={6}>
        Choose one of {options.length} options
        {options[0] ? ` · ${ITEM_TYPE_LABELS[options[0].type as ItemType] ?? options[0].type}` : ''}
      </Text>
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" mb={6}>
          {error}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: Math.min(options.length, 2), lg: Math.min(options.length, 3) }} spacing="sm">
        {options.map((item) => (
          <ItemCard key={item.key} item={item} slot={slot} {...props} />
        ))}
      </SimpleGrid>
    </Box>
  )
}

function ItemCard({ item, slot, ...props }: DaysProps & { item: Item; slot?: Slot }) {
  const chosen = slot ? props.choices[slot.group] === item.key : true
  const time = timeRange(item.start_time, item.end_time)
  const cost = item.details.converted_cost
  const difference = slot && !chosen ? signedMoney(props.differences[item.key] ?? '0.00', props.currency) : null
  const threads = props.threads.filter((t) => t.item_key === item.key)
  const type = ITEM_TYPE_LABELS[item.type as ItemType] ?? item.type
  const place = [item.location.name, item.location.address].filter(Boolean).join(', ')
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={item.title}
      data-chosen={slot ? String(chosen) : undefined}
      style={slot && chosen ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {slot && props.formId !== null ? (
            <Radio
              name={choiceField(slot.group)}
              value={item.key}
              checked={chosen}
              onChange={() => props.onChoose(slot.group, item.key)}
              form={props.formId}
              label={
                <Text span fw={600}>
                  {item.title}
                </Text>
              }
            />
          ) : (
            <Text fw={600}>{item.title}</Text>
          )}
          {item.recommended && slot ? (
            <Badge size="sm" variant="light" color="teal" style={{ flexShrink: 0 }}>
              Recommended
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {[type, time, item.nights ? plural(item.nights, 'night', 'nights') : null].filter(Boolean).join(' · ')}
        </Text>
        {place ? <Text size="sm">{place}</Text> : null}
        {item.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.description}
          </Text>
        ) : null}
        {item.photos.length ? <Photos photos={item.photos} title={item.title} /> : null}
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {cost === null ? 'No price' : formatMoney(cost, props.currency)}
          </Text>
          {slot ? (
            <Text size="sm" c={chosen ? undefined : 'dimmed'} fw={chosen ? 600 : undefined}>
              {props.formId === null ? (chosen ? 'Chosen' : 'Not chosen') : chosen ? 'In your total' : (difference ?? 'Same price')}
            </Text>
          ) : null}
        </Group>
        <ThreadList threads={threads} canComment={props.canComment} canResolve={props.canResolve} answer={props.answer} />
        {props.canComment ? <NewComment itemKey={item.key} itemTitle={item.title} count={threads.length} answer={props.answer} /> : null}
      </Stack>
    </Paper>
  )
}

function Photos({ photos, title }: { photos: { url: string; thumbnail: string | null }[]; title: string }) {
  return (
    <Group gap={6} wrap="nowrap" style={{ overflowX: 'auto' }}>
      {photos.map((p, i) => (
        <a key={p.url} href={p.url} target="_blank" rel="noreferrer" aria-label={`Photo ${i + 1} of ${title} (opens in a new tab)`}>
          <Image src={p.thumbnail ?? p.url} alt="" w={96} h={72} radius="sm" fit="cover" loading="lazy" />
        </a>
      ))}
    </Group>
  )
}
