import { and, type DatabaseHandle, chatMessages, eq, isNull, notifications, quizSubmissions, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { addParticipant, createConversation, getConversation, listChatAdmins, listConversations } from './conversations.ts'
import { listMessages, markConversationRead, postMessage } from './conversation-messages.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (username: string) => number
let tripId: number

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  userId = bed.userId
  // The demo traveler's trip with the demo expert; the demo specialist reviewed the traveler's quiz.
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Kyoto, Japan · Apr 3 – Apr 5, 2030', startDate: '2030-04-03', endDate: '2030-04-05', travelers: 2, travelerId: userId('traveler'), expertId: userId('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(quizSubmissions).values({ userId: userId('traveler'), quizType: 'general', status: 'reviewed', quizData: {}, reviewedBy: userId('specialist') })
})
afterAll(async () => {
  await handle?.close()
})

describe('conversations', () => {
  it('opens one conversation per traveler, member of staff and trip, only between people who work together', async () => {
    const first = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    expect(first.created).toBe(true)
    expect(first.conversation.participants.map((p) => p.role).sort()).toEqual(['expert', 'traveler'])
    expect(first.conversation.trip).toEqual({ id: tripId, title: 'Kyoto, Japan · Apr 3 – Apr 5, 2030' })
    // The traveler reaching the same expert through the trip finds the same conversation.
    const again = await createConversation(as.traveler!, { trip_id: String(tripId) })
    expect(again).toMatchObject({ created: false, conversation: { id: first.conversation.id } })

    // The specialist who reviewed them may open one too; a traveler they never reviewed may not be named.
    expect((await createConversation(as.specialist!, { traveler_id: userId('traveler') })).created).toBe(true)
    expect((await domainErrorOf(createConversation(as.specialist!, { traveler_id: userId('other') }))).fields).toEqual({ traveler_id: ['Select one of your travelers.'] })
    expect((await domainErrorOf(createConversation(as.expert!, { traveler_id: userId('other') }))).fields).toEqual({ traveler_id: ['Select one of your travelers.'] })
    expect((await domainErrorOf(createConversation(as.traveler!, { staff_id: userId('admin') }))).fields).toEqual({ staff_id: ['Select an expert or specialist who works with you.'] })
    expect((await domainErrorOf(createConversation(as.other!, { trip_id: tripId }))).fields).toEqual({ trip_id: ['Select one of this traveler’s trips.'] })
    expect((await domainErrorOf(createConversation(as.editor!, { traveler_id: userId('traveler') }))).code).toBe('forbidden')
    expect((await domainErrorOf(createConversation(as.admin!, { traveler_id: userId('traveler') }))).code).toBe('forbidden')
  })

  it('is read and written by its participants only: anyone else gets 404', async () => {
    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    for (const who of ['other', 'admin', 'specialist']) {
      expect((await domainErrorOf(getConversation(as[who]!, conversation.id))).code).toBe('not_found')
      expect((await domainErrorOf(listMessages(as[who]!, conversation.id, {}))).code).toBe('not_found')
      expect((await domainErrorOf(postMessage(as[who]!, conversation.id, { content: 'Hello' }))).code).toBe('not_found')
    }
    expect((await domainErrorOf(getConversation(as.traveler!, 'abc'))).code).toBe('not_found')
    // An id that is no text or number at all (an object that cannot even be spelled) is not found, never a 500.
    for (const id of [{ toString: 'x' }, Object.create(null), ['7'], true]) {
      expect((await domainErrorOf(listMessages(as.traveler!, id, {}))).code).toBe('not_found')
    }
    // Numbers no integer column holds are not found either, rather than an error from the database.
    for (const id of [0, -1, -2_147_483_649, 2_147_483_648, 1.5]) {
      expect((await domainErrorOf(markConversationRead(as.traveler!, id, {}))).code).toBe('not_found')
    }
  })
})

