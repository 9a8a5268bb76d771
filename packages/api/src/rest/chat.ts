import { addParticipant, createConversation, getConversation, listConversations, listMessages, markConversationRead, postMessage } from '@meridian/core'
import { ConversationListQuery, CreateConversationInput, InviteParticipantInput, MessageListQuery, PostMessageInput } from '@meridian/validators'
import { pagedList } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * Chat (1-platform-core §7 Chat; docs/chat.md). The conversations list is DRF-paged; a conversation's messages come
 * newest last with cursor links: `previous` for the older page (`?before=`), `next` while there is more after a
 * catch-up page (`?after=`).
 */
export function chatRoutes(table: RouteTable) {
  const base = '/api/chat/conversations'
  table
    .add('GET', `${base}/`, pagedList(listConversations, 20), { summary: "The signed-in user's conversations", query: ConversationListQuery, paginated: true })
    .add(
      'POST',
      `${base}/`,
      async ({ ctx, body }) => {
        const { conversation, created } = await createConversation(ctx, await body())
        return { status: created ? 201 : 200, body: conversation }
      },
      { summary: 'Open a conversation (201), or the one that exists (200)', body: CreateConversationInput, status: 201 },
    )
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getConversation(ctx, params.id) }), { summary: 'One conversation' })
    .add(
      'GET',
      `${base}/{id}/messages/`,
      async ({ ctx, params, query, req, origin }) => {
        const page = await listMessages(ctx, params.id, Object.fromEntries(query))
        const link = (key: 'before' | 'after', id: number) => {
          const u = new URL(req.url ?? '/', origin)
          u.searchParams.delete('before')
          u.searchParams.delete('after')
          u.searchParams.set(key, String(id))
          return u.toString()
        }
        const catchingUp = (query.get('after') ?? '') !== ''
        const first = page.results[0]
        const last = page.results.at(-1)
        return {
          body: {
            next: catchingUp && page.has_more && last ? link('after', last.id) : null,
            previous: first && (catchingUp || page.has_more) ? link('before', first.id) : null,
            results: page.results,
          },
        }
      },
      { summary: "A conversation's messages, newest last, with cursor links", query: MessageListQuery },
    )
    .add(
      'POST',
      `${base}/{id}/messages/`,
      async ({ ctx, params, body }) => {
        const { message, created } = await postMessage(ctx, params.id, await body())
        return { status: created ? 201 : 200, body: message }
      },
      { summary: 'Post a message (200 when its client_key was already posted)', body: PostMessageInput, status: 201, errors: [429] },
    )
    .add(
      'POST',
      `${base}/{id}/participants/`,
      async ({ ctx, params, body }) => {
        const { conversation, created } = await addParticipant(ctx, params.id, await body())
        return { status: created ? 201 : 200, body: conversation }
      },
      { summary: 'Ask an administrator into a conversation', body: InviteParticipantInput, status: 201 },
    )
    .add('POST', `${base}/{id}/read/`, async ({ ctx, params, body }) => ({ body: await markConversationRead(ctx, params.id, await body()) }), {
      summary: 'Mark a conversation read (up to message_id, or all)',
      body: { jsonSchema: { type: 'object', properties: { message_id: { type: 'integer', minimum: 0 } } } },
    })
}
