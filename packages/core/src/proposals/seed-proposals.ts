import {
  activities,
  and,
  asc,
  countries,
  type Database,
  eq,
  inArray,
  itineraries,
  proposals,
  rowsOf,
  sql,
  suppliers,
  transfers,
  trips,
  users,
} from '@meridian/db'
import { confirmBooking } from '../bookings/change-booking.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { seedContext } from '../itineraries/seed-itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { DEMO_TRIP_LABEL } from '../trips/seed-trips.ts'
import { acceptProposal } from './accept.ts'
import { getProposal, publishProposal } from './proposals.ts'
import { commentOnProposal } from './threads.ts'

const LABEL = DEMO_TRIP_LABEL
const CURRENCY = 'USD'

type Round = Awaited<ReturnType<typeof getProposal>>

/** The key of the item of a round with this title (the plan's items keep the keys the builder gave them). */
function keyOf(round: Round, title: string): string {
  const item = round.days.flatMap((d) => d.items).find((i) => i.title === title)
  if (!item) throw new Error(`demo proposal: no item "${title}" in round ${round.round}`)
  return item.key
}

/**
 * The demo traveler's proposals (docs/demo.md), made through the services as the people involved, after the demo
 * trips, itineraries and bookings (seedDemoBookings adds nothing once the traveler has bookings, and acceptance books):
 *
 * - **Waiting**: the approved demo itinerary (Peru, with its options on the days still ahead: an excursion of three,
 *   two hotels for the same night) sent as round 1, which the traveler has opened and asked about in one comment
 *   thread the expert answered.
 * - **Accepted**: the Maldives trip planned with options (the first night, the villa, a morning on the reef or a
 *   dolphin cruise), approved by the specialist, sent, and accepted by the traveler with two options other than the
 *   recommended ones; the expert confirmed the stay and the transfer, the activities wait for confirmation.
 *
 * The texts say they are demo data, and so do the notifications the services sent; the mail they queued for the demo
 * addresses is dropped (demo accounts are never written to). Once: nothing happens when a trip of the traveler's has a
 * proposal, or without the demo accounts. The proposals added.
 */
export async function seedDemoProposals(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert', 'specialist', 'admin']))
  const idOf = (name: string) => people.find((p) => p.username === name)?.id
  const travelerId = idOf('traveler')
  const expertId = idOf('expert')
  if (!travelerId || !expertId) return 0
  const [done] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .innerJoin(trips, eq(trips.id, proposals.tripId))
    .where(eq(trips.travelerId, travelerId))
    .limit(1)
  if (done) return 0
  const traveler = (await seedContext(db, travelerId))!
  const expert = (await seedContext(db, expertId))!
  const approver = (await seedContext(db, idOf('specialist'))) ?? (await seedContext(db, idOf('admin')))
  const marks = rowsOf<{ notifications: number; mails: number }>(
    await db.execute(
      sql`select (select coalesce(max(id), 0) from notifications)::int as notifications, (select coalesce(max(id), 0) from mail_outbox)::int as mails`,
    ),
  )[0]!

  let added = 0
  if (await waitingProposal(db, { traveler, expert, travelerId })) added++
  if (approver && (await acceptedProposal(db, { traveler, expert, approver, travelerId, expertId }))) added++

  await db.execute(sql`
    update notifications set body = ${`${LABEL} `} || body
     where id > ${marks.notifications} and body not like ${`${LABEL}%`}`)
  await db.execute(sql`delete from mail_outbox where id > ${marks.mails}`)
  return added
}

type People = { traveler: ServiceContext; expert: ServiceContext; travelerId: number }

