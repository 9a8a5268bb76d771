import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ThreadDto } from '@meridian/core'
import { MAX_COMMENT_LENGTH } from '@meridian/validators/proposal-constants'
import { fieldError } from '../kit/banners.tsx'
import { notify } from '../../utils/notify.ts'
import type { ProposalAnswer } from './proposal-actions.server.ts'

/** "Apr 3, 2031, 14:05 UTC": the same text on the server and in the browser. */
export const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })} UTC`

/** A refused proposal form, as the page's action answered it without JavaScript. */
export type ProposalFailure = Extract<ProposalAnswer, { kind: 'refused' }>

/**
 * A proposal form of the builder: a fetcher's form, which with JavaScript posts without leaving the page (the page then
 * reads the proposal again) and toasts the answer; without it, a plain POST to the builder's action, which redirects
 * back to the form's place. `js` tells the action which.
 */
export function useProposalForm() {
  const fetcher = useFetcher<ProposalAnswer>()
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data?.kind !== 'sent') return
    notify.success(fetcher.data.message)
    // What was typed is sent: the form starts again from its defaults.
    ref.current?.reset()
  }, [fetcher.state, fetcher.data])
  const refused = fetcher.data?.kind === 'refused' ? fetcher.data : null
  return { fetcher, ref, refused, busy: fetcher.state !== 'idle' }
}

/** The hidden fields of every proposal form: its intent, the day in view (to come back to) and whether JavaScript ran. */
export function ProposalFormBase({ intent, day, hydrated }: { intent: string; day: number; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="js" value={hydrated ? '1' : '0'} />
    </>
  )
}

/**
 * One comment thread of the proposal: its comments, a reply and Resolve (Reopen when resolved). `anchor` gives it the
 * id `thread-{id}` that notifications link to (only one place on the page has it). A resolved thread is folded.
 */
export function ProposalThread({
  thread,
  about,
  day,
  hydrated,
  anchor,
  failure,
}: {
  thread: ThreadDto
  /** What it is about: "Hotel Cusco", "the whole proposal". */
  about: string
  day: number
  hydrated: boolean
  anchor: boolean
  /** This thread's refused reply or resolve, answered without JavaScript. */
  failure: ProposalFailure | null
}) {
  const reply = useProposalForm()
  const resolve = useProposalForm()
  const refused = reply.refused ?? (failure?.intent === 'comment' ? failure : null)
  const refusedResolve = resolve.refused ?? (failure?.intent === 'resolve' ? failure : null)
  const id = anchor ? `thread-${thread.id}` : undefined
  const comments = (
    <Stack gap={6}>
      {thread.comments.map((c) => (
        <div key={c.id}>
          <Text size="xs" c="dimmed">
            {c.author?.name ?? 'Someone'}
            {c.from_traveler ? ' (traveler)' : ''} · <time dateTime={c.created_at}>{dateTime(c.created_at)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.body}
          </Text>
        </div>
      ))}
    </Stack>
  )
  const resolveForm = (
    <resolve.fetcher.Form method="post" aria-label={`${thread.open ? 'Resolve' : 'Reopen'} the thread on ${about}`}>
      <ProposalFormBase intent="resolve" day={day} hydrated={hydrated} />
      <input type="hidden" name="thread" value={thread.id} />
      <input type="hidden" name="resolved" value={thread.open ? 'true' : 'false'} />
      <Button type="submit" size="compact-sm" variant="default" loading={resolve.busy}>
        {thread.open ? 'Resolve' : 'Reopen'}
      </Button>
      {refusedResolve ? (
        <Text size="xs" c="red" role="alert">
          {refusedResolve.message ?? Object.values(refusedResolve.fields).flat().join(' ')}
        </Text>
      ) : null}
    </resolve.fetcher.Form>
  )
  if (!thread.open) {
    return (
      <details id={id} data-thread={thread.id}>
        <summary>
          <Text span size="sm" c="dimmed">
            Resolved thread on {about} (round {thread.round}, {thread.comments.length === 1 ? '1 comment' : `${thread.comments.length} comments`})
          </Text>
        </summary>
        <Stack gap="xs" mt="xs" pl="md">
          {comments}
          {resolveForm}
        </Stack>
      </details>
    )
  }
  return (
    <Paper id={id} data-thread={thread.id} withBorder radius="md" p="sm" component="section" aria-label={`Comments on ${about}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Comments on {about}
          </Text>
          <Badge size="sm" variant="light" color="orange">
            Open · round {thread.round}
          </Badge>
        </Group>
        {comments}
        <reply.fetcher.Form method="post" ref={reply.ref} aria-label={`Reply on ${about}`}>
          <ProposalFormBase intent="comment" day={day} hydrated={hydrated} />
          <input type="hidden" name="thread" value={thread.id} />
          <Stack gap={6}>
            <Textarea
              name="body"
              label="Reply"
              aria-label={`Reply on ${about}`}
              autosize
              minRows={2}
              maxLength={MAX_COMMENT_LENGTH}
              required
              defaultValue={refused?.values.body}
              error={refused ? (fieldError(refused.fields, 'body') ?? fieldError(refused.fields, 'thread') ?? refused.message) : undefined}
            />
            <Group gap="xs">
              <Button type="submit" size="compact-sm" loading={reply.busy}>
                Send reply
              </Button>
            </Group>
          </Stack>
        </reply.fetcher.Form>
        {resolveForm}
      </Stack>
    </Paper>
  )
}
