import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { eventStream } from '../event-stream.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Chat (1-platform-core §7 Chat; docs/chat.md), for travelers and the staff working with them: the gate refuses the
 * editor first, the services check the conversation itself (participants only). Ids are the services' to judge after
 * the gate: an unknown or malformed one answers 404 like another person's. The event stream is event-stream.ts.
 */
const base = '/api/chat/conversations'
const gate = gatedProcedure(core.requireChat)
const chatting = operations(gate, { id: v.unknown() })

const link = { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] }
/** REST answers a field of what a write made, with 201, or with 200 when it found it there already; tRPC the whole result. */
const made = (answerKey: string) => ({ status: 201, alsoStatus: [200], answerKey })

export const chat = {
  events: chatting.restOnly({
    at: 'GET /api/chat/events/',
    auth: 'optional',
    summary: "The signed-in user's server-sent events",
    description:
      'A text/event-stream of chat messages, read marks and notifications (docs/chat.md "Real time"), by bearer token or session cookie. ' +
      'Resume with the Last-Event-ID header or `?last_event_id=`. More than 20 open streams per user answer 429.',
    produces: 'text/event-stream',
    errors: [429],
    handler: eventStream,
  }),
  conversations: chatting.list(core.listConversations, 20, {
    at: `GET ${base}/`,
    summary: "The signed-in user's conversations",
    query: val.ConversationListQuery,
  }),
  open: chatting.create(core.createConversation, {
    at: `POST ${base}/`,
    summary: 'Open a conversation (201), or the one that exists (200)',
    body: val.CreateConversationInput,
    ...made('conversation'),
  }),
  conversation: chatting.get(core.getConversation, { at: `GET ${base}/{id}/`, summary: 'One conversation' }),
  /** Newest last, with cursor links: `previous` for the older page (`?before=`), `next` while a catch-up page (`?after=`) has more. */
  messages: custom(
    chatting.get(core.listMessages, undefined, { after: v.optional(v.unknown()), before: v.optional(v.unknown()), page_size: v.optional(v.unknown()) })
      .procedure,
    {
      at: `GET ${base}/{id}/messages/`,
      summary: "A conversation's messages, newest last, with cursor links",
      query: val.MessageListQuery,
      response: (answer) => ({
        type: 'object',
        properties: { next: link, previous: link, results: (answer.properties as Record<string, unknown>).results },
        required: ['next', 'previous', 'results'],
      }),
      handler: async ({ ctx, params, query, req, origin }) => {
        const page = await core.listMessages(ctx, params.id, Object.fromEntries(query))
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
    },
  ),
  send: chatting.update(
    core.postMessage,
    {
      at: `POST ${base}/{id}/messages/`,
      summary: 'Post a message (200 when its client_key was already posted)',
      body: val.PostMessageInput,
      ...made('message'),
      errors: [429],
    },
    { optionalData: true },
  ),
  admins: chatting.get(core.listChatAdmins),
  invite: chatting.update(
    core.addParticipant,
    { at: `POST ${base}/{id}/participants/`, summary: 'Ask an administrator into a conversation', body: val.InviteParticipantInput, ...made('conversation') },
    { optionalData: true },
  ),
  read: chatting.update(
    core.markConversationRead,
    {
      at: `POST ${base}/{id}/read/`,
      summary: 'Mark a conversation read (up to message_id, or all)',
      body: { jsonSchema: { type: 'object', properties: { message_id: { type: 'integer', minimum: 0 } } } },
    },
    { optionalData: true },
  ),
}
