import { type DatabaseHandle, itineraries, quizSubmissions, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { createConversation } from '../chat/conversations.ts'
import { markConversationRead, postMessage } from '../chat/conversation-messages.ts'
import { tripTestBed } from '../trips/test-bed.ts'
import { insertUser } from '../users/insert-user.ts'
import { loadActor } from '../auth/load-actor.ts'
import { listOverviewSections, type OverviewSection } from './list-overview-sections.ts'
import { excerpt, tripNextStep } from './overview-work.ts'

// The overview's Trip Management (trips in progress with their next step) and Communication Hub (the latest
// conversations with their unread counts), for each role.
let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let userId: (username: string) => number
const NOW = new Date('2030-01-10T12:00:00Z')
const ids: Record<string, number> = {}

function section<I extends OverviewSection['id']>(list: OverviewSection[], id: I) {
  const found = list.find((s) => s.id === id)
  if (!found) throw new Error(`no section ${id}`)
  return found as Extract<OverviewSection, { id: I }>
}
const sectionsOf = (who: string) => listOverviewSections(as[who]!, NOW)

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  userId = bed.userId
  // A second expert, with a context like the others'.
  const otto = await insertUser(handle.db, { username: 'otto', email: 'otto@example.test', password: 'a-long-password-1', role: 'expert' })
  as.otto = { ...as.expert!, actor: await loadActor(handle.db, otto) }
  const traveler = userId('traveler')
  const expert = userId('expert')
  const trip = (title: string, status: (typeof trips.$inferInsert)['status'], startDate: string, endDate: string, expertId: number | null = expert) => ({
    title,
    status,
    startDate,
    endDate,
    travelerId: traveler,
    expertId,
  })
  const rows = await handle.db
    .insert(trips)
    .values([
      trip('Kyoto', 'planning', '2030-04-03', '2030-04-12'),
      trip('Lisbon', 'planning', '2030-03-01', '2030-03-08'),
      trip('Oslo', 'planning', '2030-05-01', '2030-05-04'),
      trip('Reykjavik', 'planning', '2030-06-01', '2030-06-04'),
      trip('Nairobi', 'planning', '2030-02-01', '2030-02-09', null),
      trip('Cusco', 'booked', '2030-01-22', '2030-01-30'),
      trip('Porto', 'booked', '2030-01-11', '2030-01-14'),
      trip('Lima', 'active', '2030-01-05', '2030-01-15'),
      trip('Male', 'planning', '2030-01-20', '2030-01-25', null),
      trip('Quito', 'booked', '2030-01-12', '2030-01-20', null),
      trip('Seville', 'completed', '2029-10-01', '2029-10-05'),
      trip('Fes', 'cancelled', '2030-02-01', '2030-02-05'),
    ])
    .returning({ id: trips.id, title: trips.title })
  for (const r of rows) ids[r.title] = r.id
  // Otto's own trip: the other expert never sees it.
  const [ottos] = await handle.db.insert(trips).values(trip('Hanoi', 'planning', '2030-01-15', '2030-01-20', as.otto.actor!.id)).returning({ id: trips.id })
  ids.Hanoi = ottos!.id
  const plan = (tripId: number, status: 'draft' | 'review' | 'approved', updated: string) => ({
    tripId,
    title: 'Plan',
    startDate: '2030-03-01',
    endDate: '2030-03-08',
    status,
    updatedAt: new Date(updated),
  })
  const plans = await handle.db
    .insert(itineraries)
    .values([
      // Lisbon's newest itinerary is the draft; an older approved one is not what counts.
      plan(ids.Lisbon!, 'approved', '2029-12-01T00:00:00Z'),
      plan(ids.Lisbon!, 'draft', '2030-01-02T00:00:00Z'),
      plan(ids.Oslo!, 'review', '2030-01-02T00:00:00Z'),
      plan(ids.Reykjavik!, 'approved', '2030-01-02T00:00:00Z'),
      plan(ids.Cusco!, 'approved', '2030-01-02T00:00:00Z'),
    ])
    .returning({ id: itineraries.id })
  ids.lisbonDraft = plans[1]!.id
  ids.cuscoPlan = plans[4]!.id
  await handle.db.insert(quizSubmissions).values({ userId: traveler, quizType: 'general', status: 'reviewed', quizData: {}, reviewedBy: userId('specialist') })
})

afterAll(async () => {
  await handle?.close()
})

