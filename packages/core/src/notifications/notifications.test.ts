import { type DatabaseHandle, desc, notifications, quizSubmissions } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import type { ServiceContext } from '../context.ts'
import { reviewQuiz } from '../quiz-review/review.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { acceptAssignment, assignExpert, declineAssignment } from '../trips/assignments.ts'
import { DEMO_TRIP_LABEL, seedDemoTrips } from '../trips/seed-trips.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { changeTripStatus, createTrip } from '../trips/trips.ts'
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from './notifications.ts'
import { countUnreadNotifications, markSubjectRead, notify } from './notify.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (username: string) => number

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  userId = bed.userId
})
afterAll(async () => {
  await handle?.close()
})

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** Each user's notifications, newest first, as the bell lists them. */
async function bell(username: string) {
  return (await listNotifications(as[username]!, {}, { limit: 100 })).results
}

/** A trip of the demo traveler's, in planning, with no expert yet. */
async function newTrip(title = 'Kyoto, Japan · Apr 3 – Apr 5, 2030') {
  return createTrip(as.traveler!, { title, start_date: day(30), end_date: day(33), travelers: 2 })
}

/** Start every test from an empty bell for everyone. */
async function clearAll() {
  await handle.db.delete(notifications)
}

describe('events', () => {
  it('a new assignment asks the expert and tells the traveler, never the specialist who assigned it', async () => {
    await clearAll()
    const trip = await newTrip()
    await assignExpert(as.specialist!, trip.id, { expert_id: userId('expert') })
    const [expert] = await bell('expert')
    expect(expert).toMatchObject({ kind: 'assignment.new', title: 'New trip assignment', link: '/dashboard/assignments', is_read: false, count: 1 })
    expect(expert!.body).toContain('Lucas Moreau’s trip “Kyoto, Japan · Apr 3 – Apr 5, 2030”')
    const [traveler] = await bell('traveler')
    expect(traveler).toMatchObject({
      kind: 'assignment.new',
      title: 'Elena Costa has been matched with your trip “Kyoto, Japan · Apr 3 – Apr 5, 2030”',
      link: `/dashboard/trips/${trip.id}`,
    })
    expect(await bell('specialist')).toEqual([])
    // Assigning the same expert again changes nothing and tells no one.
    await assignExpert(as.specialist!, trip.id, { expert_id: userId('expert') })
    expect(await bell('expert')).toHaveLength(1)
  })

  it('an accepted assignment tells whoever assigned it and the traveler; a declined one only the assigner', async () => {
    await clearAll()
    const trip = await newTrip()
    const assigned = await assignExpert(as.specialist!, trip.id, { expert_id: userId('expert') })
    await acceptAssignment(as.expert!, assigned.id)
    const [specialist] = await bell('specialist')
    expect(specialist).toMatchObject({
      kind: 'assignment.answered',
      title: expect.stringMatching(/^Elena Costa accepted the trip/),
      // The specialist may not open the trip: the bell leads to their assignments.
      link: '/dashboard/assignments',
    })
    expect((await bell('traveler')).map((n) => n.title)[0]).toMatch(/^Elena Costa is now planning your trip/)
    // Accepting again is no new event.
    await acceptAssignment(as.expert!, assigned.id)
    expect(await bell('specialist')).toHaveLength(1)
    expect((await bell('expert')).map((n) => n.kind)).toEqual(['assignment.new'])

    await clearAll()
    const other = await newTrip('Osaka')
    const declined = await assignExpert(as.admin!, other.id, { expert_id: userId('expert') })
    await declineAssignment(as.expert!, declined.id)
    expect(await bell('admin')).toMatchObject([{ kind: 'assignment.answered', title: 'Elena Costa declined the trip “Osaka”', link: '/dashboard/assignments' }])
    expect((await bell('traveler')).map((n) => n.kind)).toEqual(['assignment.new'])
    expect(await bell('expert')).toMatchObject([{ kind: 'assignment.new' }])
  })

  it('a status move tells the traveler and the expert, except the one who made it, and folds while unread', async () => {
    await clearAll()
    const trip = await newTrip()
    const assigned = await assignExpert(as.specialist!, trip.id, { expert_id: userId('expert') })
    await acceptAssignment(as.expert!, assigned.id)
    await clearAll()
    await changeTripStatus(as.expert!, trip.id, { status: 'booked', note: 'Ryokan confirmed' })
    expect(await bell('expert')).toEqual([])
    const [booked] = await bell('traveler')
    expect(booked).toMatchObject({ kind: 'trip.status', title: 'Your trip “Kyoto, Japan · Apr 3 – Apr 5, 2030” is now booked', count: 1 })
    expect(booked!.body).toMatch(/^Everything is confirmed for .+\. “Ryokan confirmed”$/)
    // Unread, the next move of the same trip folds into it: one notification, the latest words, counted twice.
    await changeTripStatus(as.expert!, trip.id, { status: 'active' })
    const folded = await bell('traveler')
    expect(folded).toHaveLength(1)
    expect(folded[0]).toMatchObject({ id: booked!.id, count: 2, title: 'Your trip “Kyoto, Japan · Apr 3 – Apr 5, 2030” has begun' })
    // Once read, the next event is a notification of its own.
    await markNotificationRead(as.traveler!, booked!.id)
    await changeTripStatus(as.admin!, trip.id, { status: 'completed' })
    const after = await bell('traveler')
    expect(after.map((n) => [n.title, n.is_read, n.count])).toEqual([
      ['Welcome back', false, 1],
      ['Your trip “Kyoto, Japan · Apr 3 – Apr 5, 2030” has begun', true, 2],
    ])
    // The admin moved it: the expert hears of it too, the admin does not.
    expect(await bell('expert')).toMatchObject([{ kind: 'trip.status', title: 'Lucas Moreau’s trip “Kyoto, Japan · Apr 3 – Apr 5, 2030” is now completed' }])
    expect(await bell('admin')).toEqual([])

    // The traveler cancelling tells the expert only.
    await clearAll()
    const second = await newTrip('Sapporo')
    await assignExpert(as.specialist!, second.id, { expert_id: userId('expert') })
    await clearAll()
    await changeTripStatus(as.traveler!, second.id, { status: 'cancelled' })
    expect(await bell('traveler')).toEqual([])
    expect((await bell('expert'))[0]!.title).toBe('Lucas Moreau’s trip “Sapporo” was cancelled')
  })

  it('a reviewed quiz tells its traveler, with their new expert, and assigns their open trips with their own notices', async () => {
    await clearAll()
    const [quiz] = await handle.db
      .insert(quizSubmissions)
      .values({ userId: userId('other'), quizType: 'general', status: 'awaiting_specialist', quizData: { travel_style: 'Adventure & Exploration' } })
      .returning({ id: quizSubmissions.id })
    await reviewQuiz(as.specialist!, quiz!.id, { score: 80, expert_assignment: userId('expert') })
    expect(await bell('other')).toMatchObject([
      {
        kind: 'quiz.reviewed',
        title: 'Your travel quiz has been reviewed',
        body: 'You have been matched with Elena Costa, your travel expert from now on.',
        link: '/dashboard/trip-planning',
      },
    ])
    expect(await bell('specialist')).toEqual([])
  })
})

