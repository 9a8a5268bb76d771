import { bookings, eq, proposals, suppliers, tripAssignments, trips } from '@meridian/db'
import { beforeAll, expect, it } from 'vitest'
import { createItinerary, getItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { acceptProposal, requestProposalChanges } from './accept.ts'
import { getProposal, publishProposal } from './proposals.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
let itineraryId: number
let stay: number

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** Two nights at the supplier's hotel or a villa entered by hand, and a dinner: one slot of two, one plain item. */
const days = (created: { days: { key: string; date: string }[] }, villa: string) =>
  created.days.map((d, i) => ({
    key: d.key,
    date: d.date,
    title: `Day ${i + 1}`,
    items:
      i === 0
        ? [
            {
              key: 'hotel',
              type: 'accommodation',
              title: 'Harbour hotel',
              supplier_id: stay,
              nights: 2,
              unit_price: '120.00',
              currency: 'USD',
              option_group: 'stay',
              recommended: true,
            },
            { key: 'villa', type: 'accommodation', title: 'Villa', nights: 2, unit_price: villa, currency: 'USD', option_group: 'stay' },
            { key: 'dinner', type: 'meal', title: 'Dinner', unit_price: '40.00', currency: 'USD' },
          ]
        : [],
  }))

/** The itinerary's plan saved (the villa at `villa` a night), approved by the specialist, and sent as a new round. */
async function send(villa: string, version: number) {
  // An approved plan is reopened as a draft to change it (it stays the traveler's approved plan meanwhile).
  if (version > 1) await changeItineraryStatus(bed.as.expert!, itineraryId, { status: 'draft' })
  const read = await saveItinerary(bed.as.expert!, itineraryId, { version, days: days(await getItinerary(bed.as.expert!, itineraryId), villa) })
  await changeItineraryStatus(bed.as.expert!, itineraryId, { status: 'review' })
  await changeItineraryStatus(bed.as.specialist!, itineraryId, { status: 'approved', version: read.version })
  return { round: await publishProposal(bed.as.expert!, itineraryId, { valid_days: 10 }), version: read.version }
}

beforeAll(async () => {
  bed = await tripTestBed()
  const db = bed.handle.db
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Porto', startDate: day(30), endDate: day(32), travelerId: bed.userId('traveler'), expertId: bed.userId('expert'), travelers: 2 })
    .returning({ id: trips.id })
  await db.insert(tripAssignments).values({ tripId: trip!.id, expertId: bed.userId('expert'), status: 'accepted', respondedAt: new Date() })
  stay = (await db.insert(suppliers).values({ name: 'Harbour hotel', supplierType: 'accommodation' }).returning({ id: suppliers.id }))[0]!.id
  itineraryId = (await createItinerary(bed.as.expert!, { trip_id: trip!.id, currency: 'USD' })).id
})

it('reads a later round with what changed since the one the traveler opened, asks for changes and accepts', async () => {
  const first = await send('300.00', 1)
  // The planners see round 1 with nothing to compare; the traveler opens it.
  expect((await getProposal(bed.as.expert!, first.round.id)).changes).toBeNull()
  expect((await getProposal(bed.as.traveler!, first.round.id)).seen_at).not.toBeNull()
  await requestProposalChanges(bed.as.traveler!, first.round.id, { message: 'A cheaper villa?' })

  const second = await send('260.00', first.version)
  const read = await getProposal(bed.as.traveler!, second.round.id, { choices: { stay: 'villa' } })
  expect(read.rounds.map((r) => [r.round, r.status])).toEqual([
    [1, 'superseded'],
    [2, 'sent'],
  ])
  // Compared with round 1, the one the traveler opened: the villa is cheaper.
  expect(read.changes).toEqual({
    since_round: 1,
    lines: [expect.objectContaining({ key: 'villa', change: 'repriced', from: '600.00', to: '520.00' })],
    total: expect.any(Object),
  })
  expect(read.totals.total).toBe('560.00')

  // Accepting answers the round as it now stands: accepted, with the choices, booked where the catalogue books.
  const accepted = await acceptProposal(bed.as.traveler!, second.round.id, { round: 2, choices: { stay: 'hotel' } })
  expect(accepted).toMatchObject({ status: 'accepted', accepted_total: '280.00', choices: { stay: 'hotel' }, can: { accept: false } })
  const frozen = accepted.accepted as { bookings: string[] }
  const booked = await bed.handle.db.select().from(bookings).where(eq(bookings.reference, frozen.bookings[0]!))
  expect(booked.map((b) => [b.bookingType, b.title, b.amount, b.status])).toEqual([['hotel', 'Harbour hotel', '240.00', 'pending']])
  expect(frozen.bookings).toHaveLength(1)
  // The same as a fresh read.
  const again = await getProposal(bed.as.traveler!, second.round.id)
  expect({ ...again, threads: null }).toEqual({ ...accepted, threads: null })
  expect((await domainErrorOf(acceptProposal(bed.as.traveler!, second.round.id, {}))).code).toBe('conflict')
  const [row] = await bed.handle.db.select().from(proposals).where(eq(proposals.id, second.round.id))
  expect(row!.seenAt).not.toBeNull()
})