/** The traveler's approved demo itinerary sent as a round that waits for them, with one answered comment thread. */
async function waitingProposal(db: Database, { traveler, expert, travelerId }: People): Promise<boolean> {
  const [plan] = await db
    .select({ id: itineraries.id })
    .from(itineraries)
    .innerJoin(trips, eq(trips.id, itineraries.tripId))
    .where(
      and(
        eq(trips.travelerId, travelerId),
        sql`${trips.description} like ${`${LABEL}%`}`,
        sql`${itineraries.approvedVersion} is not null`,
        sql`exists (select 1 from itinerary_items i where i.itinerary_id = ${itineraries.id} and i.option_group is not null)`,
      ),
    )
    .orderBy(asc(trips.startDate), asc(itineraries.id))
    .limit(1)
  if (!plan) return false
  const sent = await publishProposal(expert, plan.id, {
    note: `${LABEL} Here is the plan for the rest of your trip. Choose the Sacred Valley day you prefer and where to sleep before Machu Picchu; the total follows your choices.`,
    valid_days: 10,
    not_included: ['International flights', 'Travel insurance', 'Tips for guides and drivers'],
  })
  // The traveler opens it, and asks about one of the hotels; the expert answers.
  const seen = await getProposal(traveler, sent.id)
  const thread = await commentOnProposal(traveler, sent.id, {
    item_key: keyOf(seen, 'Family lodge by the Machu Picchu bus stop'),
    body: `${LABEL} Does the lodge have one room for the four of us? The children would rather not be next door.`,
  })
  await commentOnProposal(expert, sent.id, {
    thread: thread.id,
    body: `${LABEL} Yes: a family room with two queen beds, and breakfast from 5 am so you make the first bus up.`,
  })
  return true
}

/**
 * The Maldives trip's plan, with three slots of options: the first night in Malé (the demo guesthouse, booked through
 * the catalogue, or an airport hotel), the atoll villa for five nights (beach or overwater) and the third day's outing
 * (the reef in the morning or dolphins at sunset). Null when the demo catalogue lacks what it names.
 */
async function maldivesPlan(db: Database, countryId: number, created: { days: { key: string; date: string }[] }) {
  const names = ['Malé fish market and old town walk', 'House reef snorkelling safari', 'Sunset dolphin cruise from Malé']
  const found = await db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(and(eq(activities.countryId, countryId), inArray(activities.name, names), eq(activities.isActive, true)))
  const [stay] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.countryId, countryId), eq(suppliers.name, 'Malé Lagoon Guesthouse'), eq(suppliers.supplierType, 'accommodation')))
  const [boat] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(
      and(eq(transfers.isActive, true), eq(transfers.fromCountryId, countryId), sql`coalesce(${transfers.pricing} ->> 'currency', ${CURRENCY}) = ${CURRENCY}`),
    )
    .orderBy(asc(transfers.id))
    .limit(1)
  const activity = (name: string) => found.find((a) => a.name === name)?.id
  if (names.some((n) => !activity(n)) || !stay || !boat || created.days.length < 4) return null
  const at = (start: string, end: string) => {
    const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3))
    return { start_time: start, end_time: end, duration_minutes: m(end) - m(start) }
  }
  const priced = (price: number) => ({ unit_price: price.toFixed(2), currency: CURRENCY })
  const days: { title: string; theme: string; items: Record<string, unknown>[] }[] = [
    {
      title: 'Arrival in Malé',
      theme: 'Arrival',
      items: [
        { type: 'free_time', title: 'Land at Velana and take the ferry across to Malé', ...at('14:00', '15:00') },
        {
          type: 'accommodation',
          title: 'Malé Lagoon Guesthouse',
          supplier_id: stay.id,
          nights: 1,
          ...priced(140),
          ...at('15:00', '15:30'),
          option_group: 'first-night',
          recommended: true,
        },
        { type: 'accommodation', title: 'Airport hotel on Hulhumalé beach', nights: 1, ...priced(125), ...at('15:00', '15:30'), option_group: 'first-night' },
        { type: 'meal', title: 'Dinner by the harbour', ...priced(40), ...at('19:30', '21:00') },
      ],
    },
    {
      title: 'To the atoll',
      theme: 'Island life',
      items: [
        { type: 'activity', title: names[0], activity_id: activity(names[0]!), booking_required: true, status: 'confirmed', ...at('08:00', '10:30') },
        { type: 'transport', title: 'Speedboat to the resort', transfer_id: boat.id, ...at('12:00', '12:45') },
        {
          type: 'accommodation',
          title: 'Beach villa, North Malé Atoll',
          nights: 5,
          ...priced(390),
          ...at('13:00', '13:30'),
          option_group: 'atoll-villa',
          recommended: true,
        },
        { type: 'accommodation', title: 'Overwater villa, North Malé Atoll', nights: 5, ...priced(520), ...at('13:00', '13:30'), option_group: 'atoll-villa' },
      ],
    },
    {
      title: 'The reef',
      theme: 'Sea',
      items: [
        {
          type: 'activity',
          title: names[1],
          activity_id: activity(names[1]!),
          booking_required: true,
          status: 'confirmed',
          ...at('09:00', '12:00'),
          option_group: 'reef-or-dolphins',
          recommended: true,
        },
        {
          type: 'activity',
          title: names[2],
          activity_id: activity(names[2]!),
          booking_required: true,
          status: 'confirmed',
          ...at('17:00', '19:00'),
          option_group: 'reef-or-dolphins',
        },
      ],
    },
    {
      title: 'A slow day',
      theme: 'Rest',
      items: [
        { type: 'free_time', title: 'Spa afternoon and the house reef at your own pace', ...at('14:00', '17:00') },
        { type: 'meal', title: 'Dinner on a sandbank', ...priced(160), ...at('19:00', '21:30') },
      ],
    },
  ]
  return created.days.map((d, i) => {
    const day = days[i] ?? {
      title: `Day ${i + 1}: at the villa`,
      theme: 'Free day',
      items: [{ type: 'free_time', title: 'The lagoon, a book, a hammock', ...at('10:00', '13:00') }],
    }
    return { key: d.key, date: d.date, ...day }
  })
}

