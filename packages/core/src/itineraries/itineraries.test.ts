import { activities, conversionRates, currencies, type DatabaseHandle, eq, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import type { ServiceContext } from '../context.ts'
import { insertTestActivity } from '../activities/test-helpers.ts'
import { createItinerary, getItinerary, saveItinerary } from './itineraries.ts'
import { itineraryLibrary } from './library.ts'
import { listItineraries } from './list.ts'
import { transferCost } from './pricing.ts'
import { changeItineraryStatus, compareItineraryVersions, listItineraryVersions, restoreItineraryVersion } from './versions.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let tripId: number

const meal = (title: string, price: string, currency = 'USD') => ({ type: 'meal', title, unit_price: price, currency, duration_minutes: 90 })

const errorOf = domainErrorOf

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  const id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Kyoto, Japan · Apr 3 – Apr 5, 2030', startDate: '2030-04-03', endDate: '2030-04-05', travelers: 2, budgetTotal: '300', travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
  // 1 EUR = 1.10 USD, in force since 2020.
  const code = async (c: string) => (await handle.db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, c)))[0]!.id
  await handle.db.insert(conversionRates).values({ fromCurrencyId: await code('EUR'), toCurrencyId: await code('USD'), rate: '1.1', effectiveDate: '2020-01-01' })
})
afterAll(async () => {
  await handle?.close()
})

describe('itineraries', () => {
  it('starts a draft for the trip with a day per date; the traveler does not see it before approval', async () => {
    const it1 = await createItinerary(as.expert!, { trip_id: tripId })
    expect(it1).toMatchObject({ status: 'draft', version: 1, total_days: 3, travelers: { adults: 2, children: 0, infants: 0 }, budget: { total: '300.00', currency: 'USD' } })
    expect(it1.days.map((d) => [d.date, d.title])).toEqual([
      ['2030-04-03', 'Day 1'],
      ['2030-04-04', 'Day 2'],
      ['2030-04-05', 'Day 3'],
    ])
    expect((await errorOf(getItinerary(as.traveler!, it1.id))).code).toBe('not_found')
    expect((await errorOf(getItinerary(as.other!, it1.id))).code).toBe('not_found')
    expect((await errorOf(createItinerary(as.traveler!, { trip_id: tripId }))).code).toBe('forbidden')
  })

  it('prices and converts every item, totals each day and the trip exactly, and warns over budget', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    const saved = await saveItinerary(as.expert!, start.id, {
      version: 1,
      days: [
        { key: start.days[0]!.key, date: '2030-04-03', title: 'Arrival', items: [meal('Kaiseki dinner', '120.00'), meal('Tea house', '10.10', 'EUR')] },
        { date: '2030-04-04', title: 'Temples', items: [{ type: 'accommodation', title: 'Ryokan', unit_price: '95.50', currency: 'USD', nights: 2 }] },
      ],
    })
    expect(saved.version).toBe(2)
    const [dinner, tea] = saved.days[0]!.items
    expect(dinner!.details).toMatchObject({ cost: '120.0000', currency: 'USD', converted_cost: '120.0000' })
    // 10.10 EUR at 1.10, no margin: 11.11 USD.
    expect(tea!.details).toMatchObject({ cost: '10.1000', currency: 'EUR', converted_cost: '11.1100' })
    expect(tea!.pricing).toMatchObject({ source: 'entered', path: 'direct' })
    expect(saved.days.map((d) => d.total_cost)).toEqual(['131.11', '191.00'])
    expect(saved.total_cost).toBe('322.11')
    expect(saved.budget.breakdown).toEqual({ accommodation: '191.00', activities: '0.00', meals: '131.11', transport: '0.00' })
    expect(saved.over_budget).toBe('22.11')
    expect(saved.days[0]!.key).toBe(start.days[0]!.key)
  })

  it('answers a stale save with 409 and keeps the first one', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    const day = { date: '2030-04-03', title: 'Day 1' }
    await saveItinerary(as.expert!, start.id, { version: 1, days: [{ ...day, items: [meal('First', '1.00')] }] })
    const stale = await errorOf(saveItinerary(as.admin!, start.id, { version: 1, days: [{ ...day, items: [meal('Second', '2.00')] }] }))
    expect(stale.code).toBe('conflict')
    expect(stale.message).toContain('version 2')
    const now = await getItinerary(as.expert!, start.id)
    expect(now.version).toBe(2)
    expect(now.days[0]!.items.map((i) => i.title)).toEqual(['First'])
  })

  it('keeps unchanged items as they were, moves an item off a day that goes, and gives a repeated key a new one', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    const [d1, d2] = start.days
    const v2 = await saveItinerary(as.expert!, start.id, {
      version: 1,
      days: [
        { key: d1!.key, date: d1!.date, title: 'Day 1', items: [{ ...meal('Breakfast', '12.00'), key: 'bfast' }] },
        { key: d2!.key, date: d2!.date, title: 'Day 2', items: [{ ...meal('Dinner', '40.00'), key: 'dinner' }] },
      ],
    })
    const ids = new Map(v2.days.flatMap((d) => d.items).map((i) => [i.key, i.id]))
    // Day 2 goes; its dinner moves to day 1, before breakfast; a copy of breakfast comes with the same key.
    const v3 = await saveItinerary(as.expert!, start.id, {
      version: v2.version,
      days: [
        {
          key: d1!.key,
          date: d1!.date,
          title: 'Day 1',
          items: [{ ...meal('Dinner', '40.00'), key: 'dinner' }, { ...meal('Breakfast', '12.00'), key: 'bfast' }, { ...meal('Brunch', '20.00'), key: 'bfast' }],
        },
      ],
    })
    const now = await getItinerary(as.expert!, start.id)
    expect(now).toEqual({ ...v3, last_modified: now.last_modified })
    expect(now.days).toHaveLength(1)
    const items = now.days[0]!.items
    expect(items.map((i) => i.title)).toEqual(['Dinner', 'Breakfast', 'Brunch'])
    expect(items[0]!.id).toBe(ids.get('dinner'))
    expect(items[1]!.id).toBe(ids.get('bfast'))
    expect(items[2]!.key).not.toBe('bfast')
    expect(now.total_cost).toBe('72.00')
    expect((await listItineraryVersions(as.expert!, start.id))[0]!.summary).toBe('1 day removed, 1 item added, 2 items moved')
  })

  it('names the item and field of a price it cannot find', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    const error = await errorOf(
      saveItinerary(as.expert!, start.id, {
        version: 1,
        days: [{ date: '2030-04-03', title: 'Day 1', items: [{ type: 'activity', title: 'Walk' }, meal('Lunch', '9.00', 'XAF'), meal('Snack', '3.00', null as never)] }],
      }),
    )
    expect(error.fields).toEqual({
      'days.0.items.0.activity_id': ['An activity item needs an activity from the catalogue.'],
      'days.0.items.1.currency': ['"XAF" is not an active currency.'],
      'days.0.items.2.currency': ['Enter the currency of this price.'],
    })
    expect((await getItinerary(as.expert!, start.id)).version).toBe(1)
  })
})

