import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Textarea } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import {
  CUSTOMER_NOTE_MAX,
  QUIZ_STATUS_LABELS,
  QUIZ_TYPE_LABELS,
  type QuizStatus,
  type QuizType,
  scoreLabel,
} from '@meridian/validators/quiz-constants'
import { TRIP_TYPE_LABELS, TRIP_TYPES } from '@meridian/validators/trip-constants'
import { fieldError } from '../kit/banners.tsx'
import { plural } from '../trips/format.ts'
import { formatDate, formatMoment, NONE } from './format.ts'

/** A form's refusal as the profile's action answers it: field messages and what was typed. */
export interface ProfileFailure {
  fields: Record<string, string[]>
  values: Record<string, string>
}

/** Whether the form with this intent is being sent. */
function useSending(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The note's text, saved with Save Note; a refused text stays in the box with its message beside it. */
export function NoteEditor({ note, failure }: { note: string; failure: ProfileFailure | null }) {
  const sending = useSending('note')
  return (
    <Form method="post" aria-label="Note" preventScrollReset>
      <input type="hidden" name="intent" value="note" />
      <Stack gap="xs">
        <Textarea
          name="body"
          label="Note"
          description={`What the team should know about this traveler: wishes, dates, things to avoid. Up to ${CUSTOMER_NOTE_MAX.toLocaleString('en-US')} characters; every edit is kept below.`}
          defaultValue={failure?.values.body ?? note}
          maxLength={CUSTOMER_NOTE_MAX}
          autosize
          minRows={4}
          maxRows={14}
          error={fieldError(failure?.fields, 'body')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            Save Note
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export interface NoteEdit {
  id: number
  body: string
  author: { id: number; name: string } | null
  created_at: string
}

/** Every edit of the note, newest first, with who wrote it and when. */
export function NoteHistory({ edits }: { edits: NoteEdit[] }) {
  if (edits.length === 0) return <Text c="dimmed" size="sm">No notes yet. The first one you save starts the history.</Text>
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Note history">
      {edits.map((e, i) => (
        <Paper component="li" key={e.id} withBorder radius="md" p="sm">
          {e.body ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {e.body}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              Note cleared
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {i === 0 ? 'Current · ' : ''}
            {e.author?.name ?? 'A former team member'} · {formatMoment(e.created_at)}
          </Text>
        </Paper>
      ))}
    </Stack>
  )
}

export interface ExpertOption {
  id: number
  name: string
  open_trips: number
}

/** Set expert: one active expert for every trip type, or for one; the traveler's open unassigned trips follow. */
export function ExpertForm({ experts, failure }: { experts: ExpertOption[]; failure: ProfileFailure | null }) {
  const sending = useSending('expert')
  if (experts.length === 0) return <Text c="dimmed" size="sm">There is no active expert to choose yet.</Text>
  return (
    <Form method="post" aria-label="Set expert" preventScrollReset>
      <input type="hidden" name="intent" value="expert" />
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" grow>
          <NativeSelect
            name="expert_id"
            label="Expert"
            data={[
              { value: '', label: 'Choose an expert' },
              ...experts.map((e) => ({ value: String(e.id), label: `${e.name} · ${plural(e.open_trips, 'open trip', 'open trips')}` })),
            ]}
            defaultValue={failure?.values.expert_id ?? ''}
            error={fieldError(failure?.fields, 'expert_id')}
          />
          <NativeSelect
            name="trip_type"
            label="Trip type"
            data={[{ value: '', label: 'All trip types' }, ...TRIP_TYPES.map((t) => ({ value: t, label: TRIP_TYPE_LABELS[t] }))]}
            defaultValue={failure?.values.trip_type ?? ''}
            error={fieldError(failure?.fields, 'trip_type')}
          />
        </Group>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="xs" c="dimmed" maw={420}>
            Their open trips of that type that have no expert yet go to this expert at once.
          </Text>
          <Button type="submit" loading={sending}>
            Set expert
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export interface QuizRow {
  id: number
  quiz_type: string
  status: string
  submitted_at: string
  score: number | null
}

/** The traveler's quiz submissions, newest first. */
export function QuizTable({ quizzes }: { quizzes: QuizRow[] }) {
  if (quizzes.length === 0) return <Text c="dimmed" size="sm">No quiz submissions yet.</Text>
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label="Quiz submissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quizzes.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>{QUIZ_TYPE_LABELS[q.quiz_type as QuizType] ?? q.quiz_type}</Table.Td>
              <Table.Td>{QUIZ_STATUS_LABELS[q.status as QuizStatus] ?? q.status}</Table.Td>
              <Table.Td>{q.score === null ? NONE : `${q.score} · ${scoreLabel(q.score).label}`}</Table.Td>
              <Table.Td>{formatDate(q.submitted_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