/** The Maldives trip planned with options, approved, sent, accepted with choices of the traveler's own, partly confirmed. */
async function acceptedProposal(
  db: Database,
  { traveler, expert, approver, travelerId, expertId }: People & { approver: ServiceContext; expertId: number },
): Promise<boolean> {
  const [trip] = await db
    .select({ id: trips.id, countryId: trips.countryId })
    .from(trips)
    .innerJoin(countries, eq(countries.id, trips.countryId))
    .where(
      and(
        eq(trips.travelerId, travelerId),
        eq(trips.expertId, expertId),
        eq(countries.name, 'Maldives'),
        inArray(trips.status, ['planning', 'booked']),
        sql`${trips.description} like ${`${LABEL}%`}`,
        sql`not exists (select 1 from itineraries i where i.trip_id = ${trips.id})`,
        sql`exists (select 1 from trip_assignments a where a.trip_id = ${trips.id} and a.expert_id = ${expertId} and a.status = 'accepted')`,
      ),
    )
    .limit(1)
  if (!trip?.countryId) return false
  const created = await createItinerary(expert, { trip_id: trip.id, title: 'Malé, the reef and a villa on the lagoon', currency: CURRENCY })
  const days = await maldivesPlan(db, trip.countryId, created)
  if (!days) return false
  const saved = await saveItinerary(expert, created.id, {
    version: created.version,
    fields: {
      description: `${LABEL} a night in Malé, then five on the North Malé Atoll, with a choice of villa and of outing.`,
      preferences: { pace: 'relaxed', interests: ['nature', 'food'], accessibility: [], dietary: [] },
    },
    days,
    summary: `${LABEL} the plan with options`,
  })
  await changeItineraryStatus(expert, created.id, { status: 'review' })
  await changeItineraryStatus(approver, created.id, { status: 'approved', version: saved.version })
  const sent = await publishProposal(expert, created.id, {
    note: `${LABEL} Your honeymoon, with a choice of villa and of outing. Everything else is as we discussed.`,
    valid_days: 14,
    not_included: ['International flights', 'Resort meals beyond those listed'],
  })
  // The traveler reads it, and takes the overwater villa and the dolphins instead of the recommended options.
  const seen = await getProposal(traveler, sent.id)
  const accepted = await acceptProposal(traveler, sent.id, {
    round: seen.round,
    choices: { 'atoll-villa': keyOf(seen, 'Overwater villa, North Malé Atoll'), 'reef-or-dolphins': keyOf(seen, 'Sunset dolphin cruise from Malé') },
  })
  // The expert confirms the stay and the speedboat; the outings wait for the operator.
  const refs = (accepted.accepted as { bookings?: string[] } | null)?.bookings ?? []
  const booked = refs.length
    ? rowsOf<{ id: number; booking_type: string }>(
        await db.execute(
          sql`select id, booking_type from bookings where reference in (${sql.join(
            refs.map((r) => sql`${r}`),
            sql`, `,
          )}) order by id`,
        ),
      )
    : []
  for (const b of booked.filter((x) => x.booking_type === 'hotel' || x.booking_type === 'transfer')) await confirmBooking(expert, b.id, {})
  return true
}
