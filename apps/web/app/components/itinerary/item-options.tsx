import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { MAX_SLOT_OPTIONS } from '@meridian/validators/proposal-constants'
import { slotsOf } from '@meridian/validators/proposal-math'
import { type FormBase, OpForm } from './builder-parts.tsx'
import type { DraftDay, DraftItem } from './draft.ts'

/** An item's place in its slot, as the builder shows it. */
export interface SlotView {
  group: string
  /** The option the slot recommends (the one counted in the totals): marked so, else the slot's first. */
  recommended: boolean
  /** How many options the slot has. */
  size: number
}

/** Each option's slot, by item key, as the totals see them (slotsOf: the first option when none is marked). */
export function slotViews(days: readonly DraftDay[]): Map<string, SlotView> {
  const out = new Map<string, SlotView>()
  for (const slot of slotsOf(days))
    for (const key of slot.options) out.set(key, { group: slot.group, recommended: slot.recommended === key, size: slot.options.length })
  return out
}

/** The day's items in order, the neighbouring options of one slot taken together. */
export function runsOf(items: readonly DraftItem[]): { group: string | null; items: DraftItem[] }[] {
  const runs: { group: string | null; items: DraftItem[] }[] = []
  for (const item of items) {
    const last = runs.at(-1)
    if (item.option_group && last?.group === item.option_group) last.items.push(item)
    else runs.push({ group: item.option_group, items: [item] })
  }
  return runs
}

/** "Option of hotel-cusco" and "Recommended" under an option's title. */
export function SlotBadges({ slot }: { slot: SlotView | null | undefined }) {
  if (!slot) return null
  return (
    <Group gap={4}>
      <Badge variant="outline" color="violet" size="sm">
        Option of {slot.group}
      </Badge>
      {slot.recommended ? (
        <Badge variant="light" color="green" size="sm">
          Recommended
        </Badge>
      ) : null}
    </Group>
  )
}

/** An item's option buttons: Add an option (a copy in the same slot), and for an option Make recommended, Leave the slot. */
export function OptionButtons({
  item,
  slot,
  base,
  onLocal,
}: {
  item: DraftItem
  slot: SlotView | null | undefined
  base: FormBase
  onLocal?: (form: FormData) => void
}) {
  const full = !!slot && slot.size >= MAX_SLOT_OPTIONS
  return (
    <>
      <OpForm intent="add-option" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Add an option to ${item.title}`}>
        <Button
          type="submit"
          size="compact-xs"
          variant="default"
          disabled={full}
          title={full ? `A slot has at most ${MAX_SLOT_OPTIONS} options.` : 'A copy of this item as another option for the same slot'}
          aria-label={`Add an option to ${item.title}`}
        >
          Add an option
        </Button>
      </OpForm>
      {slot && !slot.recommended ? (
        <OpForm intent="recommend" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Make ${item.title} recommended`}>
          <Button type="submit" size="compact-xs" variant="default" aria-label={`Make recommended: ${item.title}`}>
            Make recommended
          </Button>
        </OpForm>
      ) : null}
      {slot ? (
        <OpForm intent="leave-slot" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Take ${item.title} out of its slot`}>
          <Button type="submit" size="compact-xs" variant="default" aria-label={`${item.title}: leave the slot`}>
            Leave the slot
          </Button>
        </OpForm>
      ) : null}
    </>
  )
}

/** The options of one slot, shown together and indented under what they are: alternatives, one of them counted. */
export function SlotRun({ group, count, children }: { group: string; count: number; children: React.ReactNode }) {
  return (
    <Paper
      component="li"
      radius="md"
      p="xs"
      data-slot={group}
      aria-label={`Options of ${group}`}
      style={{ borderLeft: '3px solid var(--mantine-color-violet-5)', background: 'transparent' }}
    >
      <Text size="xs" c="dimmed" mb={6}>
        {group}: {count} options for the traveler to choose from; the recommended one counts in the totals
      </Text>
      <Stack component="ol" gap="xs" p={0} m={0} pl="md" style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Paper>
  )
}
