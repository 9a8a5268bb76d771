import { type DatabaseHandle, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarFeed, replaceCalendarSubscription } from '../calendar/feed.ts'
import type { ServiceContext } from '../context.ts'
import { exportItinerary } from '../itineraries/export.ts'
import { createItinerary, getItinerary, saveItinerary } from '../itineraries/itineraries.ts'
import { changeItineraryStatus } from '../itineraries/versions.ts'
import { addPartyMember, listTripParty, PARTY_MESSAGES, removePartyMember } from './party.ts'
import { domainErrorOf, tripTestBed } from './test-bed.ts'

/* A trip's party and items for some of them (docs/traveler-app.md "Per traveler"). */

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let tripId: number

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  const [trip] = await handle.db
    .insert(trips)
    .values({
      title: 'Oaxaca with the family',
      startDate: '2030-08-01',
      endDate: '2030-08-02',
      travelers: 3,
      travelerId: bed.userId('traveler'),
      expertId: bed.userId('expert'),
    })
    .returning()
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: bed.userId('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('a trip’s party', () => {
  it('is named by the traveler and the expert, read by whoever sees the trip, and refused to others', async () => {
    const ana = await addPartyMember(as.traveler!, tripId, { name: '  Ana  ' })
    expect(ana).toEqual({ id: ana.id, name: 'Ana' })
    await addPartyMember(as.expert!, tripId, { name: 'Leo' })
    expect((await listTripParty(as.specialist!, tripId)).map((m) => m.name)).toEqual(['Ana', 'Leo'])
    expect((await domainErrorOf(addPartyMember(as.traveler!, tripId, { name: 'ana' }))).fields).toEqual({ name: [PARTY_MESSAGES.taken] })
    expect((await domainErrorOf(addPartyMember(as.traveler!, tripId, { name: 'x'.repeat(101) }))).fields).toEqual({ name: [PARTY_MESSAGES.name] })
    expect((await domainErrorOf(addPartyMember(as.traveler!, tripId, {}))).fields).toEqual({ name: ['This field is required.'] })
    // The specialist reads every trip but keeps no party; another traveler does not see the trip at all.
    expect((await domainErrorOf(addPartyMember(as.specialist!, tripId, { name: 'Mia' }))).code).toBe('forbidden')
    expect((await domainErrorOf(listTripParty(as.other!, tripId))).code).toBe('not_found')
    expect((await domainErrorOf(removePartyMember(as.other!, ana.id))).code).toBe('not_found')
  })

  it('lets an item be for some of them: in the plan, in the calendar (their names, and each one’s own), and gone with them', async () => {
    const [ana, leo] = await listTripParty(as.traveler!, tripId)
    const mia = await addPartyMember(as.traveler!, tripId, { name: 'Mia' })
    const plan = await createItinerary(as.expert!, { trip_id: tripId, title: 'Oaxaca' })
    const items = [
      { key: 'cooking', type: 'free_time', title: 'Cooking class', start_time: '10:00', party: [leo!.id, ana!.id] },
      { key: 'market', type: 'free_time', title: 'Market walk', start_time: '16:00' },
      { key: 'mezcal', type: 'free_time', title: 'Mezcal tasting', start_time: '19:00', party: [mia.id] },
    ]
    // Someone of another trip's party (or nobody's) is refused on the item.
    const refused = await domainErrorOf(
      saveItinerary(as.expert!, plan.id, {
        version: 1,
        days: [{ key: plan.days[0]!.key, date: '2030-08-01', title: 'Day 1', items: [{ ...items[0], party: [999_999] }] }],
      }),
    )
    expect(refused.fields).toEqual({ 'days.0.items.0.party': ['Choose people of this trip’s party.'] })
    await saveItinerary(as.expert!, plan.id, { version: 1, days: [{ key: plan.days[0]!.key, date: '2030-08-01', title: 'Day 1', items }] })
    const saved = await getItinerary(as.expert!, plan.id)
    expect(saved.days[0]!.items.map((i) => i.party)).toEqual([[ana!.id, leo!.id].sort((a, b) => a - b), [], [mia.id]])
    await changeItineraryStatus(as.expert!, plan.id, { status: 'review' })
    await changeItineraryStatus(as.specialist!, plan.id, { status: 'approved', version: saved.version })

    const ics = String((await exportItinerary(as.traveler!, plan.id, { format: 'ics', version: 'approved' })).body)
    expect(ics).toContain('SUMMARY:Ana and Leo: Cooking class')
    expect(ics).toContain('SUMMARY:Market walk')
    const url = (await replaceCalendarSubscription(as.traveler!)).url!
    const token = /feed\/([^/]+)\//.exec(url)![1]!
    const all = (await calendarFeed(handle.db, token)).body
    expect(all).toContain('SUMMARY:Mia: Mezcal tasting')
    // Ana's own calendar: what is for everyone and for her, not Mia's tasting.
    const hers = (await calendarFeed(handle.db, token, null, String(ana!.id))).body
    expect(hers).toContain('SUMMARY:Ana and Leo: Cooking class')
    expect(hers).toContain('SUMMARY:Market walk')
    expect(hers).not.toContain('Mezcal tasting')

    // Leo leaves: the cooking class is Ana's; the saved plan forgets him.
    await removePartyMember(as.traveler!, leo!.id)
    expect((await getItinerary(as.expert!, plan.id)).days[0]!.items[0]!.party).toEqual([ana!.id])
    expect((await domainErrorOf(removePartyMember(as.traveler!, leo!.id))).code).toBe('not_found')
  })
})
