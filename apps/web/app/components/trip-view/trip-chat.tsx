import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core'
import { Form, Link, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import type { ChatMessageDto } from '@meridian/core'
import { newClientKey } from '../chat/chat-format.ts'
import { contentError } from '../chat/composer.tsx'
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
  const [content, setContent] = useState('')
  const [error, setError] = useState<string | null>(failure)

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

  const send = () => {
    const problem = contentError(content)
    setError(problem)
    if (problem) return
    setQueued(enqueue(localStorage, conversationId, { client_key: newClientKey(), content, created_at: new Date().toISOString() }))
    setContent('')
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
        <Form
          method="post"
          action={action}
          aria-label="Send a message to your expert"
          onSubmit={(event) => {
            // Only a script runs this: the outbox sends it; without one the browser posts the form.
            event.preventDefault()
            send()
          }}
        >
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="client_key" value={clientKey} />
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              name="content"
              label={<VisuallyHidden>Message</VisuallyHidden>}
              placeholder="Type a message…"
              autosize
              minRows={2}
              maxRows={6}
              value={content}
              onChange={(event) => {
                setContent(event.currentTarget.value)
                if (error) setError(null)
              }}
              error={error}
              styles={{ error: { color: ALERT_TEXT_COLOR }, label: { marginBottom: 0 } }}
              style={{ flex: 1 }}
            />
            <Button type="submit">Send</Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  )
}
