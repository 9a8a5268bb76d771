import * as v from 'valibot'
import { CHAT_MESSAGES, MAX_CLIENT_KEY_LENGTH, MAX_MESSAGE_LENGTH } from './chat-constants.ts'

/*
 * The chat calls' inputs (docs/chat.md): the same for REST, tRPC and the screens, and the API reference's bodies
 * and queries.
 */

const search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), '')

/** A person or trip named by id: digits or a whole number from 1; '' and null are none. */
const id = (message: string) =>
  v.optional(
    v.nullable(
      v.union(
        [v.pipe(v.string(message), v.regex(/^[1-9]\d{0,9}$/, message), v.transform(Number)), v.pipe(v.number(message), v.integer(message), v.minValue(1, message))],
        message,
      ),
    ),
    null,
  )

/** POST /api/chat/conversations/: the traveler or the member of staff, the trip, a title. */
export const CreateConversationInput = v.object({
  traveler_id: id(CHAT_MESSAGES.notYours),
  staff_id: id(CHAT_MESSAGES.notYourStaff),
  trip_id: id(CHAT_MESSAGES.trip),
  title: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(200, 'Ensure this field has no more than 200 characters.')), ''),
})

/** GET /api/chat/conversations/: by participant name or trip title. */
export const ConversationListQuery = v.object({ search })

/** POST /api/chat/conversations/{id}/participants/: the administrator asked in. */
export const InviteParticipantInput = v.object({ user_id: id(CHAT_MESSAGES.notAdmin) })

/** New Chat's people, by name. */
export const ChatContactsQuery = v.object({ search })

/** POST …/messages/: the text, and the client's key that makes a repeated send one message. */
export const PostMessageInput = v.object({
  content: v.pipe(
    v.string(CHAT_MESSAGES.blank),
    v.check((x) => x.trim() !== '', CHAT_MESSAGES.blank),
    v.maxLength(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.tooLong),
  ),
  client_key: v.optional(
    v.nullable(v.pipe(v.string(CHAT_MESSAGES.clientKey), v.trim(), v.minLength(1, CHAT_MESSAGES.clientKey), v.maxLength(MAX_CLIENT_KEY_LENGTH, CHAT_MESSAGES.clientKey))),
    null,
  ),
})

const cursor = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Enter a message id.'), v.transform(Number)), v.pipe(v.number(), v.integer('Enter a message id.'), v.minValue(0, 'Enter a message id.'))], 'Enter a message id.'),
  '',
)

/** GET …/messages/: the messages after or before one, a page of up to 200. */
export const MessageListQuery = v.object({
  after: cursor,
  before: cursor,
  page_size: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Enter a page size from 1 to 200.'), v.transform(Number)), v.number()], 'Enter a page size from 1 to 200.'),
    '',
  ),
})
