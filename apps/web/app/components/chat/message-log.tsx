import { Anchor, Button, Group, Text } from '@mantine/core'
import { Link, useFetcher } from '@remix-run/react'
import { forwardRef, useEffect, useRef } from 'react'
import type { ChatMessageDto } from '@meridian/core'
import { ALERT_TEXT_COLOR } from '../itinerary/status-badge.tsx'
import { TimeAgo } from './conversation-list.tsx'
import classes from './chat.module.css'

/** A message typed here that the server has not confirmed yet (the optimistic bubble). */
export interface PendingMessage {
  client_key: string
  content: string
  created_at: string
  /** Why the last try failed; null while it is on its way. */
  error: string | null
  /** Bumped by Retry: the same key is sent again (the service makes one message per key). */
  attempt: number
}

/** What the conversation's action answers a script (with `js=1`); a form post without one is redirected instead. */
export type ChatActionAnswer =
  | { kind: 'sent'; message: ChatMessageDto }
  | { kind: 'read'; last_read_message_id: number }
  | { message: string | null; fields: Record<string, string[]>; values: Record<string, string> }

const SEND_FAILED = 'Not sent. Check your connection and try again.'

/** The text of a refused send: its field message (blank, too long) or the banner's. */
export function failureText(answer: ChatActionAnswer | undefined): string | null {
  if (!answer || 'kind' in answer) return null
  return Object.values(answer.fields).flat()[0] ?? answer.message ?? SEND_FAILED
}

/**
 * The messages, oldest first and newest last, in a box that scrolls on its own and starts at the newest (see
 * chat.module.css .log). A screen reader hears new ones as they arrive (role log).
 */
export const MessageLog = forwardRef<
  HTMLDivElement,
  {
    messages: ChatMessageDto[]
    pending: PendingMessage[]
    me: number
    now: number
    olderHref: string | null
    newestHref: string | null
    action: string
    onScroll?: () => void
    onSent: (key: string, message: ChatMessageDto) => void
    onFailed: (key: string, error: string) => void
    onRetry: (key: string) => void
    onDiscard: (key: string) => void
  }
>(function MessageLog({ messages, pending, me, now, olderHref, newestHref, action, onScroll, onSent, onFailed, onRetry, onDiscard }, ref) {
  const empty = messages.length === 0 && pending.length === 0
  return (
    <div ref={ref} className={classes.log} role="log" aria-label="Messages" tabIndex={0} onScroll={onScroll}>
      <div>
        {olderHref ? (
          <Group justify="center" mb="sm">
            <Anchor component={Link} to={olderHref} size="sm" preventScrollReset>
              Older messages
            </Anchor>
          </Group>
        ) : messages.length ? (
          <Text size="xs" c="dimmed" ta="center" mb="sm">
            The start of this conversation
          </Text>
        ) : null}
        {empty ? (
          <Text c="dimmed" ta="center" size="sm" py="xl">
            No messages yet. Say hello below.
          </Text>
        ) : (
          <ol className={classes.messages}>
            {messages.map((m) => (
              <Bubble key={m.id} mine={m.sender_id === me} name={m.sender_id === me ? 'You' : m.sender?.name ?? 'Former user'} iso={m.created_at} now={now}>
                {m.content}
              </Bubble>
            ))}
            {pending.map((p) => (
              <PendingBubble
                key={p.client_key}
                message={p}
                now={now}
                action={action}
                onSent={onSent}
                onFailed={onFailed}
                onRetry={onRetry}
                onDiscard={onDiscard}
              />
            ))}
          </ol>
        )}
        {newestHref ? (
          <Group justify="center" mt="sm">
            <Anchor component={Link} to={newestHref} size="sm" preventScrollReset>
              Newest messages
            </Anchor>
          </Group>
        ) : null}
      </div>
    </div>
  )
})

function Bubble({
  mine,
  name,
  iso,
  now,
  pending = false,
  children,
  footer,
}: {
  mine: boolean
  name: string
  iso: string
  now: number
  pending?: boolean
  children: React.ReactNode
  footer?: React.ReactNode
}) {
  const className = [classes.message, mine ? classes.mine : '', pending ? classes.pending : ''].filter(Boolean).join(' ')
  return (
    <li className={className}>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={600}>
          {name}
        </Text>
        <TimeAgo iso={iso} now={now} />
      </Group>
      <Text size="sm" component="div" className={classes.bubble}>
        {children}
      </Text>
      {footer}
    </li>
  )
}

/**
 * The bubble of a message on its way. It sends itself (a fetcher of its own, so several can be on their way at once
 * and none cancels another), and hands the stored message back; a failure stays with Retry and Discard.
 */
function PendingBubble({
  message: p,
  now,
  action,
  onSent,
  onFailed,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage
  now: number
  action: string
  onSent: (key: string, message: ChatMessageDto) => void
  onFailed: (key: string, error: string) => void
  onRetry: (key: string) => void
  onDiscard: (key: string) => void
}) {
  const fetcher = useFetcher<ChatActionAnswer>({ key: `chat-send:${p.client_key}` })
  const sentAttempt = useRef(-1)
  useEffect(() => {
    if (sentAttempt.current === p.attempt) return
    sentAttempt.current = p.attempt
    fetcher.submit({ intent: 'send', content: p.content, client_key: p.client_key, js: '1' }, { method: 'post', action })
  }, [p.attempt]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    const answer = fetcher.data
    if ('kind' in answer && answer.kind === 'sent') onSent(p.client_key, answer.message)
    else onFailed(p.client_key, failureText(answer) ?? SEND_FAILED)
  }, [fetcher.state, fetcher.data]) // eslint-disable-line react-hooks/exhaustive-deps
  const sending = p.error === null
  return (
    <Bubble
      mine
      pending={sending}
      name="You"
      iso={p.created_at}
      now={now}
      footer={
        sending ? (
          <Text size="xs" c="dimmed" role="status">
            Sending…
          </Text>
        ) : (
          <Group gap="xs" justify="flex-end">
            <Text size="xs" style={{ color: ALERT_TEXT_COLOR }} role="alert">
              {p.error}
            </Text>
            <Button size="compact-xs" variant="default" onClick={() => onRetry(p.client_key)}>
              Retry
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDiscard(p.client_key)}>
              Discard
            </Button>
          </Group>
        )
      }
    >
      {p.content}
    </Bubble>
  )
}
