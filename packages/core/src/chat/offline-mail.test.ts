import { type DatabaseHandle, desc, eq, mailOutbox, sql, trips, userPresence } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { tripTestBed } from '../trips/test-bed.ts'
import { createConversation } from './conversations.ts'
import { markConversationRead, postMessage } from './conversation-messages.ts'
import { mailOfflineParticipants } from './offline-mail.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (username: string) => number
let conversationId: number
const ORIGIN = 'https://meridian.example'

const mailsTo = (username: string) =>
  handle.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, `${username}@meridian.example`))
    .orderBy(desc(mailOutbox.id))
const seen = (username: string, minutesAgo: number) =>
  handle.db
    .insert(userPresence)
    .values({ userId: userId(username), lastSeenAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .onConflictDoUpdate({ target: userPresence.userId, set: { lastSeenAt: sql`now() - make_interval(mins => ${minutesAgo})` } })

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  userId = bed.userId
  await handle.db
    .insert(trips)
    .values({
      title: 'Lisbon, Portugal',
      startDate: '2030-05-01',
      endDate: '2030-05-04',
      travelers: 2,
      travelerId: userId('traveler'),
      expertId: userId('expert'),
    })
  conversationId = (await createConversation(as.expert!, { traveler_id: userId('traveler') })).conversation.id
})
afterAll(async () => {
  await handle?.close()
})

describe('offline mail', () => {
  it('mails someone away for more than 15 minutes once per conversation, quoting what they missed, until they read it', async () => {
    const before = (await mailsTo('traveler')).length
    await seen('traveler', 20)
    await seen('expert', 0)
    await postMessage(as.expert!, conversationId, { content: 'Your tram passes are ready.' })
    await postMessage(as.expert!, conversationId, { content: 'And the Sintra tickets\nare for 10:00.' })

    expect(await mailOfflineParticipants(handle.db, ORIGIN)).toBe(1)
    const [mail, ...rest] = await mailsTo('traveler')
    expect(rest.length).toBe(before)
    expect(mail!.subject).toMatch(/^2 new messages from /)
    expect(mail!.body).toContain('> Your tram passes are ready.')
    expect(mail!.body).toContain('> And the Sintra tickets\n> are for 10:00.')
    expect(mail!.body).toContain(`${ORIGIN}/dashboard/chat/${conversationId}`)
    // The expert, who is here, gets nothing; their own messages never mail them.
    expect(await mailsTo('expert')).toEqual([])

    // More messages while still away: no second mail for this conversation.
    await postMessage(as.expert!, conversationId, { content: 'One more thing: bring a jacket.' })
    expect(await mailOfflineParticipants(handle.db, ORIGIN)).toBe(0)

    // They come back and read; new messages while they are here: no mail.
    await markConversationRead(as.traveler!, conversationId, {})
    await seen('traveler', 1)
    await postMessage(as.expert!, conversationId, { content: 'Have a great trip!' })
    expect(await mailOfflineParticipants(handle.db, ORIGIN)).toBe(0)

    // Away again past the limit: the unread message is mailed, once.
    await seen('traveler', 16)
    expect(await mailOfflineParticipants(handle.db, ORIGIN)).toBe(1)
    expect((await mailsTo('traveler'))[0]!.subject).toMatch(/^A new message from /)
    expect(await mailOfflineParticipants(handle.db, ORIGIN)).toBe(0)
  })

  it('mails each offline participant once when several processes run it at the same moment', async () => {
    await seen('expert', 30)
    await postMessage(as.traveler!, conversationId, { content: 'Is the airport transfer at 7?' })
    const before = (await mailsTo('expert')).length
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the runs are parallel transactions
    // and only the claim (for update skip locked, re-checked on the locked row) keeps two from mailing the same
    // message (without it three or four mails go: checked so). On PGlite (one connection) the transactions run one
    // after another, and the same assertions check that serial outcome.
    const runs = await Promise.all([1, 2, 3, 4].map(() => mailOfflineParticipants(handle.db, ORIGIN)))
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    expect((await mailsTo('expert')).length).toBe(before + 1)
  })
})
