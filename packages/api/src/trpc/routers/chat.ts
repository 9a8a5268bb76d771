import {
  addParticipant,
  createConversation,
  getConversation,
  listChatAdmins,
  listConversations,
  listMessages,
  markConversationRead,
  postMessage,
  requireChat,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Chat is for travelers and the staff working with them (the editor is refused first); the services check the
// conversation itself (participants only).
const chatting = gatedProcedure(requireChat)
const data = v.record(v.string(), v.unknown())
// Ids are the service's to judge after the gate: an unknown or malformed one answers 404 like another person's.
const byId = v.object({ id: v.unknown() })
const withData = v.object({ id: v.unknown(), data: v.optional(data, {}) })

/** The /api/chat/… calls as procedures (docs/chat.md). */
export const chatRouter = router({
  conversations: chatting.input(listInput(20)).query(({ ctx, input }) => listConversations(ctx.service, input.filters, pageWindow(input, 20))),
  open: chatting.input(data).mutation(({ ctx, input }) => createConversation(ctx.service, input)),
  conversation: chatting.input(byId).query(({ ctx, input }) => getConversation(ctx.service, input.id)),
  messages: chatting
    .input(v.object({ id: v.unknown(), after: v.optional(v.unknown()), before: v.optional(v.unknown()), page_size: v.optional(v.unknown()) }))
    .query(({ ctx, input }) => listMessages(ctx.service, input.id, { after: input.after, before: input.before, page_size: input.page_size })),
  send: chatting.input(withData).mutation(({ ctx, input }) => postMessage(ctx.service, input.id, input.data)),
  admins: chatting.input(byId).query(({ ctx, input }) => listChatAdmins(ctx.service, input.id)),
  invite: chatting.input(withData).mutation(({ ctx, input }) => addParticipant(ctx.service, input.id, input.data)),
  read: chatting.input(withData).mutation(({ ctx, input }) => markConversationRead(ctx.service, input.id, input.data)),
})