describe('tripNextStep', () => {
  const base = { id: 7, start_date: '2030-01-20', end_date: '2030-01-25', expert: { id: 1, username: 'e', name: 'E' }, itinerary: null }
  const today = '2030-01-10'
  it('says what a trip in planning needs, by its expert and newest itinerary', () => {
    expect(tripNextStep({ ...base, status: 'planning', expert: null }, today)).toEqual({
      key: 'assign_expert',
      text: 'Assign an expert',
      href: '/dashboard/assignments',
    })
    expect(tripNextStep({ ...base, status: 'planning' }, today)).toEqual({
      key: 'build_itinerary',
      text: 'Build the itinerary',
      href: '/dashboard/itineraries?trip=7',
    })
    const draft = { id: 3, status: 'draft' }
    expect(tripNextStep({ ...base, status: 'planning', itinerary: draft }, today)).toEqual({
      key: 'send_for_review',
      text: 'Send the itinerary for review',
      href: '/dashboard/itineraries/3',
    })
    expect(tripNextStep({ ...base, status: 'planning', itinerary: { id: 3, status: 'review' } }, today).text).toBe('Itinerary in review: waiting for approval')
    expect(tripNextStep({ ...base, status: 'planning', itinerary: { id: 3, status: 'approved' } }, today).text).toBe('Itinerary approved: confirm the bookings')
  })

  it('counts the days to a booked departure, and says when one is overdue', () => {
    const booked = (start_date: string) => tripNextStep({ ...base, status: 'booked', start_date }, today).text
    expect(booked('2030-01-20')).toBe('Departs in 10 days')
    expect(booked('2030-01-12')).toBe('Departs in 2 days')
    expect(booked('2030-01-11')).toBe('Departs tomorrow')
    expect(booked('2030-01-10')).toBe('Departs today')
    expect(booked('2030-01-09')).toBe('Was due to depart on Jan 9, 2030: mark it under way')
    // Across a month and a year end, by calendar days.
    expect(tripNextStep({ ...base, status: 'booked', start_date: '2031-01-01' }, '2030-12-31').text).toBe('Departs tomorrow')
  })

  it('says when a trip under way returns', () => {
    const active = (end_date: string) => tripNextStep({ ...base, status: 'active', start_date: '2030-01-01', end_date }, today).text
    expect(active('2030-01-25')).toBe('Under way, returns on Jan 25, 2030')
    expect(active('2030-01-10')).toBe('Under way, returns today')
    expect(active('2030-01-08')).toBe('Returned on Jan 8, 2030: mark it completed')
  })
})

describe('excerpt', () => {
  it('keeps a short message whole on one line and cuts a long one at a word', () => {
    expect(excerpt('  Hello\n\nthere  ')).toBe('Hello there')
    const long = 'The ryokan in Kyoto confirmed the room for the first three nights, and the tea ceremony moved to Saturday afternoon.'
    const cut = excerpt(long)
    expect(cut.length).toBeLessThanOrEqual(90)
    expect(cut).toBe('The ryokan in Kyoto confirmed the room for the first three nights, and the tea ceremony…')
    expect(excerpt('x'.repeat(200))).toBe(`${'x'.repeat(89)}…`)
  })
})

describe('Trip Management', () => {
  it("lists an expert's own trips in progress by status, the soonest first, each with its next step and screen", async () => {
    const mine = section(await sectionsOf('expert'), 'trip-management')
    expect(mine.scope).toBe('mine')
    expect(mine.counts).toEqual({ planning: 4, booked: 2, active: 1 })
    expect(mine.items.map((t) => [t.status, t.title, t.next_step.text, t.href])).toEqual([
      ['planning', 'Lisbon', 'Send the itinerary for review', `/dashboard/itineraries/${ids.lisbonDraft}`],
      ['planning', 'Kyoto', 'Build the itinerary', `/dashboard/itineraries?trip=${ids.Kyoto}`],
      ['planning', 'Oslo', 'Itinerary in review: waiting for approval', expect.stringMatching(/^\/dashboard\/itineraries\/\d+$/)],
      // The fourth in planning (Reykjavik) is counted, not listed.
      ['booked', 'Porto', 'Departs tomorrow', `/dashboard/itineraries?trip=${ids.Porto}`],
      ['booked', 'Cusco', 'Departs in 12 days', `/dashboard/itineraries/${ids.cuscoPlan}`],
      ['active', 'Lima', 'Under way, returns on Jan 15, 2030', `/dashboard/itineraries?trip=${ids.Lima}`],
    ])
    expect(mine.items[0]).toMatchObject({
      start_date: '2030-03-01',
      end_date: '2030-03-08',
      traveler: { username: 'traveler', name: 'Lucas Moreau' },
      expert: { username: 'expert', name: 'Elena Costa' },
      itinerary: { id: ids.lisbonDraft, status: 'draft' },
    })
    // Nobody else's, none without an expert, nothing completed or cancelled.
    for (const gone of ['Hanoi', 'Nairobi', 'Male', 'Quito', 'Seville', 'Fes']) expect(mine.items.map((t) => t.title)).not.toContain(gone)
  })

  it('gives another expert only their own trips, and an expert with none an empty list', async () => {
    const otto = section(await sectionsOf('otto'), 'trip-management')
    expect(otto.items.map((t) => t.title)).toEqual(['Hanoi'])
    expect(otto.counts).toEqual({ planning: 1, booked: 0, active: 0 })
  })

  it('gives the superadmin every expert’s trips and those without one, which need an expert first', async () => {
    const all = section(await sectionsOf('superadmin'), 'trip-management')
    expect(all.scope).toBe('all')
    expect(all.counts).toEqual({ planning: 7, booked: 3, active: 1 })
    expect(all.items.map((t) => `${t.status} ${t.title}`)).toEqual([
      'planning Hanoi',
      'planning Male',
      'planning Nairobi',
      'booked Porto',
      'booked Quito',
      'booked Cusco',
      'active Lima',
    ])
    const male = all.items.find((t) => t.title === 'Male')!
    expect(male.expert).toBeNull()
    expect(male.next_step).toEqual({ key: 'assign_expert', text: 'Assign an expert', href: '/dashboard/assignments' })
    expect(all.items.find((t) => t.title === 'Hanoi')!.expert?.username).toBe('otto')
    // Booked without an expert: the departure still counts down.
    expect(all.items.find((t) => t.title === 'Quito')!.next_step.text).toBe('Departs in 2 days')
  })

  it('is not there for the roles whose sidebar does not link to it', async () => {
    for (const who of ['specialist', 'admin', 'editor', 'traveler']) {
      expect(
        (await sectionsOf(who)).map((s) => s.id),
        who,
      ).not.toContain('trip-management')
    }
  })
})

