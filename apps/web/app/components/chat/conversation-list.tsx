import { Badge, Button, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { Form, Link, useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import type { ChatContact, listConversations } from '@meridian/core'
import { timeAgo } from '@meridian/validators/chat-constants'
import { EmptyState } from '../kit/card-list.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { conversationHref, fullDate } from './chat-format.ts'
import classes from './chat.module.css'

export type ConversationRow = Awaited<ReturnType<typeof listConversations>>['results'][number]

/** "3 unread messages" for a badge's accessible name. */
export const unreadText = (n: number) => `${n.toLocaleString('en-US')} unread ${n === 1 ? 'message' : 'messages'}`

/** A message's age ('5m ago', §9) with its full date on hover. */
export function TimeAgo({ iso, now, size = 'xs' }: { iso: string; now: number; size?: string }) {
  const hydrated = useHydrated()
  return (
    <Text component="time" dateTime={iso} title={fullDate(iso, hydrated)} size={size} c="dimmed" style={{ flexShrink: 0 }} suppressHydrationWarning>
      {timeAgo(iso, now)}
    </Text>
  )
}

/**
 * The conversation list (left): a search box (a GET form: it works without JavaScript and submits as one types with
 * it), then each conversation with its title, latest message, age and unread count. Links keep the search.
 */
export function ConversationList({
  rows,
  count,
  search,
  openId,
  me,
  now,
  side,
}: {
  rows: ConversationRow[]
  count: number
  search: string
  openId: number | null
  me: number
  now: number
  side: 'traveler' | 'staff' | 'admin'
}) {
  const headingId = useId()
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs" p="md" pb="sm">
        <Text id={headingId} component="h2" fw={600}>
          Conversations
        </Text>
        <SearchForm search={search} />
        {search ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            {count === 1 ? '1 conversation matches' : `${count.toLocaleString('en-US')} conversations match`} “{search}”
          </Text>
        ) : null}
      </Stack>
      {rows.length === 0 ? (
        <EmptyState
          title={search ? 'No conversations found' : 'No conversations yet'}
          hint={
            search
              ? 'Try another name, or clear the search.'
              : side === 'traveler'
              ? 'Your travel expert appears here once one is assigned to your trip; you can also write to them from here.'
              : side === 'staff'
              ? 'Start one with a traveler you work with: use New Chat.'
              : 'Conversations you are asked into appear here.'
          }
        >
          {search ? (
            <Button component={Link} to="/dashboard/chat" variant="default" size="xs" mt="xs">
              Clear search
            </Button>
          ) : side === 'staff' ? (
            <Button component={Link} to="/dashboard/chat/new" size="xs" mt="xs">
              New Chat
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <nav aria-label="Conversations">
          <ul className={classes.rows}>
            {rows.map((c) => (
              <li key={c.id}>
                <Row conversation={c} open={c.id === openId} me={me} now={now} search={search} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      {rows.length < count ? (
        <Text size="xs" c="dimmed" p="sm">
          Showing the {rows.length} latest of {count.toLocaleString('en-US')}. Search to find the others.
        </Text>
      ) : null}
    </Paper>
  )
}

function Row({ conversation: c, open, me, now, search }: { conversation: ConversationRow; open: boolean; me: number; now: number; search: string }) {
  const last = c.last_message
  const preview = last ? `${last.sender_id === me ? 'You: ' : ''}${last.content.replace(/\s+/g, ' ')}` : 'No messages yet'
  return (
    <Link to={conversationHref(c.id, search)} className={classes.row} aria-current={open ? 'page' : undefined} preventScrollReset>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread ? 700 : 600} size="sm" className={classes.preview}>
          {c.title}
        </Text>
        <TimeAgo iso={last?.created_at ?? c.updated_at} now={now} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" className={classes.preview}>
          {preview}
        </Text>
        {c.unread ? (
          <Badge size="sm" circle={c.unread < 10} style={{ flexShrink: 0 }}>
            {c.unread > 99 ? '99+' : c.unread}
            <VisuallyHidden> {c.unread === 1 ? 'unread message' : 'unread messages'}</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      {c.trip ? (
        <Text size="xs" c="dimmed" className={classes.preview}>
          {c.trip.title}
        </Text>
      ) : null}
    </Link>
  )
}

/** The Search button applies it (without JavaScript too); with JavaScript typing does, after a pause, in place. */
function SearchForm({ search }: { search: string }) {
  const submit = useSubmit()
  const input = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // A search changed elsewhere (Clear search, the back button) shows in the box, unless one is typing in it.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = search
  }, [search])
  return (
    <Form
      method="get"
      action="/dashboard/chat"
      role="search"
      aria-label="Search conversations"
      onChange={(e) => {
        const form = e.currentTarget
        clearTimeout(timer.current)
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 350)
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={input}
          name="search"
          type="search"
          label="Search conversations"
          placeholder="Name or trip"
          defaultValue={search}
          maxLength={100}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </Form>
  )
}

/** For a traveler: their expert or specialist they have no conversation with yet, each a button that opens one. */
export function MessageYourStaff({ contacts }: { contacts: ChatContact[] }) {
  const headingId = useId()
  if (!contacts.length) return null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Text id={headingId} component="h2" fw={600} mb={4}>
        Message your expert
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Ask the people planning your trips anything; they answer here.
      </Text>
      <Stack gap="xs">
        {contacts.map((c) => (
          <Form key={c.id} method="post" action="/dashboard/chat/new">
            <input type="hidden" name="staff_id" value={c.id} />
            <Button type="submit" variant="light" fullWidth justify="space-between" rightSection={<span aria-hidden>→</span>}>
              Message {c.name} ({c.role === 'expert' ? 'Travel Expert' : 'Travel Specialist'})
            </Button>
          </Form>
        ))}
      </Stack>
    </Paper>
  )
}
