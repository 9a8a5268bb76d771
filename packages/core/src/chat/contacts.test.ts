import { type DatabaseHandle, quizSubmissions, travelerExperts, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { insertUser } from '../users/insert-user.ts'
import { getChatContact, listChatContacts } from './contacts.ts'
import { createConversation } from './conversations.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (username: string) => number
let gone: number

const names = (list: { results: { name: string }[] }) => list.results.map((c) => c.name).sort()

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  userId = bed.userId
  // The demo traveler: a trip with the demo expert, a quiz the demo specialist reviewed. `other`: the demo expert is
  // their standing expert, nobody reviewed them. A deactivated traveler of the expert's trips is no one to talk to.
  gone = await insertUser(handle.db, {
    username: 'gone',
    email: 'gone@example.test',
    password: 'a-long-password-1',
    role: 'traveler',
    firstName: 'Gone',
    isActive: false,
  })
  await handle.db.insert(trips).values([
    {
      title: 'Kyoto, Japan · Apr 3 – Apr 5, 2030',
      startDate: '2030-04-03',
      endDate: '2030-04-05',
      travelers: 2,
      travelerId: userId('traveler'),
      expertId: userId('expert'),
    },
    { title: 'Oslo, Norway · May 3 – May 5, 2030', startDate: '2030-05-03', endDate: '2030-05-05', travelers: 1, travelerId: gone, expertId: userId('expert') },
  ])
  await handle.db.insert(travelerExperts).values({ travelerId: userId('other'), expertId: userId('expert') })
  await handle.db
    .insert(quizSubmissions)
    .values({ userId: userId('traveler'), quizType: 'general', status: 'reviewed', quizData: {}, reviewedBy: userId('specialist') })
})
afterAll(async () => {
  await handle?.close()
})

describe('chat contacts', () => {
  it('lists the travelers each member of staff works with, as worksWith says', async () => {
    // The expert: their trip's traveler and the one whose standing expert they are; not the deactivated one.
    expect(names(await listChatContacts(as.expert!, {}))).toEqual(['Lucas Moreau', 'other'])
    // The specialist: only the traveler whose quiz they reviewed.
    const specialist = await listChatContacts(as.specialist!, {})
    expect(specialist.results).toEqual([{ id: userId('traveler'), name: 'Lucas Moreau', username: 'traveler', role: 'traveler', conversation_id: null }])
    // The superadmin: any active traveler, and no member of staff.
    const everyone = await listChatContacts(as.superadmin!, {})
    expect(names(everyone)).toEqual(['Lucas Moreau', 'other'])
    expect(everyone.has_more).toBe(false)
  })

  it('lists a traveler’s expert and specialist, each as what they are to them', async () => {
    const mine = await listChatContacts(as.traveler!, {})
    expect(mine.results.map((c) => [c.username, c.role]).sort()).toEqual([
      ['expert', 'expert'],
      ['specialist', 'specialist'],
    ])
    // A standing expert counts; nobody reviewed `other`.
    expect((await listChatContacts(as.other!, {})).results.map((c) => [c.username, c.role])).toEqual([['expert', 'expert']])
  })

  it('finds them by name or username, and gives the conversation they already have', async () => {
    expect(names(await listChatContacts(as.expert!, { search: 'moreau' }))).toEqual(['Lucas Moreau'])
    expect(names(await listChatContacts(as.expert!, { search: ' OTHER ' }))).toEqual(['other'])
    expect((await listChatContacts(as.expert!, { search: '100%_' })).results).toEqual([])
    expect((await domainErrorOf(listChatContacts(as.expert!, { search: 'x'.repeat(101) }))).fields).toHaveProperty('search')

    const { conversation } = await createConversation(as.expert!, { traveler_id: userId('other') })
    const found = await listChatContacts(as.expert!, { search: 'other' })
    expect(found.results[0]!.conversation_id).toBe(conversation.id)
    // The traveler sees the same conversation beside their expert.
    expect((await listChatContacts(as.other!, {})).results[0]!.conversation_id).toBe(conversation.id)
  })

  it('answers one contact by id (the chat screen’s ?with=), or null for anyone else', async () => {
    expect(await getChatContact(as.expert!, String(userId('traveler')))).toMatchObject({ id: userId('traveler'), role: 'traveler' })
    expect(await getChatContact(as.traveler!, userId('specialist'))).toMatchObject({ username: 'specialist', role: 'specialist' })
    expect(await getChatContact(as.specialist!, userId('other'))).toBeNull()
    expect(await getChatContact(as.expert!, gone)).toBeNull()
    expect(await getChatContact(as.expert!, userId('specialist'))).toBeNull()
    expect(await getChatContact(as.expert!, 'abc')).toBeNull()
    expect(await getChatContact(as.expert!, '99999999999')).toBeNull()
  })

  it('refuses admins (asked in, they start nothing) and the editor (no chat)', async () => {
    for (const who of ['admin', 'editor']) {
      expect((await domainErrorOf(listChatContacts(as[who]!, {}))).code).toBe('forbidden')
      expect((await domainErrorOf(getChatContact(as[who]!, userId('traveler')))).code).toBe('forbidden')
      expect((await domainErrorOf(getChatContact(as[who]!, 'abc'))).code).toBe('forbidden')
    }
  })
})
