import { activities, and, asc, countries, currencies, type Database, eq, inArray, itineraries, locations, sql, transfers, trips, users } from '@meridian/db'
import { loadActor } from '../auth/load-actor.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DEMO_TRIP_LABEL } from '../trips/seed-trips.ts'
import { createItinerary, saveItinerary } from './itineraries.ts'
import { type DemoPlan, minutes, planFor, restDay } from './seed-itinerary-plans.ts'
import { addPartyMember } from '../trips/party.ts'
import { changeItineraryStatus } from './versions.ts'

const LABEL = DEMO_TRIP_LABEL
const CURRENCY = 'USD'

/** The catalogue activities of a plan in the trip's country: found by name, or made in its city (labelled). */
async function planActivities(db: Database, plan: DemoPlan, countryId: number, locationId: number): Promise<number[]> {
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, CURRENCY))
  const names = plan.activities.map((a) => a.name)
  const found = await db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(and(eq(activities.countryId, countryId), inArray(activities.name, names), eq(activities.isActive, true)))
  const missing = plan.activities.filter((a) => !found.some((f) => f.name === a.name))
  const made = missing.length
    ? await db
        .insert(activities)
        .values(
          missing.map((a) => ({
            name: a.name,
            description: `${LABEL} ${a.name}, with a local guide.`,
            category: a.category,
            pricingModel: 'fixed' as const,
            fixedPrice: a.price.toFixed(2),
            currencyId: usd!.id,
            durationHours: String(a.hours),
            supplierName: 'Demo local guides',
            countryId,
            locationId,
          })),
        )
        .returning({ id: activities.id, name: activities.name })
    : []
  return names.map((n) => [...found, ...made].find((a) => a.name === n)!.id)
}

/**
 * The saved days of a plan as saveItinerary takes them: `upTo` days filled, the rest left free. Items keep the keys
 * `before` gave them (by place), so the next version is compared item by item; `rate` scales the nightly prices.
 */
function daysOf(
  plan: DemoPlan,
  before: { days: { key: string; date: string; items?: { key: string }[] }[] },
  ids: { activities: number[]; transfer: number | null },
  upTo: number,
  rate = 1,
  party: Map<string, number> = new Map(),
) {
  return before.days.map((d, i) => {
    const day = i < plan.days.length ? plan.days[i]! : restDay(`Day ${i + 1}: at leisure`)
    // Without a catalogue transfer the day has no transport item.
    const items = (i < upTo ? day.items : []).filter((item) => !('type' in item && item.type === 'transfer' && ids.transfer === null))
    return {
      key: d.key,
      date: d.date,
      title: day.title,
      theme: day.theme,
      items: items.map((item, j): Record<string, unknown> => {
        const time = {
          key: d.items?.[j]?.key,
          start_time: item.at[0],
          end_time: item.at[1],
          duration_minutes: minutes(item.at),
          ...(item.option ? { option_group: item.option, recommended: item.recommended ?? false } : {}),
          ...(item.party ? { party: item.party.map((name) => party.get(name)).filter((id) => id !== undefined) } : {}),
        }
        if ('activity' in item) {
          const a = plan.activities[item.activity]!
          return { type: 'activity', title: a.name, activity_id: ids.activities[item.activity]!, booking_required: true, status: 'confirmed', ...time }
        }
        if (item.type === 'transfer') return { type: 'transport', title: 'Airport transfer to the hotel', transfer_id: ids.transfer, ...time }
        const price =
          item.price === undefined ? {} : { unit_price: (item.type === 'accommodation' ? item.price * rate : item.price).toFixed(2), currency: CURRENCY }
        return { type: item.type, title: item.title, ...('nights' in item ? { nights: item.nights } : {}), ...price, ...time }
      }),
    }
  })
}

/**
 * Demo itineraries on the demo expert's accepted demo trips (seedDemoTrips): the first open one (by start date) gets a
 * plan sent for review and approved by the demo specialist, so the demo traveler sees it on their trip; the next a
 * draft saved three times, so its versions have a history. Made through the services (createItinerary, saveItinerary,
 * changeItineraryStatus) as those people, so prices and versions are real. Activities come from the catalogue in the
 * trip's country (made there, labelled, when missing); a catalogue transfer from that country when one exists.
 * Descriptions and version summaries say they are demo data. Trips that already have an itinerary are left alone, so
 * running it again adds nothing; without the demo expert or an accepted demo trip nothing happens. The itineraries added.
 */