describe('Communication Hub', () => {
  it('starts empty, and is not there for travelers, admins or editors', async () => {
    expect(section(await sectionsOf('expert'), 'communication-hub')).toEqual({ id: 'communication-hub', count: 0, unread_total: 0, items: [] })
    for (const who of ['traveler', 'admin', 'editor']) {
      expect(
        (await sectionsOf(who)).map((s) => s.id),
        who,
      ).not.toContain('communication-hub')
    }
  })

  it("lists the user's latest conversations with the others in them, the last message and the unread count", async () => {
    const kyoto = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: ids.Kyoto })
    const general = await createConversation(as.expert!, { traveler_id: userId('traveler') })
    const specialist = await createConversation(as.specialist!, { traveler_id: userId('traveler') })
    await postMessage(as.expert!, kyoto.conversation.id, { content: 'Which hotel did you prefer in Kyoto?' })
    await postMessage(as.traveler!, kyoto.conversation.id, { content: 'The ryokan, please.' })
    await postMessage(as.traveler!, kyoto.conversation.id, { content: 'And   a late\ncheck-out if they can.' })
    await postMessage(as.expert!, general.conversation.id, { content: 'Welcome aboard!' })
    await postMessage(as.traveler!, specialist.conversation.id, { content: 'Thanks for the review' })

    const hub = section(await sectionsOf('expert'), 'communication-hub')
    expect(hub.count).toBe(2)
    expect(hub.unread_total).toBe(2)
    // The newest activity first: the general conversation had the last message.
    expect(hub.items.map((c) => c.id)).toEqual([general.conversation.id, kyoto.conversation.id])
    expect(hub.items[1]).toMatchObject({
      trip: { id: ids.Kyoto, title: 'Kyoto' },
      participants: [{ id: userId('traveler'), name: 'Lucas Moreau', role: 'traveler' }],
      last_message: { excerpt: 'And a late check-out if they can.', mine: false },
      unread: 2,
      href: `/dashboard/chat/${kyoto.conversation.id}`,
    })
    expect(hub.items[0]).toMatchObject({ unread: 0, last_message: { excerpt: 'Welcome aboard!', mine: true } })
    expect(new Date(hub.items[1]!.last_message!.created_at).toISOString()).toBe(hub.items[1]!.last_message!.created_at)

    // Reading the conversation clears its count.
    await markConversationRead(as.expert!, kyoto.conversation.id, {})
    const read = section(await sectionsOf('expert'), 'communication-hub')
    expect(read.unread_total).toBe(0)
    expect(read.items.map((c) => c.unread)).toEqual([0, 0])

    // Each sees only the conversations they take part in.
    const theirs = section(await sectionsOf('specialist'), 'communication-hub')
    expect(theirs.items.map((c) => [c.id, c.unread, c.participants.map((p) => p.name)])).toEqual([[specialist.conversation.id, 1, ['Lucas Moreau']]])
    expect(section(await sectionsOf('otto'), 'communication-hub').items).toEqual([])
    expect(section(await sectionsOf('superadmin'), 'communication-hub').items).toEqual([])
  })

  it('shows the five latest, and counts them all', async () => {
    const trips5 = await handle.db
      .insert(trips)
      .values(
        ['A', 'B', 'C', 'D', 'E'].map((t) => ({
          title: `Trip ${t}`,
          startDate: '2030-06-01',
          endDate: '2030-06-02',
          travelerId: userId('traveler'),
          expertId: userId('expert'),
          status: 'completed' as const,
        })),
      )
      .returning({ id: trips.id })
    for (const t of trips5) {
      const { conversation } = await createConversation(as.expert!, { traveler_id: userId('traveler'), trip_id: t.id })
      await postMessage(as.traveler!, conversation.id, { content: `About trip ${t.id}` })
    }
    const hub = section(await sectionsOf('expert'), 'communication-hub')
    expect(hub.count).toBe(7)
    expect(hub.unread_total).toBe(5)
    expect(hub.items).toHaveLength(5)
    expect(hub.items[0]!.last_message?.excerpt).toBe(`About trip ${trips5[4]!.id}`)
  })
})
