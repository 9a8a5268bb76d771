import { and, asc, chatConversations, chatMessages, chatParticipants, type Database, eq, inArray, quizSubmissions, sql, trips, users } from '@meridian/db'

/** Conversation titles of the demo start with it, like the other demo rows. */
export const DEMO_CHAT_LABEL = 'Demo data:'

type Line = [who: 'traveler' | 'staff', text: string, minutesAgo: number]

/** The demo traveler and the demo expert, about the first of their trips that is under way. */
const EXPERT_LINES: Line[] = [
  ['traveler', 'Hi! We just got the itinerary draft, it looks wonderful.', 2 * 1440 + 300],
  ['staff', 'So glad you like it! Anything you would like to change before I book the hotels?', 2 * 1440 + 280],
  ['traveler', 'Could we swap the second museum day for something outdoors? The kids love hiking.', 2 * 1440 + 200],
  ['staff', 'Of course. I have a guided half-day walk with a picnic lunch in mind, easy enough for children.', 1440 + 600],
  ['staff', 'I will also move the airport transfer to 10:00 so you are not rushing on the last morning.', 1440 + 590],
  ['traveler', 'Perfect, thank you. Is travel insurance something you arrange too?', 200],
  ['staff', 'Yes: I will send two options with the final plan. Both cover cancellation and medical care abroad.', 45],
  ['traveler', 'Great. One more thing: my son is vegetarian, can the dinners handle that?', 12],
]

/** The demo traveler and the demo specialist who reviewed their quiz. */
const SPECIALIST_LINES: Line[] = [
  ['staff', 'Welcome aboard! I reviewed your travel quiz and matched you with an expert who knows family trips well.', 3 * 1440],
  ['traveler', 'Thanks! How do I reach them?', 3 * 1440 - 30],
  ['staff', 'They will write to you here once your trip is assigned; you can also message them from Chat & Messages.', 3 * 1440 - 25],
]

/**
 * Demo conversations for the demo traveler (labelled as demo data): one with the demo expert about a trip under way,
 * with the traveler's latest question unread by the expert (and the superadmin asked in, the last two messages unread),
 * and one with the specialist who reviewed their quiz. Only when those people work together (the demo trips and
 * matching are seeded first) and no conversation exists yet.
 */
export async function seedDemoChat(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert', 'specialist', 'superadmin']))
  const idOf = (name: string) => people.find((p) => p.username === name)?.id
  const [traveler, expert, specialist] = [idOf('traveler'), idOf('expert'), idOf('specialist')]
  if (!traveler) return 0
  const [existing] = await db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.travelerId, traveler)).limit(1)
  if (existing) return 0
  const [trip] = expert
    ? await db
        .select({ id: trips.id, title: trips.title })
        .from(trips)
        .where(and(eq(trips.travelerId, traveler), eq(trips.expertId, expert), inArray(trips.status, ['planning', 'booked', 'active'])))
        .orderBy(asc(trips.startDate), asc(trips.id))
        .limit(1)
    : []
  const [reviewed] = specialist
    ? await db
        .select({ id: quizSubmissions.id })
        .from(quizSubmissions)
        .where(and(eq(quizSubmissions.userId, traveler), eq(quizSubmissions.reviewedBy, specialist)))
        .limit(1)
    : []
  let made = 0
  await db.transaction(async (tx) => {
    const conversation = async (
      staff: { id: number; role: 'expert' | 'specialist' },
      title: string,
      tripId: number | null,
      lines: Line[],
      staffReadAll: boolean,
    ) => {
      const [row] = await tx
        .insert(chatConversations)
        .values({ travelerId: traveler, tripId, title, createdById: staff.id })
        .returning({ id: chatConversations.id })
      const ids: number[] = []
      for (const [who, content, minutesAgo] of lines) {
        const [m] = await tx
          .insert(chatMessages)
          .values({
            conversationId: row!.id,
            senderId: who === 'traveler' ? traveler : staff.id,
            content,
            createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
          })
          .returning({ id: chatMessages.id, at: chatMessages.createdAt })
        ids.push(m!.id)
        await tx.update(chatConversations).set({ lastMessageId: m!.id, lastMessageAt: m!.at }).where(eq(chatConversations.id, row!.id))
      }
      const [last] = await tx.select({ at: chatConversations.lastMessageAt }).from(chatConversations).where(eq(chatConversations.id, row!.id))
      const lastId = ids.at(-1)!
      await tx.insert(chatParticipants).values([
        { conversationId: row!.id, userId: traveler, role: 'traveler', lastReadMessageId: lastId, activityAt: last!.at!, addedById: staff.id },
        {
          conversationId: row!.id,
          userId: staff.id,
          role: staff.role,
          lastReadMessageId: staffReadAll ? lastId : ids.at(-2) ?? 0,
          activityAt: last!.at!,
          addedById: staff.id,
        },
      ])
      made++
      return { id: row!.id, ids, at: last!.at! }
    }
    if (expert && trip) {
      const withExpert = await conversation({ id: expert, role: 'expert' }, `${DEMO_CHAT_LABEL} ${trip.title}`, trip.id, EXPERT_LINES, false)
      // The expert asked the superadmin in (admins take part when asked) before the traveler's last two messages,
      // which the superadmin has not read yet: their overview's Communication Hub has something to show too.
      const superadmin = idOf('superadmin')
      if (superadmin) {
        await tx.insert(chatParticipants).values({
          conversationId: withExpert.id,
          userId: superadmin,
          role: 'admin',
          lastReadMessageId: withExpert.ids.at(-3) ?? 0,
          activityAt: withExpert.at,
          addedById: expert,
        })
      }
    }
    if (specialist && reviewed)
      await conversation({ id: specialist, role: 'specialist' }, `${DEMO_CHAT_LABEL} welcome and matching`, null, SPECIALIST_LINES, true)
  })
  return made
}
