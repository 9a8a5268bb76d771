import { Button, Checkbox, Fieldset, Group, Text } from '@mantine/core'
import { partyNames } from '@meridian/validators/itinerary-constants'
import { type FormBase, OpForm } from './builder-parts.tsx'
import type { DraftItem } from './draft.ts'

export interface PartyMemberView {
  id: number
  name: string
}

/**
 * Whom an item is for (docs/traveler-app.md "Per traveler"): "For Ana and Leo" when it is for some of the party; for
 * those who edit, "Who is it for?" opens the party's boxes (none ticked: everyone). A plain form inside a disclosure:
 * it works without JavaScript; with it, the choice goes to the working copy like the other buttons.
 */
export function ItemParty({
  item,
  party,
  editable,
  base,
  onLocal,
}: {
  item: DraftItem
  party: PartyMemberView[]
  editable: boolean
  base: FormBase
  onLocal?: (form: FormData) => void
}) {
  const names = partyNames(item.party, party)
  if (!party.length) return null
  return (
    <Group gap="xs" align="flex-start">
      {names ? (
        <Text size="sm" fw={600} data-testid="item-party">
          For {names}
        </Text>
      ) : null}
      {editable ? (
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Who is it for?</summary>
          <OpForm intent="set-party" base={base} fields={{ item: item.key }} onLocal={onLocal} label={`Who "${item.title}" is for`}>
            <Group gap="sm" mt={4}>
              {party.map((m) => (
                <Checkbox key={m.id} name={`party_${m.id}`} label={m.name} defaultChecked={item.party.includes(m.id)} size="xs" />
              ))}
              <Button type="submit" size="xs" variant="default">
                Set
              </Button>
            </Group>
          </OpForm>
          <Text size="xs" c="dimmed">
            None ticked: everyone.
          </Text>
        </details>
      ) : null}
    </Group>
  )
}

/** The Add item form's "For" boxes: none ticked is everyone. */
export function PartyBoxes({ party, values }: { party: PartyMemberView[]; values: Record<string, string> }) {
  if (!party.length) return null
  return (
    <Fieldset legend="For" variant="unstyled">
      <Text size="xs" c="dimmed">
        Leave every box empty when it is for everyone.
      </Text>
      <Group gap="sm" mt={4}>
        {party.map((m) => (
          <Checkbox key={m.id} name={`party_${m.id}`} label={m.name} defaultChecked={values[`party_${m.id}`] === 'on'} />
        ))}
      </Group>
    </Fieldset>
  )
}
