import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { createConversation, DomainError, listChatContacts } from '@meridian/core'
import { searchParam } from '../components/chat/chat.server.ts'
import { SelectConversation, StartChatForm, contactRole } from '../components/chat/panes.tsx'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'New Chat · Meridian Travel' }]

/**
 * New Chat (1-platform-core §2: the header button of experts and specialists): the people the actor may talk to, found
 * by name, each with Start chat. A modal over the chat screen with JavaScript, a page of its own without.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const search = searchParam(new URL(request.url))
  try {
    const { results, has_more } = await listChatContacts(ctx, { search })
    return { denied: false as const, traveler: actor.role === 'traveler', search, contacts: results, hasMore: has_more }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    throw error
  }
}

/** Start chat: the conversation with that person (the one they already have, or a new one), then its page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  try {
    const { conversation } = await createConversation(ctx, {
      ...(values.traveler_id !== undefined ? { traveler_id: values.traveler_id } : {}),
      ...(values.staff_id !== undefined ? { staff_id: values.staff_id } : {}),
    })
    return redirect(`/dashboard/chat/${conversation.id}`)
  } catch (error) {
    return catalogueFailure(error, {})
  }
}

export default function NewChat() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const hydrated = useHydrated()
  const refused = failure ? failure.message ?? Object.values(failure.fields).flat()[0] ?? null : null
  return (
    <>
      {/* With JavaScript the picker floats over the chat screen, whose pane then shows what it shows with none open. */}
      {hydrated ? <SelectConversation canStart={false} /> : null}
      <RouteModal title="New Chat" closeTo="/dashboard/chat" size="md">
        {loaded.denied ? (
          <AccessDenied message={loaded.message} />
        ) : (
          <Stack gap="md">
            <ErrorBanner message={refused} />
            <Form method="get" role="search" aria-label="Search people">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  name="search"
                  type="search"
                  label={loaded.traveler ? 'Search your experts' : 'Search your travelers'}
                  placeholder="Name or username"
                  defaultValue={loaded.search}
                  maxLength={100}
                  style={{ flex: 1 }}
                  data-autofocus
                />
                <Button type="submit" variant="default">
                  Search
                </Button>
              </Group>
            </Form>
            {loaded.contacts.length === 0 ? (
              <EmptyState
                title={loaded.search ? 'No one found' : 'No one to write to yet'}
                hint={
                  loaded.search
                    ? 'Try another name or username.'
                    : loaded.traveler
                    ? 'Your travel expert appears here once one is assigned to your trip.'
                    : 'Travelers appear here once you work with them: a trip assigned to you, or a quiz you reviewed.'
                }
              />
            ) : (
              <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={loaded.traveler ? 'Your experts' : 'Your travelers'}>
                {loaded.contacts.map((c) => (
                  <Group
                    component="li"
                    key={c.id}
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    py="xs"
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {c.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {contactRole(c)} · @{c.username}
                      </Text>
                    </div>
                    {c.conversation_id ? (
                      <Button component={Link} to={`/dashboard/chat/${c.conversation_id}`} size="sm" variant="default" aria-label={`Open chat with ${c.name}`}>
                        Open chat
                      </Button>
                    ) : (
                      <StartChatForm contact={c} label="Start chat">
                        Start chat
                      </StartChatForm>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
            {loaded.hasMore ? (
              <Text size="xs" c="dimmed">
                Showing the first {loaded.contacts.length}. Search to find the others.
              </Text>
            ) : null}
          </Stack>
        )}
      </RouteModal>
    </>
  )
}
