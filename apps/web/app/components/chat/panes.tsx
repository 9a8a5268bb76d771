import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { ChatContact } from '@meridian/core'
import { NavIcon } from '../shell/nav-icons.tsx'

/** The pane with no conversation open. */
export function SelectConversation({ canStart }: { canStart: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <NavIcon to="/dashboard/chat" size={28} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Select a conversation
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          Choose one from the list to read its messages and answer.
          {canStart ? ' To write to someone new, use New Chat.' : ''}
        </Text>
        {canStart ? (
          <Button component={Link} to="/dashboard/chat/new" variant="light">
            New Chat
          </Button>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** The back link of a pane on narrow screens, where the list is hidden while a pane is open. */
export function BackToList({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" hiddenFrom="md">
      ← All conversations
    </Anchor>
  )
}

/** What a participant or contact is to the others. */
export const ROLE_LABELS: Record<string, string> = { traveler: 'Traveler', expert: 'Travel Expert', specialist: 'Travel Specialist', admin: 'Administrator' }
export const contactRole = (c: Pick<ChatContact, 'role'>) => ROLE_LABELS[c.role]!

/** The form that opens (or finds) the conversation with one contact: staff name a traveler, a traveler their staff. */
export function StartChatForm({ contact, label, children }: { contact: Pick<ChatContact, 'id' | 'name' | 'role'>; label: string; children: React.ReactNode }) {
  return (
    <Form method="post" action="/dashboard/chat/new">
      <input type="hidden" name={contact.role === 'traveler' ? 'traveler_id' : 'staff_id'} value={contact.id} />
      <Button type="submit" size="sm" aria-label={`${label} with ${contact.name}`}>
        {children}
      </Button>
    </Form>
  )
}

/** `?with=`: nothing is made by a link; the conversation starts when this button is pressed. */
export function ConfirmStart({ contact }: { contact: ChatContact }) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="chat-confirm">
      <Stack gap="sm" align="flex-start">
        <BackToList to="/dashboard/chat" />
        <Title order={2} size="h4" id="chat-confirm">
          Start a conversation with {contact.name}
        </Title>
        <Text c="dimmed" size="sm">
          {contactRole(contact)} · You have no conversation yet. It opens when you start it, and they see your messages as soon as you send them.
        </Text>
        <Group gap="sm">
          <StartChatForm contact={contact} label="Start conversation">
            Start conversation
          </StartChatForm>
          <Button component={Link} to="/dashboard/chat" variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** `?with=` someone the actor does not work with (or no one). */
export function NoSuchContact({ message, canStart }: { message: string; canStart: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Stack gap="sm" align="flex-start">
        <BackToList to="/dashboard/chat" />
        <Title order={2} size="h4">
          No conversation to start
        </Title>
        <Text size="sm">{message}</Text>
        {canStart ? (
          <Button component={Link} to="/dashboard/chat/new" variant="light">
            New Chat
          </Button>
        ) : null}
      </Stack>
    </Paper>
  )
}
