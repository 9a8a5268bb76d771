import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import type { ChatMessageDto } from '@meridian/core'
import { newClientKey } from '../chat/chat-format.ts'
import { Composer } from '../chat/composer.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { ALERT_TEXT_COLOR } from '../itinerary/status-badge.tsx'
import { enqueue, flushOutbox, outcomeOf, type QueuedMessage, readOutbox } from './outbox.ts'

const time = (iso: string) => `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`

/** One queued message to the trip view's action, as Remix's own data request would post it (a form, `.data`). */
async function postQueued(action: string, message: QueuedMessage) {
  const body = new URLSearchParams({ intent: 'send', content: message.content, client_key: message.client_key, js: '1' })
  const response = await fetch(`${action}.data`, { method: 'POST', body, credentials: 'same-origin' })
  return outcomeOf(response.status)
}

/**
 * The conversation with the trip's expert: the latest messages and a box to write. Without JavaScript the box is a
 * plain form (posted with this page's client key). With it, a message goes through the outbox (outbox.ts): sent at
 * once when online, kept in the browser and shown as "Waiting for connection" when not, and sent in order when the
 * connection returns.
 */
export function TripChat({
  conversationId,
  messages,
  me,
  action,
  clientKey,
  online,
  failure,
}: {
  conversationId: number
  messages: ChatMessageDto[]
  me: number
  action: string
  clientKey: string
  online: boolean
  failure: string | null
}) {
  const revalidator = useRevalidator()
  const [queued, setQueued] = useState<QueuedMessage[]>([])
  const [sending, setSending] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const hydrated = useHydrated()

  const flush = useCallback(async () => {
    if (!navigator.onLine) return
    setSending(true)
    const result = await flushOutbox(localStorage, conversationId, (m) => postQueued(action, m))
    setSending(false)
    setQueued(result.left)
    if (result.refused.length) setRefused(`${result.refused.length === 1 ? 'A message was' : 'Some messages were'} not accepted and not sent.`)
    if (result.sent.length || result.refused.length) revalidator.revalidate()
  }, [action, conversationId, revalidator])

  useEffect(() => {
    setQueued(readOutbox(localStorage, conversationId))
    void flush()
    const onOnline = () => void flush()
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId])

  // The box checks the text (as the chat screen's does); a message goes through the outbox.
  const send = (content: string) => {
    setQueued(enqueue(localStorage, conversationId, { client_key: newClientKey(), content, created_at: new Date().toISOString() }))
    void flush()
  }

  // A queued message the thread already holds (sent, and the page read again) is shown once, as the server's.
  const waiting = queued.filter((q) => !messages.some((m) => m.sender_id === me && m.client_key === q.client_key))
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trip-chat">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="trip-chat">
            Chat with your expert
          </Title>
          <Anchor component={Link} to={`/dashboard/chat/${conversationId}`} size="sm">
            Open the conversation
          </Anchor>
        </Group>
        <Stack gap={6} component="ol" aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.length === 0 && waiting.length === 0 ? (
            <Text component="li" size="sm" c="dimmed">
              No messages yet.
            </Text>
          ) : null}
          {messages.map((m) => (
            <Text component="li" key={m.id} size="sm">
              <Text span fw={600} size="sm">
                {m.sender_id === me ? 'You' : (m.sender?.name ?? 'Former user')}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {time(m.created_at)}
              </Text>
              <br />
              {m.content}
            </Text>
          ))}
          {waiting.map((q) => (
            <Text component="li" key={q.client_key} size="sm" data-testid="queued-message">
              <Text span fw={600} size="sm">
                You
              </Text>{' '}
              <Text span size="xs" c="dimmed" role="status">
                {online && sending ? 'Sending…' : 'Waiting for connection'}
              </Text>
              <br />
              {q.content}
            </Text>
          ))}
        </Stack>
        {refused ? (
          <Text size="sm" role="alert" style={{ color: ALERT_TEXT_COLOR }}>
            {refused}
          </Text>
        ) : null}
        <Composer
          action={action}
          clientKey={clientKey}
          failure={failure ? { message: null, fields: { content: [failure] }, values: {} } : null}
          hydrated={hydrated}
          onSend={send}
        />
      </Stack>
    </Paper>
  )
}
