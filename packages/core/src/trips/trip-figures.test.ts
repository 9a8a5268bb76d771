import { activities, type DatabaseHandle, eq, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tripTestBed } from './test-bed.ts'
import { insertTestActivity } from '../activities/test-helpers.ts'
import type { ServiceContext } from '../context.ts'
import { createItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { listExpertTrips, getTrip, listTrips } from './trips.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let tripId: number
let walk: number

const activity = (title: string) => ({ type: 'activity', title, activity_id: walk, start_time: '09:00', end_time: '11:00' })
const lunch = { type: 'meal', title: 'Lunch', unit_price: '20', currency: 'USD' }
/** The activities count each one sees on the trip, through the trip calls they use. */
async function seen() {
  const [traveler, expert, admin, specialist] = await Promise.all([
    getTrip(as.traveler!, tripId),
    getTrip(as.expert!, tripId),
    getTrip(as.admin!, tripId),
    getTrip(as.specialist!, tripId),
  ])
  return { traveler: traveler.activities_count, expert: expert.activities_count, admin: admin.activities_count, specialist: specialist.activities_count }
}

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  const id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Porto, Portugal', startDate: '2030-05-01', endDate: '2030-05-02', travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
  walk = await insertTestActivity(handle.db, 'Ribeira Walk')
  await handle.db.update(activities).set({ pricingModel: 'fixed', fixedPrice: '30' }).where(eq(activities.id, walk))
})
afterAll(async () => {
  await handle?.close()
})

it('counts the activities of the trip’s itinerary: the traveler in the approved version only, the expert and staff as it stands', async () => {
  expect(await seen()).toEqual({ traveler: 0, expert: 0, admin: 0, specialist: 0 })

  const plan = await createItinerary(as.expert!, { trip_id: tripId })
  const day = (items: unknown[], i = 0) => ({ key: plan.days[i]!.key, date: plan.days[i]!.date, title: `Day ${i + 1}`, items })
  let saved = await saveItinerary(as.expert!, plan.id, { version: 1, days: [day([activity('Ribeira walk'), lunch]), day([activity('Port cellar visit')], 1)] })
  // A draft: the traveler learns nothing of it.
  expect(await seen()).toEqual({ traveler: 0, expert: 2, admin: 2, specialist: 2 })

  await changeItineraryStatus(as.expert!, plan.id, { status: 'review' })
  await changeItineraryStatus(as.specialist!, plan.id, { status: 'approved' })
  expect(await seen()).toEqual({ traveler: 2, expert: 2, admin: 2, specialist: 2 })

  // Reopened and changed: the traveler keeps seeing the approved version.
  await changeItineraryStatus(as.expert!, plan.id, { status: 'draft' })
  saved = await saveItinerary(as.expert!, plan.id, {
    version: saved.version,
    days: [day([activity('Ribeira walk'), activity('Tile workshop'), lunch]), day([activity('Port cellar visit')], 1)],
  })
  expect(await seen()).toEqual({ traveler: 2, expert: 3, admin: 3, specialist: 3 })

  // A second, newer itinerary of the trip counts for those who see it (the most recently modified); the traveler still
  // sees the approved one.
  const second = await createItinerary(as.expert!, { trip_id: tripId, title: 'Porto, the short version' })
  await saveItinerary(as.expert!, second.id, { version: 1, days: [day([activity('Ribeira walk')])] })
  expect(await seen()).toEqual({ traveler: 2, expert: 1, admin: 1, specialist: 1 })

  // The lists agree with the details.
  const [mine, assigned] = await Promise.all([listTrips(as.traveler!, {}, { limit: 10, offset: 0 }), listExpertTrips(as.expert!, {}, { limit: 10, offset: 0 })])
  expect(mine.results.find((t) => t.id === tripId)?.activities_count).toBe(2)
  expect(assigned.results.find((t) => t.id === tripId)?.activities_count).toBe(1)
})