describe('the bell', () => {
  it('lists one’s own notifications latest first, filters unread, counts them, and marks them read per user', async () => {
    await clearAll()
    const traveler = userId('traveler')
    const expert = userId('expert')
    await handle.db.transaction(async (tx) => {
      await notify(tx, [traveler, expert, traveler, null], { kind: 'trip.status', title: 'First', link: '/dashboard/trips/1' })
      await notify(tx, [traveler], { kind: 'trip.status', title: 'Second', body: 'Two', link: '/dashboard/trips/2' })
      await notify(tx, [], { kind: 'trip.status', title: 'Nobody', link: '/' })
    })
    // One transaction: one updated_at, so the id breaks the tie.
    const listed = await listNotifications(as.traveler!, {})
    expect(listed).toMatchObject({ count: 2, counters: { unread: 2 }, next_cursor: null })
    expect(listed.results.map((n) => n.title)).toEqual(['Second', 'First'])
    expect(await unreadNotificationCount(as.expert!)).toEqual({ unread: 1 })

    const read = await markNotificationRead(as.traveler!, String(listed.results[1]!.id))
    expect(read).toMatchObject({ title: 'First', is_read: true, unread: 1 })
    expect(read.read_at).not.toBeNull()
    // Again: no change, no error.
    expect((await markNotificationRead(as.traveler!, listed.results[1]!.id)).read_at).toBe(read.read_at)
    // The expert's copy of the same event is still unread.
    expect(await unreadNotificationCount(as.expert!)).toEqual({ unread: 1 })

    const unread = await listNotifications(as.traveler!, { unread: 'true' })
    expect(unread).toMatchObject({ count: 1, counters: { unread: 1 } })
    expect(unread.results.map((n) => n.title)).toEqual(['Second'])
    expect((await listNotifications(as.traveler!, { unread: 'false' })).count).toBe(2)
    expect((await domainErrorOf(listNotifications(as.traveler!, { unread: 'maybe' }))).fields).toEqual({ unread: ['Must be a valid boolean.'] })

    expect(await markAllNotificationsRead(as.traveler!)).toEqual({ marked: 1, unread: 0 })
    expect(await markAllNotificationsRead(as.traveler!)).toEqual({ marked: 0, unread: 0 })
    expect(await countUnreadNotifications(handle.db, traveler)).toBe(0)
    expect(await countUnreadNotifications(handle.db, expert)).toBe(1)
  })

  it('pages by number and by cursor', async () => {
    await clearAll()
    await handle.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++) await notify(tx, [userId('editor')], { kind: 'trip.status', title: `N${i}`, link: '/' })
    })
    const first = await listNotifications(as.editor!, {}, { limit: 2 })
    expect(first.results.map((n) => n.title)).toEqual(['N5', 'N4'])
    expect((await listNotifications(as.editor!, {}, { limit: 2, offset: 2 })).results.map((n) => n.title)).toEqual(['N3', 'N2'])
    const next = await listNotifications(as.editor!, {}, { limit: 2, after: first.next_cursor! })
    expect(next.results.map((n) => n.title)).toEqual(['N3', 'N2'])
  })

  it('another user’s notification, or none, is not found; without a user, unauthenticated', async () => {
    await clearAll()
    await handle.db.transaction((tx) => notify(tx, [userId('expert')], { kind: 'assignment.new', title: 'Yours', link: '/dashboard/assignments' }))
    const [mine] = await bell('expert')
    for (const who of ['traveler', 'superadmin', 'admin']) expect((await domainErrorOf(markNotificationRead(as[who]!, mine!.id))).code).toBe('not_found')
    for (const id of ['abc', '0', '-1', '99999999999', 123456]) expect((await domainErrorOf(markNotificationRead(as.expert!, id))).code).toBe('not_found')
    expect((await bell('expert'))[0]!.is_read).toBe(false)
    const anonymous = { ...as.expert!, actor: null }
    expect((await domainErrorOf(listNotifications(anonymous, {}))).code).toBe('unauthenticated')
    expect((await domainErrorOf(markAllNotificationsRead(anonymous))).code).toBe('unauthenticated')
    // Every role has a bell.
    for (const who of ['superadmin', 'admin', 'expert', 'specialist', 'editor', 'traveler'])
      expect((await listNotifications(as[who]!, {})).counters).toBeDefined()
  })

  it('folds a subject’s events into one unread notification per user, and reads them by subject', async () => {
    await clearAll()
    const [traveler, expert] = [userId('traveler'), userId('expert')]
    for (const text of ['Hello', 'Are you there?', 'Found a ryokan']) {
      await handle.db.transaction((tx) =>
        notify(tx, [traveler, expert], { kind: 'chat.message', title: 'New messages', body: text, link: '/dashboard/chat/7', subjectKey: 'conversation:7' }),
      )
    }
    // Two concurrent events of one subject still make one row (the partial unique index decides).
    await Promise.all(
      ['One', 'Two'].map((text) =>
        handle.db.transaction((tx) =>
          notify(tx, [traveler], { kind: 'chat.message', title: 'New messages', body: text, link: '/dashboard/chat/7', subjectKey: 'conversation:7' }),
        ),
      ),
    )
    const [folded] = await bell('traveler')
    expect(await bell('traveler')).toHaveLength(1)
    expect(folded).toMatchObject({ count: 5, is_read: false })
    expect(['One', 'Two']).toContain(folded!.body)
    expect(await bell('expert')).toMatchObject([{ count: 3, body: 'Found a ryokan' }])

    expect(await handle.db.transaction((tx) => markSubjectRead(tx, traveler, 'conversation:7'))).toBe(true)
    expect(await handle.db.transaction((tx) => markSubjectRead(tx, traveler, 'conversation:7'))).toBe(false)
    expect(await countUnreadNotifications(handle.db, traveler)).toBe(0)
    expect(await countUnreadNotifications(handle.db, expert)).toBe(1)
    // Read, the next message starts a new notification.
    await handle.db.transaction((tx) =>
      notify(tx, [traveler], { kind: 'chat.message', title: 'New messages', body: 'Later', link: '/dashboard/chat/7', subjectKey: 'conversation:7' }),
    )
    expect((await bell('traveler')).map((n) => [n.body, n.count, n.is_read])).toEqual([
      ['Later', 1, false],
      [folded!.body, 5, true],
    ])
  })

  it('is written with the caller’s transaction: a rolled-back event leaves nothing', async () => {
    await clearAll()
    await handle.db
      .transaction(async (tx) => {
        await notify(tx, [userId('traveler')], { kind: 'trip.status', title: 'Never', link: '/' })
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await bell('traveler')).toEqual([])
  })
})

