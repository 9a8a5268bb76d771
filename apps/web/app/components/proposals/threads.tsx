import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import type { ThreadDto } from '@meridian/core'
import { fieldError } from '../kit/banners.tsx'
import { formatDay } from '../trips/format.ts'
import { dayOf } from './format.ts'

/*
 * Comment threads on a proposal (docs/proposals.md "Comments"): each thread is anchored (#thread-{id}) so that
 * notifications and the chat can link to it; every form is a plain POST, so it works without JavaScript.
 */

/** The action's answer to a refused form: its messages and what was typed, to show beside the form that sent it. */
export interface FormAnswer {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

/** Whether the answer is this form's: the same intent, thread and item. */
export function answerFor(answer: FormAnswer | undefined, match: { intents: string[]; thread?: number; itemKey?: string | null }) {
  if (!answer || !match.intents.includes(answer.values.intent ?? '')) return undefined
  const thread = answer.values.thread ?? ''
  if (match.thread !== undefined) return thread === String(match.thread) ? answer : undefined
  if (thread) return undefined
  return (answer.values.item_key ?? '') === (match.itemKey ?? '') ? answer : undefined
}

/** A refusal that names no field shown in the form: the service's message, or a field the form has no input for. */
function formMessage(answer: FormAnswer | undefined, shown: string[]) {
  if (!answer) return null
  if (answer.message) return answer.message
  const other = Object.entries(answer.fields).find(([field]) => !shown.includes(field))
  return other ? other[1].join(' ') : null
}

function useBusy() {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
}

/** The threads of one item (or of the whole proposal), oldest first. */
export function ThreadList({
  threads,
  canComment,
  canResolve,
  answer,
}: {
  threads: ThreadDto[]
  canComment: boolean
  canResolve: boolean
  answer?: FormAnswer
}) {
  if (!threads.length) return null
  return (
    <Stack gap="xs">
      {threads.map((t) => (
        <Thread key={t.id} thread={t} canComment={canComment} canResolve={canResolve} answer={answer} />
      ))}
    </Stack>
  )
}

function Thread({ thread: t, canComment, canResolve, answer }: { thread: ThreadDto; canComment: boolean; canResolve: boolean; answer?: FormAnswer }) {
  const busy = useBusy()
  const reply = answerFor(answer, { intents: ['comment'], thread: t.id })
  const resolve = answerFor(answer, { intents: ['resolve', 'reopen'], thread: t.id })
  const label = `Comment thread ${t.item_title ? `on “${t.item_title}”` : t.item_key ? 'on an item no longer in this round' : 'on the whole proposal'}`
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      id={`thread-${t.id}`}
      component="section"
      aria-label={label}
      style={{ scrollMarginTop: 80, borderStyle: t.open ? undefined : 'dashed' }}
    >
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="xs" c="dimmed">
          Started on round {t.round}
        </Text>
        <Badge size="sm" variant="light" color={t.open ? 'blue' : 'gray'}>
          {t.open ? 'Open' : 'Resolved'}
        </Badge>
      </Group>
      <Stack gap={8} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {t.comments.map((c) => (
          <li key={c.id}>
            <Text size="xs" c="dimmed">
              <Text span fw={600} c="var(--mantine-color-text)" size="xs">
                {c.author?.name ?? 'A former member'}
              </Text>
              {c.from_traveler ? ' · traveler' : ''} · <time dateTime={c.created_at}>{formatDay(dayOf(c.created_at))}</time>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.body}
            </Text>
          </li>
        ))}
      </Stack>
      {canComment ? (
        <Form method="post" preventScrollReset aria-label={`Reply to ${label.charAt(0).toLowerCase()}${label.slice(1)}`} key={`${t.id}-${t.comments.length}`}>
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="thread" value={t.id} />
          <Stack gap={6} mt="sm">
            {formMessage(reply, ['body']) ? (
              <Alert color="red" variant="light" role="alert" p="xs">
                {formMessage(reply, ['body'])}
              </Alert>
            ) : null}
            <Textarea
              name="body"
              label="Reply"
              autosize
              minRows={1}
              maxRows={6}
              defaultValue={reply?.values.body ?? ''}
              error={fieldError(reply?.fields, 'body')}
            />
            <Group gap="xs" justify="flex-end">
              <Button type="submit" size="xs" variant="light" disabled={busy}>
                Reply
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
      {canResolve ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={t.open ? 'resolve' : 'reopen'} />
          <input type="hidden" name="thread" value={t.id} />
          {formMessage(resolve, []) ? (
            <Alert color="red" variant="light" role="alert" p="xs" mt={6}>
              {formMessage(resolve, [])}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt={6}>
            <Button type="submit" size="xs" variant={t.open ? 'light' : 'default'} color={t.open ? 'green' : undefined} disabled={busy}>
              {t.open ? 'Mark resolved' : 'Reopen'}
            </Button>
          </Group>
        </Form>
      ) : null}
    </Paper>
  )
}

/**
 * A new thread on an item (folded away under "Comment" until opened: a native disclosure, so it works without
 * JavaScript) or on the whole proposal (open).
 */
export function NewComment({ itemKey, itemTitle, count, answer }: { itemKey: string | null; itemTitle?: string; count: number; answer?: FormAnswer }) {
  const busy = useBusy()
  const mine = answerFor(answer, { intents: ['comment'], itemKey })
  const form = (
    <Form
      method="post"
      preventScrollReset
      aria-label={itemKey ? `Comment on “${itemTitle}”` : 'Comment on the whole proposal'}
      key={`${itemKey ?? 'whole'}-${count}`}
    >
      <input type="hidden" name="intent" value="comment" />
      {itemKey ? <input type="hidden" name="item_key" value={itemKey} /> : null}
      <Stack gap={6} mt={itemKey ? 6 : 0}>
        {formMessage(mine, ['body']) ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {formMessage(mine, ['body'])}
          </Alert>
        ) : null}
        <Textarea
          name="body"
          label={itemKey ? 'Your comment' : 'Comment on the whole proposal'}
          placeholder={itemKey ? 'A question or a wish about this' : 'Anything about the plan as a whole'}
          autosize
          minRows={2}
          maxRows={8}
          defaultValue={mine?.values.body ?? ''}
          error={fieldError(mine?.fields, 'body')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="light" disabled={busy}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </Form>
  )
  if (!itemKey) return form
  return (
    <Box component="details" open={mine ? true : undefined} mt={4}>
      <Box component="summary" style={{ cursor: 'pointer' }} fz="sm" c="var(--mantine-color-anchor)">
        Comment
      </Box>
      {form}
    </Box>
  )
}
