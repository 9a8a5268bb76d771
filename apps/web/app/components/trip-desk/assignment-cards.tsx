import { Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { type AssignmentStatus, TRIP_STATUS_LABELS, type TripStatus } from '@meridian/validators/trip-constants'
import { fieldError } from '../kit/banners.tsx'
import { formatDay, plural } from '../trips/format.ts'
import { type TripSummaryData, TripSummary } from './trip-summary.tsx'

const ASSIGNMENT_LABELS: Record<AssignmentStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting for your answer', color: 'orange' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
}

/** A titled part of the screen: a landmark named by its heading, so each list can be found (and tested) on its own. */
export function DeskSection({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const id = useId()
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <div>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  )
}

/** A one-button form: the intent and the record's id travel as hidden fields, so it works without JavaScript. */
function IntentButton({ intent, name, id, label, color, variant }: { intent: string; name: string; id: number; label: string; color?: string; variant?: string }) {
  const busy = useBusy(intent, name, id)
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={id} />
      <Button type="submit" size="xs" color={color} variant={variant} loading={busy}>
        {label}
      </Button>
    </Form>
  )
}

/** Whether this very form (its intent and id) is the one being sent. */
function useBusy(intent: string, name: string, id: number) {
  const navigation = useNavigation()
  const form = navigation.formData
  return navigation.state === 'submitting' && form?.get('intent') === intent && form?.get(name) === String(id)
}

export interface AssignmentCardData {
  id: number
  status: AssignmentStatus
  assigned_at: string
  trip: TripSummaryData | null
}

/** One assignment of the expert's queue: the trip, when it was assigned, and Accept / Decline while it waits. */
export function AssignmentCard({ assignment }: { assignment: AssignmentCardData }) {
  const { trip } = assignment
  const state = ASSIGNMENT_LABELS[assignment.status]
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={trip?.title ?? `Assignment ${assignment.id}`}>
      <Stack gap="xs" h="100%">
        {trip ? <TripSummary trip={trip} /> : <Text fw={600}>Trip no longer available</Text>}
        <Group gap="xs">
          <Badge color={state.color} variant="dot">
            {state.label}
          </Badge>
          <Text size="xs" c="dimmed">
            Assigned {formatDay(assignment.assigned_at.slice(0, 10))}
          </Text>
        </Group>
        {assignment.status === 'pending' ? (
          <Group gap="xs" mt="auto">
            <IntentButton intent="accept" name="assignment_id" id={assignment.id} label="Accept" />
            <IntentButton intent="decline" name="assignment_id" id={assignment.id} label="Decline" color="red" variant="light" />
          </Group>
        ) : null}
      </Stack>
    </Card>
  )
}

export interface DeskTripData extends TripSummaryData {
  /** The moves the status table lets this user make now. */
  moves: TripStatus[]
  /** The live assignment is still waiting for the expert's answer. */
  awaiting: boolean
}

/** One of the expert's trips with a button per move it allows, and an optional note for the status history. */
export function DeskTripCard({ trip }: { trip: DeskTripData }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'move' && navigation.formData?.get('trip_id') === String(trip.id)
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={trip.title}>
      <Stack gap="xs" h="100%">
        <TripSummary trip={trip} />
        {trip.moves.length > 0 ? (
          <Form method="post" preventScrollReset aria-label={`Move ${trip.title}`} style={{ marginTop: 'auto' }}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="trip_id" value={trip.id} />
            <Stack gap="xs">
              <TextInput name="note" label="Note (optional)" size="xs" maxLength={1000} />
              <Group gap="xs">
                {trip.moves.map((to) => (
                  <Button
                    key={to}
                    type="submit"
                    name="status"
                    value={to}
                    size="xs"
                    color={to === 'cancelled' ? 'red' : undefined}
                    variant={to === 'cancelled' ? 'light' : 'filled'}
                    disabled={busy}
                  >
                    Move to {TRIP_STATUS_LABELS[to]}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Form>
        ) : (
          <Text size="xs" c="dimmed" mt="auto">
            {trip.awaiting ? 'Accept the assignment to work on this trip.' : 'No further status changes.'}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

export interface ExpertChoice {
  id: number
  name: string
  live_assignments: number
}

/** A trip nobody works on yet, with the expert picker (each expert's live assignments beside the name) and Assign. */
export function UnassignedTripCard({
  trip,
  experts,
  failure,
}: {
  trip: TripSummaryData
  experts: ExpertChoice[]
  /** The last Assign of this trip that failed: its field messages and the expert that was chosen. */
  failure?: { fields: Record<string, string[]>; values: Record<string, string> } | null
}) {
  const busy = useBusy('assign', 'trip_id', trip.id)
  const options = [
    { value: '', label: 'Choose an expert' },
    ...experts.map((e) => ({ value: String(e.id), label: `${e.name} · ${plural(e.live_assignments, 'live assignment', 'live assignments')}` })),
  ]
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={trip.title}>
      <Stack gap="xs" h="100%">
        <TripSummary trip={trip} />
        {experts.length === 0 ? (
          <Text size="sm" c="dimmed" mt="auto">
            No active experts to assign.
          </Text>
        ) : (
          <Form method="post" preventScrollReset aria-label={`Assign an expert to ${trip.title}`} style={{ marginTop: 'auto' }}>
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="trip_id" value={trip.id} />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                name="expert_id"
                label="Expert"
                size="xs"
                data={options}
                defaultValue={failure?.values.expert_id ?? ''}
                error={fieldError(failure?.fields, 'expert_id')}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="xs" loading={busy}>
                Assign
              </Button>
            </Group>
          </Form>
        )}
      </Stack>
    </Card>
  )
}