describe('messages', () => {
  it('refuses empty and over-long messages, and a retried send with the same key makes one message', async () => {
    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    expect((await domainErrorOf(postMessage(as.traveler!, conversation.id, { content: '  \n ' }))).fields).toEqual({ content: ['This field may not be blank.'] })
    expect((await domainErrorOf(postMessage(as.traveler!, conversation.id, { content: 'x'.repeat(4001) }))).fields).toEqual({
      content: ['Ensure this field has no more than 4000 characters.'],
    })
    const sent = await postMessage(as.traveler!, conversation.id, { content: 'Can we add a tea ceremony?', client_key: 'k-1' })
    const retried = await postMessage(as.traveler!, conversation.id, { content: 'Can we add a tea ceremony?', client_key: 'k-1' })
    expect(sent.created).toBe(true)
    expect(retried).toEqual({ ...sent, created: false })
    const kept = await handle.db.select().from(chatMessages).where(eq(chatMessages.clientKey, 'k-1'))
    expect(kept).toHaveLength(1)
    expect(sent.message).toMatchObject({ content: 'Can we add a tea ceremony?', sender: { id: userId('traveler'), name: 'Lucas Moreau' } })
  })

  it('pages the history newest last, and a client catching up after message N gets every later one once', async () => {
    const { conversation } = await createConversation(as.specialist!, { traveler_id: userId('traveler') })
    const ids: number[] = []
    for (let i = 1; i <= 120; i++) ids.push((await postMessage(i % 2 ? as.traveler! : as.specialist!, conversation.id, { content: `Message ${i}` })).message.id)
    const newest = await listMessages(as.traveler!, conversation.id, {})
    expect(newest.results.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `Message ${71 + i}`))
    expect(newest.has_more).toBe(true)
    const older = await listMessages(as.traveler!, conversation.id, { before: String(newest.results[0]!.id) })
    expect(older.results.at(-1)!.content).toBe('Message 70')
    // Catching up from message 30, a page of 40 at a time: 90 messages, in order, none twice.
    const seen: number[] = []
    let after = ids[29]!
    for (;;) {
      const page = await listMessages(as.specialist!, conversation.id, { after, page_size: '40' })
      seen.push(...page.results.map((m) => m.id))
      if (!page.has_more) break
      after = page.results.at(-1)!.id
    }
    expect(seen).toEqual(ids.slice(30))
    expect((await domainErrorOf(listMessages(as.traveler!, conversation.id, { after: 'x' }))).fields).toHaveProperty('after')
  })

  it('counts unread messages per conversation and in all, not one’s own, until they are read or answered', async () => {
    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    await markConversationRead(as.expert!, conversation.id, {})
    for (const text of ['One', 'Two', 'Three']) await postMessage(as.traveler!, conversation.id, { content: text })
    const listed = await listConversations(as.expert!, {})
    const row = listed.results.find((c) => c.id === conversation.id)!
    expect(row.unread).toBe(3)
    expect(row.last_message).toMatchObject({ content: 'Three', sender_id: userId('traveler') })
    expect(listed.results[0]!.id).toBe(conversation.id)
    expect(listed.counters.unread_total).toBe(listed.results.reduce((n, c) => n + c.unread, 0))
    // A page of one still counts every conversation's unread messages.
    const first = await listConversations(as.expert!, {}, { limit: 1 })
    expect(first).toMatchObject({ count: listed.count, counters: listed.counters })
    expect(first.results).toHaveLength(1)
    expect((await getConversation(as.traveler!, conversation.id)).unread).toBe(0)
    // Read up to the second: one left. Answering reads the rest.
    const page = await listMessages(as.expert!, conversation.id, {})
    await markConversationRead(as.expert!, conversation.id, { message_id: page.results.at(-2)!.id })
    expect((await getConversation(as.expert!, conversation.id)).unread).toBe(1)
    await postMessage(as.expert!, conversation.id, { content: 'All three, yes' })
    expect((await getConversation(as.expert!, conversation.id)).unread).toBe(0)
    expect((await getConversation(as.traveler!, conversation.id)).unread).toBe(1)
  })

  it('finds conversations by a participant’s name or the trip’s title', async () => {
    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    expect((await listConversations(as.expert!, { search: 'lucas' })).results.map((c) => c.id)).toContain(conversation.id)
    // The conversation on the Kyoto trip is found by its trip's title, and only the conversations on that trip are.
    const onKyoto = (await listConversations(as.expert!, {})).results.filter((c) => c.trip?.id === tripId).map((c) => c.id)
    const kyoto = (await listConversations(as.expert!, { search: 'kyoto' })).results.map((c) => c.id)
    expect(kyoto).toContain(conversation.id)
    expect(kyoto.sort()).toEqual(onKyoto.sort())
    expect((await listConversations(as.expert!, { search: 'zzzq' })).results).toEqual([])
    expect((await domainErrorOf(listConversations(as.editor!, {}))).code).toBe('forbidden')
  })

  it('asks an administrator in: they read the history, count only what comes next, and their bell says so', async () => {
    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: tripId })
    await postMessage(as.traveler!, conversation.id, { content: 'The hotel charged us twice.' })
    expect((await listChatAdmins(as.expert!, conversation.id)).map((a) => a.id)).toContain(userId('admin'))
    expect((await domainErrorOf(addParticipant(as.expert!, conversation.id, { user_id: userId('specialist') }))).fields).toEqual({ user_id: ['Select an administrator.'] })
    expect((await domainErrorOf(addParticipant(as.other!, conversation.id, { user_id: userId('admin') }))).code).toBe('not_found')

    const added = await addParticipant(as.expert!, conversation.id, { user_id: userId('admin') })
    expect(added.created).toBe(true)
    expect(added.conversation.participants).toContainEqual(expect.objectContaining({ id: userId('admin'), role: 'admin' }))
    expect((await addParticipant(as.traveler!, conversation.id, { user_id: userId('admin') })).created).toBe(false)
    expect((await listChatAdmins(as.expert!, conversation.id)).map((a) => a.id)).not.toContain(userId('admin'))

    const seen = await getConversation(as.admin!, conversation.id)
    expect(seen.unread).toBe(0)
    expect((await listMessages(as.admin!, conversation.id, {})).results.map((m) => m.content)).toContain('The hotel charged us twice.')
    const [bell] = await handle.db.select().from(notifications).where(and(eq(notifications.userId, userId('admin')), isNull(notifications.readAt)))
    expect(bell).toMatchObject({ kind: 'chat.message', link: `/dashboard/chat/${conversation.id}`, title: expect.stringMatching(/asked you into a conversation$/) })

    await postMessage(as.admin!, conversation.id, { content: 'I have refunded the second charge.' })
    expect((await getConversation(as.traveler!, conversation.id)).unread).toBe(1)
  })
})