describe('the demo seed', () => {
  it('gives the demo accounts a few labelled notifications about the demo trips, the older ones read', async () => {
    const seeded = await createTestDatabase()
    try {
      await seedCatalogueIfEmpty(seeded.db)
      await seedDemoUsers(seeded.db)
      expect(await seedDemoTrips(seeded.db)).toBe(7)
      const rows = await seeded.db.select().from(notifications).orderBy(desc(notifications.updatedAt))
      expect(rows.length).toBeGreaterThanOrEqual(5)
      expect(rows.every((n) => n.body.startsWith(DEMO_TRIP_LABEL) && n.link.startsWith('/dashboard/'))).toBe(true)
      const titles = rows.map((n) => n.title)
      expect(titles).toEqual(expect.arrayContaining(['New trip assignment', 'Your trip to Lisbon is now booked', 'Welcome back from Iceland']))
      expect(rows.filter((n) => n.readAt === null).length).toBeGreaterThanOrEqual(3)
      const [expertRow] = rows.filter((n) => n.kind === 'assignment.new' && n.title === 'New trip assignment')
      expect(await countUnreadNotifications(seeded.db, expertRow!.userId)).toBe(1)
      // Once only: a second run adds nothing.
      expect(await seedDemoTrips(seeded.db)).toBe(0)
      expect(await seeded.db.select().from(notifications)).toHaveLength(rows.length)
    } finally {
      await seeded.close()
    }
    // Loading the reference catalogue takes a while on a busy machine.
  }, 120_000)
})