describe('transfer prices', () => {
  it('prices per person with child and infant prices, else per vehicle or trip', () => {
    const t = { adults: 2, children: 1, infants: 1 }
    expect(transferCost({ currency: 'USD', per: 'person', adult: 100, child: '50.50', infant: 0 }, t)).toBe('250.50')
    expect(transferCost({ currency: 'USD', per: 'person', adult: 100 }, t)).toBe('300.00')
    expect(transferCost({ currency: 'USD', per: 'vehicle', vehicle: 1200 }, t)).toBe('1200.00')
    expect(transferCost({}, t)).toBeNull()
  })
})

describe('versions and status', () => {
  it('lists versions with what changed, compares two, restores one as a new version', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    const [d1, d2] = start.days
    const v2 = await saveItinerary(as.expert!, start.id, {
      version: 1,
      days: [
        { key: d1!.key, date: d1!.date, title: 'Day 1', items: [{ ...meal('Breakfast', '12.00'), key: 'bfast' }, { ...meal('Dinner', '40.00'), key: 'dinner' }] },
        { key: d2!.key, date: d2!.date, title: 'Day 2', items: [] },
      ],
    })
    // Dinner moves to day 2 and costs more; breakfast goes; a walk is added.
    await saveItinerary(as.expert!, start.id, {
      version: v2.version,
      days: [
        { key: d1!.key, date: d1!.date, title: 'Day 1', items: [{ type: 'free_time', title: 'Walk', key: 'walk', duration_minutes: 60 }] },
        { key: d2!.key, date: d2!.date, title: 'Day 2', items: [{ ...meal('Dinner', '45.00'), key: 'dinner' }] },
      ],
    })
    const versions = await listItineraryVersions(as.expert!, start.id)
    expect(versions.map((x) => [x.version, x.summary, x.current])).toEqual([
      [3, '1 item added, 1 item removed, 1 item moved, 1 item re-priced', true],
      [2, '1 day removed, 2 items added', false],
      [1, 'Created', false],
    ])
    expect(versions[0]!.created_by).toMatchObject({ name: 'Elena Costa' })
    const diff = await compareItineraryVersions(as.specialist!, start.id, { from: '2', to: '3' })
    expect(diff.changes).toMatchObject({
      items_added: [{ key: 'walk', title: 'Walk', day: 'Day 1' }],
      items_removed: [{ key: 'bfast', title: 'Breakfast' }],
      items_moved: [{ key: 'dinner', from: 'Day 1', to: 'Day 2' }],
      items_repriced: [{ key: 'dinner', from: '40.0000', to: '45.0000' }],
    })
    expect(diff.totals).toEqual({ from: '52.00', to: '45.00' })

    // Restoring version 2 makes version 4 with version 2's items; a stale restore answers 409.
    expect((await errorOf(restoreItineraryVersion(as.expert!, start.id, { version: 2, based_on: 2 }))).code).toBe('conflict')
    const restored = await restoreItineraryVersion(as.expert!, start.id, { version: 2, based_on: 3 })
    expect(restored.version).toBe(4)
    expect(restored.days[0]!.items.map((i) => i.title)).toEqual(['Breakfast', 'Dinner'])
    expect(restored.total_cost).toBe('52.00')
    expect((await listItineraryVersions(as.expert!, start.id))[0]!.summary).toBe('Restored version 2')
    expect((await errorOf(compareItineraryVersions(as.expert!, start.id, { from: 2, to: 99 }))).code).toBe('not_found')
  })

  it('goes draft → review → approved; the traveler then reads the approved version only, read-only', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    await saveItinerary(as.expert!, start.id, { version: 1, days: [{ date: '2030-04-03', title: 'Day 1', items: [meal('Sushi', '30.00')] }] })
    expect((await errorOf(changeItineraryStatus(as.expert!, start.id, { status: 'approved', version: 2 }))).code).toBe('conflict')
    expect((await changeItineraryStatus(as.expert!, start.id, { status: 'review' })).status).toBe('review')
    expect((await errorOf(changeItineraryStatus(as.expert!, start.id, { status: 'approved', version: 2 }))).code).toBe('forbidden')
    const before = Date.now()
    const approved = await changeItineraryStatus(as.specialist!, start.id, { status: 'approved', version: 2 })
    expect(approved).toMatchObject({ status: 'approved', approved_version: 2, approved_by: as.specialist!.actor!.id })
    expect(Date.parse(approved.approved_at!)).toBeGreaterThanOrEqual(before - 1000)

    // The expert reopens it and saves more, with a new title; the traveler still sees version 2's plan, with what
    // describes the itinerary now: approved, its title, who approved it and when.
    await changeItineraryStatus(as.expert!, start.id, { status: 'draft' })
    await saveItinerary(as.expert!, start.id, {
      version: 2,
      fields: { title: 'Tokyo, renamed' },
      days: [{ date: '2030-04-03', title: 'Day 1', items: [meal('Sushi', '30.00'), meal('Ramen', '15.00')] }],
    })
    const seen = await getItinerary(as.traveler!, start.id)
    // Version 2 was saved as a draft; the traveler reads it as what it is now, the approved plan.
    expect(seen).toMatchObject({
      version: 2,
      status: 'approved',
      title: 'Tokyo, renamed',
      approved_version: 2,
      approved_by: as.specialist!.actor!.id,
      approved_at: approved.approved_at,
      can: { save: false, approve: false },
    })
    expect((await getItinerary(as.expert!, start.id, { version: 2 })).status).toBe('draft')
    // The traveler's list says the same as the read.
    const listed = (await listItineraries(as.traveler!, { trip: String(tripId) }, { limit: 50 })).results.find((r) => r.id === start.id)
    expect(listed).toMatchObject({ status: 'approved', title: 'Tokyo, renamed', version: 2 })
    expect(seen.days[0]!.items.map((i) => i.title)).toEqual(['Sushi'])
    expect((await errorOf(getItinerary(as.traveler!, start.id, { version: 3 }))).code).toBe('not_found')
    expect(await getItinerary(as.traveler!, start.id, { version: 2 })).toMatchObject({ status: 'approved', days: [{ items: [{ title: 'Sushi' }] }] })
    expect((await errorOf(saveItinerary(as.traveler!, start.id, { version: 3, days: [{ date: '2030-04-03', title: 'x' }] }))).code).toBe('forbidden')
    expect((await errorOf(getItinerary(as.other!, start.id))).code).toBe('not_found')
  })

  it('approves the version the specialist read: one saved since answers 409 and changes nothing', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    await saveItinerary(as.expert!, start.id, { version: 1, days: [{ date: '2030-04-03', title: 'Day 1', items: [meal('Sushi', '30.00')] }] })
    await changeItineraryStatus(as.expert!, start.id, { status: 'review' })
    const read = await getItinerary(as.specialist!, start.id)
    expect(read).toMatchObject({ status: 'review', version: 2, total_cost: '30.00' })

    // The expert saves again while it is in review: version 3 adds a 9,999.00 dinner.
    await saveItinerary(as.expert!, start.id, { version: 2, days: [{ date: '2030-04-03', title: 'Day 1', items: [meal('Sushi', '30.00'), meal('Dinner', '9999.00')] }] })
    const stale = await errorOf(changeItineraryStatus(as.specialist!, start.id, { status: 'approved', version: read.version }))
    expect(stale.code).toBe('conflict')
    expect(stale.message).toBe('Version 3 was saved after you opened version 2. Review it before approving.')
    expect(await getItinerary(as.specialist!, start.id)).toMatchObject({ status: 'review', version: 3, approved_version: null })
    expect((await errorOf(getItinerary(as.traveler!, start.id))).code).toBe('not_found')

    // An approval names its version; one that does not exist is not found.
    expect((await errorOf(changeItineraryStatus(as.specialist!, start.id, { status: 'approved' }))).fields).toEqual({ version: ['This field is required.'] })
    expect((await errorOf(changeItineraryStatus(as.specialist!, start.id, { status: 'approved', version: 'x' }))).fields).toEqual({ version: ['Enter a version number.'] })
    expect((await errorOf(changeItineraryStatus(as.specialist!, start.id, { status: 'approved', version: 4 }))).code).toBe('not_found')
    expect((await getItinerary(as.specialist!, start.id)).status).toBe('review')

    // Naming the version it now shows, the specialist approves it: the traveler reads and books that one.
    const approved = await changeItineraryStatus(as.specialist!, start.id, { status: 'approved', version: '3' })
    expect(approved).toMatchObject({ status: 'approved', version: 3, approved_version: 3 })
    expect((await getItinerary(as.traveler!, start.id)).total_cost).toBe('10029.00')
  })

  it('refuses any status move naming a version other than the current one', async () => {
    const start = await createItinerary(as.expert!, { trip_id: tripId })
    await saveItinerary(as.expert!, start.id, { version: 1, days: [{ date: '2030-04-03', title: 'Day 1', items: [meal('Tea', '5.00')] }] })
    const stale = await errorOf(changeItineraryStatus(as.expert!, start.id, { status: 'review', version: 1 }))
    expect(stale).toMatchObject({ code: 'conflict', message: 'This itinerary was saved by someone else (version 2) since you opened version 1.' })
    expect((await getItinerary(as.expert!, start.id)).status).toBe('draft')
    // Without a version, the moves other than approval go on as before.
    expect((await changeItineraryStatus(as.expert!, start.id, { status: 'review' })).status).toBe('review')
    expect((await changeItineraryStatus(as.specialist!, start.id, { status: 'draft' })).status).toBe('draft')
  })
})

