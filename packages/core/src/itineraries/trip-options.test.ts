import { type DatabaseHandle, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tripTestBed } from '../trips/test-bed.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary } from './itineraries.ts'
import { itineraryTripOptions } from './trip-options.ts'
import { changeItineraryStatus } from './versions.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
const trip: Record<string, number> = {}

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  const id = bed.userId
  // The expert's accepted trip, their pending one, a completed one of theirs, and one nobody is assigned to.
  const add = async (name: string, values: Partial<typeof trips.$inferInsert>, assignment?: 'accepted' | 'pending') => {
    const [row] = await handle.db
      .insert(trips)
      .values({ title: name, startDate: '2030-05-01', endDate: '2030-05-03', travelerId: id('traveler'), ...values })
      .returning({ id: trips.id })
    if (assignment) await handle.db.insert(tripAssignments).values({ tripId: row!.id, expertId: id('expert'), status: assignment })
    trip[name] = row!.id
  }
  await add('Accepted', { expertId: id('expert'), startDate: '2030-06-01', endDate: '2030-06-03' }, 'accepted')
  await add('Pending', { expertId: id('expert') }, 'pending')
  await add('Completed', { expertId: id('expert'), status: 'completed' }, 'accepted')
  await add('Unassigned', {})
})
afterAll(async () => {
  await handle?.close()
})

const ids = (list: { id: number }[]) => list.map((t) => t.id)

it('offers each one the trips they may plan without an itinerary, and filters by the trips whose itineraries they see', async () => {
  const expert = await itineraryTripOptions(as.expert!)
  expect(expert).toMatchObject({ can_create: true, trips: [] })
  expect(ids(expert.plannable)).toEqual([trip.Accepted])
  // Staff plan any open trip, soonest first; arriving from a trip puts it first.
  expect(ids((await itineraryTripOptions(as.admin!)).plannable)).toEqual([trip.Pending, trip.Unassigned, trip.Accepted])
  expect(ids((await itineraryTripOptions(as.admin!, { trip: trip.Accepted })).plannable)[0]).toBe(trip.Accepted)
  for (const who of ['traveler', 'specialist']) expect(await itineraryTripOptions(as[who]!)).toMatchObject({ can_create: false, plannable: [] })
  await expect(itineraryTripOptions(as.editor!)).rejects.toMatchObject({ code: 'forbidden' })

  // Once planned, the trip leaves New itinerary and joins the filter; the traveler's filter waits for an approval.
  const plan = await createItinerary(as.expert!, { trip_id: trip.Accepted })
  const after = await itineraryTripOptions(as.expert!)
  expect([ids(after.plannable), ids(after.trips)]).toEqual([[], [trip.Accepted]])
  expect((await itineraryTripOptions(as.traveler!)).trips).toEqual([])
  // A trip named in ?trip= is in the filter when the actor may see it, not otherwise.
  expect(ids((await itineraryTripOptions(as.traveler!, { trip: trip.Unassigned })).trips)).toEqual([trip.Unassigned])
  expect(ids((await itineraryTripOptions(as.expert!, { trip: trip.Unassigned })).trips)).toEqual([trip.Accepted])
  await changeItineraryStatus(as.expert!, plan.id, { status: 'review' })
  await changeItineraryStatus(as.specialist!, plan.id, { status: 'approved', version: plan.version })
  expect((await itineraryTripOptions(as.traveler!)).trips.map((t) => t.title)).toEqual(['Accepted'])
})