export async function seedDemoItineraries(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['expert', 'specialist', 'admin']))
  const idOf = (name: string) => people.find((p) => p.username === name)?.id
  const expertId = idOf('expert')
  const [usd] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.code, CURRENCY), eq(currencies.isActive, true)))
  if (!expertId || !usd) return 0
  const open = await db
    .select({ id: trips.id, countryId: trips.countryId, locationId: trips.locationId, country: countries.name, city: locations.name })
    .from(trips)
    .leftJoin(countries, eq(countries.id, trips.countryId))
    .leftJoin(locations, eq(locations.id, trips.locationId))
    .where(
      and(
        eq(trips.expertId, expertId),
        inArray(trips.status, ['planning', 'booked', 'active']),
        sql`${trips.description} like ${`${LABEL}%`}`,
        sql`exists (select 1 from trip_assignments a where a.trip_id = ${trips.id} and a.expert_id = ${expertId} and a.status = 'accepted')`,
      ),
    )
    .orderBy(asc(trips.startDate), asc(trips.id))
    .limit(2)
  const planned = open.length
    ? await db
        .select({ tripId: itineraries.tripId })
        .from(itineraries)
        .where(
          inArray(
            itineraries.tripId,
            open.map((t) => t.id),
          ),
        )
    : []
  const as = (id: number | undefined) => seedContext(db, id)
  const expert = (await as(expertId))!
  const approver = (await as(idOf('specialist'))) ?? (await as(idOf('admin')))
  let added = 0
  for (const [index, trip] of open.entries()) {
    if (planned.some((p) => p.tripId === trip.id) || trip.countryId === null) continue
    const place = trip.city ?? trip.country ?? 'the city'
    const plan = planFor(trip.country, place)
    const locationId = trip.locationId ?? (await anyLocation(db, trip.countryId))
    if (locationId === null) continue
    const activityIds = await planActivities(db, plan, trip.countryId, locationId)
    const [transfer] = await db
      .select({ id: transfers.id })
      .from(transfers)
      .where(
        and(
          eq(transfers.isActive, true),
          eq(transfers.fromCountryId, trip.countryId),
          sql`coalesce(${transfers.pricing} ->> 'currency', ${CURRENCY}) = ${CURRENCY}`,
        ),
      )
      .orderBy(asc(transfers.id))
      .limit(1)
    const ids = { activities: activityIds, transfer: transfer?.id ?? null }
    const created = await createItinerary(expert, { trip_id: trip.id, title: plan.title, currency: CURRENCY })
    const fields = { description: `${LABEL} ${plan.story}`, preferences: { pace: 'relaxed', interests: ['culture', 'food'], accessibility: [], dietary: [] } }
    if (index === 0) {
      // The party the plan names: items for some of them read "Camille and Inès: …".
      const names = [...new Set(plan.days.flatMap((d) => d.items.flatMap((i) => i.party ?? [])))]
      const party = new Map<string, number>()
      for (const name of names) party.set(name, (await addPartyMember(expert, trip.id, { name })).id)
      // Planned, sent for review and approved: what the traveler sees.
      const full = await saveItinerary(expert, created.id, {
        version: 1,
        fields,
        days: daysOf(plan, created, ids, plan.days.length, 1, party),
        summary: `${LABEL} the full plan`,
      })
      await changeItineraryStatus(expert, created.id, { status: 'review' })
      if (approver) await changeItineraryStatus(approver, created.id, { status: 'approved', version: full.version })
    } else {
      // A draft in progress: the first days, then the rest (three versions in all).
      const first = await saveItinerary(expert, created.id, { version: 1, fields, days: daysOf(plan, created, ids, 2), summary: `${LABEL} the first two days` })
      // The rest of the trip, and a better rate for the hotel (a re-priced item in the comparison).
      await saveItinerary(expert, created.id, {
        version: first.version,
        days: daysOf(plan, first, ids, plan.days.length, 0.9),
        summary: `${LABEL} the rest of the trip; a better hotel rate`,
      })
    }
    added++
  }
  return added
}

/** A context acting as this user, for the demo seeds: the services read only the database and the actor. */
export async function seedContext(db: Database, id: number | undefined): Promise<ServiceContext | null> {
  const actor: Actor | null = id ? await loadActor(db, id) : null
  return actor ? ({ db, actor, request: { ipAddress: '', userAgent: 'seed' } } as unknown as ServiceContext) : null
}

async function anyLocation(db: Database, countryId: number): Promise<number | null> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.countryId, countryId)).orderBy(asc(locations.id)).limit(1)
  return row?.id ?? null
}
