import { and, asc, chatConversations, chatMessages, chatParticipants, type Database, eq, gt, inArray, sql, trips, userPresence, users } from '@meridian/db'
import { displayName } from '../auth/serialize-user.ts'
import { enqueueMail } from '../mail/enqueue-mail.ts'

/** Someone unseen this long is offline, and is mailed about new messages (docs/chat.md "Offline mail"). */
export const OFFLINE_AFTER_MINUTES = 15
/** Conversations mailed about per run, at most (the next run takes the rest). */
const MAILS_PER_RUN = 200
/** Messages quoted in one mail. */
const QUOTED = 3

/**
 * One mail per conversation to each participant who has been offline for more than 15 minutes (no open event stream
 * since: user_presence) and has unread messages from others in it that no mail told them about yet. Once mailed, a
 * conversation mails them again only after they have read it and new messages came. Rows are claimed by one UPDATE
 * in the same transaction as the outbox rows, so processes running this at once never mail twice. Returns the mails
 * written.
 */
export async function mailOfflineParticipants(db: Database, origin: string): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(chatParticipants)
      .set({ mailedUpToMessageId: sql`${chatConversations.lastMessageId}` })
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.id, chatParticipants.conversationId),
          sql`(${chatParticipants.conversationId}, ${chatParticipants.userId}) in (
            select p.conversation_id, p.user_id from chat_participants p
            join chat_conversations c on c.id = p.conversation_id
            join users u on u.id = p.user_id
            where c.last_message_id > p.last_read_message_id
              and p.mailed_up_to_message_id <= p.last_read_message_id
              and u.is_active and u.email <> ''
              and exists (select 1 from chat_messages m where m.conversation_id = p.conversation_id
                          and m.id > p.last_read_message_id and m.sender_id is distinct from p.user_id)
              and not exists (select 1 from ${userPresence} s where s.user_id = p.user_id
                              and s.last_seen_at > now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}))
            order by c.last_message_id
            limit ${MAILS_PER_RUN}
            for update of p skip locked)`,
          // Re-checked on the locked row: another process may have mailed it meanwhile.
          sql`${chatParticipants.mailedUpToMessageId} <= ${chatParticipants.lastReadMessageId}`,
        ),
      )
      .returning({ conversationId: chatParticipants.conversationId, userId: chatParticipants.userId, lastRead: chatParticipants.lastReadMessageId })
    if (!claimed.length) return 0

    const conversationIds = [...new Set(claimed.map((c) => c.conversationId))]
    const userIds = [...new Set(claimed.map((c) => c.userId))]
    const [people, conversations] = await Promise.all([
      tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(users)
        .where(inArray(users.id, userIds)),
      tx
        .select({ id: chatConversations.id, title: chatConversations.title, trip: trips.title })
        .from(chatConversations)
        .leftJoin(trips, eq(trips.id, chatConversations.tripId))
        .where(inArray(chatConversations.id, conversationIds)),
    ])
    for (const claim of claimed) {
      const person = people.find((p) => p.id === claim.userId)!
      const conversation = conversations.find((c) => c.id === claim.conversationId)!
      const unread = await tx
        .select({ id: chatMessages.id, content: chatMessages.content, firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(
          and(
            eq(chatMessages.conversationId, claim.conversationId),
            gt(chatMessages.id, claim.lastRead),
            sql`${chatMessages.senderId} is distinct from ${claim.userId}`,
          ),
        )
        .orderBy(asc(chatMessages.id))
      const senders = [
        ...new Set(
          unread.map((m) => (m.username ? displayName({ firstName: m.firstName ?? '', lastName: m.lastName ?? '', username: m.username }) : 'Meridian Travel')),
        ),
      ]
      const about = conversation.title || conversation.trip || ''
      const quoted = unread.slice(-QUOTED).map((m) => `> ${m.content.length > 300 ? `${m.content.slice(0, 300)}…` : m.content}`.replace(/\n/g, '\n> '))
      const n = unread.length
      await enqueueMail(tx, {
        to: person.email,
        subject: `${n === 1 ? 'A new message' : `${n} new messages`} from ${senders.join(', ')}`,
        body:
          `Hello ${displayName(person)},\n\n` +
          `${senders.join(', ')} wrote to you${about ? ` about ${about}` : ''} while you were away:\n\n` +
          `${quoted.join('\n\n')}\n\n` +
          `${n > QUOTED ? `…and ${n - QUOTED} earlier ${n - QUOTED === 1 ? 'message' : 'messages'}.\n\n` : ''}` +
          `Read and reply: ${origin}/dashboard/chat/${claim.conversationId}\n\n` +
          `You get one mail per conversation while you are away; the next comes after you have read this one.\n`,
      })
    }
    return claimed.length
  })
}