describe('the Activity Library', () => {
  it('lists active activities priced for the travelers in the itinerary currency, says why one cannot be priced, and is for editors only', async () => {
    const cruise = await insertTestActivity(handle.db, 'Library Harbour Cruise')
    await handle.db.update(activities).set({ pricingModel: 'fixed', fixedPrice: '45.50', durationHours: '3', category: 'culture' }).where(eq(activities.id, cruise))
    const tiered = await insertTestActivity(handle.db, 'Library Tierless Walk')
    await handle.db.update(activities).set({ pricingModel: 'tiered', fixedPrice: null }).where(eq(activities.id, tiered))
    const hidden = await insertTestActivity(handle.db, 'Library Closed Museum')
    await handle.db.update(activities).set({ isActive: false }).where(eq(activities.id, hidden))
    const start = await createItinerary(as.expert!, { trip_id: tripId })

    const lib = await itineraryLibrary(as.expert!, start.id, { search: 'library' })
    expect(lib.results.map((a) => a.name).sort()).toEqual(['Library Harbour Cruise', 'Library Tierless Walk'])
    expect(lib.results.find((a) => a.id === cruise)).toMatchObject({ estimated_cost: '45.50', currency: 'USD', converted_cost: '45.50', default_duration: 180, problem: null })
    const walk = lib.results.find((a) => a.id === tiered)!
    expect(walk.converted_cost).toBeNull()
    expect(walk.problem).toEqual(expect.any(String))
    expect((await itineraryLibrary(as.expert!, start.id, { search: 'library', category: 'culture' })).results.map((a) => a.id)).toEqual([cruise])
    expect((await itineraryLibrary(as.expert!, start.id, { search: 'zzzq' })).results).toEqual([])
    expect((await errorOf(itineraryLibrary(as.traveler!, start.id, {}))).code).toBe('forbidden')
    expect((await errorOf(itineraryLibrary(as.expert!, start.id, { category: 'nope' }))).fields).toHaveProperty('category')
  })
})
