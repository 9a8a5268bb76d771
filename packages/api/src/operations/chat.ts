import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import type { Reply } from '../rest/router.ts'
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

/** REST answers what a write made with 201, or what it found there already with 200; tRPC answers the whole result. */
const made = <T extends { created: boolean }>(result: T, key: keyof T): Reply => ({ status: result.created ? 201 : 200, body: result[key] })

export const chat = {
  conversations: chatting.list(core.listConversations, 20, {
    at: `GET ${base}/`,
    summary: "The signed-in user's conversations",
    query: val.ConversationListQuery,
  }),
  open: custom(chatting.create(core.createConversation).procedure, {
    at: `POST ${base}/`,
    summary: 'Open a conversation (201), or the one that exists (200)',
    body: val.CreateConversationInput,
    status: 201,
    alsoStatus: [200],
    answerKey: 'conversation',
    handler: async ({ ctx, body }) => made(await core.createConversation(ctx, await body()), 'conversation'),
  }),
  conversation: chatting.get(core.getConversation, { at: `GET ${base}/{id}/`, summary: 'One conversation' }),
  /** Newest last, with cursor links: `previous` for the older page (`?before=`), `next` while a catch-up page (`?after=`) has more. */
  messages: custom(
    gate
      .input(v.object({ id: v.unknown(), after: v.optional(v.unknown()), before: v.optional(v.unknown()), page_size: v.optional(v.unknown()) }))
      .query(({ ctx, input }) => core.listMessages(ctx.service, input.id, { after: input.after, before: input.before, page_size: input.page_size })),
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
  send: custom(chatting.update(core.postMessage, undefined, { optionalData: true }).procedure, {
    at: `POST ${base}/{id}/messages/`,
    summary: 'Post a message (200 when its client_key was already posted)',
    body: val.PostMessageInput,
    status: 201,
    alsoStatus: [200],
    answerKey: 'message',
    errors: [429],
    handler: async ({ ctx, params, body }) => made(await core.postMessage(ctx, params.id, await body()), 'message'),
  }),
  admins: chatting.get(core.listChatAdmins),
  invite: custom(chatting.update(core.addParticipant, undefined, { optionalData: true }).procedure, {
    at: `POST ${base}/{id}/participants/`,
    summary: 'Ask an administrator into a conversation',
    body: val.InviteParticipantInput,
    status: 201,
    alsoStatus: [200],
    answerKey: 'conversation',
    handler: async ({ ctx, params, body }) => made(await core.addParticipant(ctx, params.id, await body()), 'conversation'),
  }),
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
