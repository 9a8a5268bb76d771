import type { LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CHAT_MESSAGES } from '@meridian/validators/chat-constants'
import { DomainError, getChatContact } from '@meridian/core'
import { ConfirmStart, NoSuchContact, SelectConversation } from '../components/chat/panes.tsx'
import { requireUser } from '../utils/auth.server.ts'

/**
 * The pane with no conversation open: 'Select a conversation'. With `?with={userId}` (the customer screens' Chat
 * button) it finds the conversation with that person and goes there, or asks before starting one: a GET makes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  const canStart = actor.role !== 'admin' && actor.role !== 'editor'
  const wanted = new URL(request.url).searchParams.get('with')
  if (wanted === null) return { canStart, with: null }
  try {
    const contact = await getChatContact(ctx, wanted)
    if (contact?.conversation_id) throw redirect(`/dashboard/chat/${contact.conversation_id}`)
    return contact
      ? { canStart, with: { found: true as const, contact } }
      : { canStart, with: { found: false as const, message: actor.role === 'traveler' ? CHAT_MESSAGES.notYourStaff : CHAT_MESSAGES.notYours } }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'forbidden') throw error
    return data({ canStart, with: { found: false as const, message: 'Admins take part in a conversation when a participant asks them in.' } }, { status: 403 })
  }
}

export default function ChatIndex() {
  const { canStart, with: wanted } = useLoaderData<typeof loader>()
  if (!wanted) return <SelectConversation canStart={canStart} />
  return wanted.found ? <ConfirmStart contact={wanted.contact} /> : <NoSuchContact message={wanted.message} canStart={canStart} />
}
