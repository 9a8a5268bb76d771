import { type Database, rowsOf, sql, type SQL } from '@meridian/db'
import type { ActivityCategory } from '@meridian/validators/activity-constants'
import { ACTIVITY_CATEGORY_LABELS } from '@meridian/validators/activity-constants'
import type { DestinationCategory } from '@meridian/validators/catalogue-constants'
import { RECOMMENDATION_LIMIT } from '@meridian/validators/discovery-constants'
import { requireActor } from '../access.ts'
import { featuredImages } from '../accommodations/featured-images.ts'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { activityPath } from '../wishlist/cards.ts'
import { groupPriceSql, intArray, openActivitySql, textArray } from './activity-sql.ts'
import { convertedSql, pricingContext } from './pricing-context.ts'

/** 2-catalogue-content.md §3 "Recommendation": id, title, reason, confidence 0-1, type, data. */
export interface Recommendation {
  id: string
  title: string
  reason: string
  confidence: number
  type: 'activity' | 'destination'
  data: {
    object_id: number
    url: string
    image: string | null
    location: string
    category: string | null
    /** Per person, in `currency`, for the group of the traveler's quiz; null for destinations. */
    price_per_person: string | null
    currency: string
    /** A promoted destination shown because nothing is known of the traveler yet. */
    promoted: boolean
  }
}

export interface Recommendations {
  /** history: scored from what Meridian knows of the traveler; promoted: the promoted destinations, for someone new. */
  basis: 'history' | 'promoted'
  results: Recommendation[]
}

/** Onboarding quiz travel styles (spec 1 §2) and the activity and destination categories that suit each. */
const STYLE_CATEGORIES: Record<string, ActivityCategory[]> = {
  'Adventure & Exploration': ['adventure', 'nature', 'sports'],
  'Relaxation & Wellness': ['wellness', 'luxury', 'nature'],
  'Culture & History': ['culture', 'education'],
  'Food & Wine': ['culinary', 'nightlife'],
  'Urban & City Life': ['entertainment', 'shopping', 'nightlife', 'culture'],
}
const STYLE_DESTINATIONS: Record<string, DestinationCategory[]> = {
  'Adventure & Exploration': ['adventure'],
  'Relaxation & Wellness': ['beach', 'luxury', 'honeymoon'],
  'Culture & History': ['culture'],
  'Food & Wine': ['culture', 'luxury'],
  'Urban & City Life': ['culture', 'business'],
}
/** The budget bands' upper ends per person, in US dollars; Luxury and "I'm flexible" have none. */
const BUDGET_CAPS: Record<string, string | null> = {
  'Budget-Friendly ($500-1500)': '1500',
  'Comfortable ($1500-3000)': '3000',
  'Premium ($3000-5000)': '5000',
  'Luxury ($5000+)': null,
  "I'm flexible": null,
}
const GROUP_SIZES: Record<string, number> = {
  'Solo traveler': 1,
  Couple: 2,
  'Family with kids': 4,
  'Group of friends': 4,
  'Business/work travel': 1,
}
const bandName = (band: string) => band.replace(/\s*\(.*\)$/, '')

interface Signals {
  style: string | null
  budget: string | null
  cap: string | null
  group: string | null
  travelers: number
  /** Countries the traveler saved, or has trips or stays in, with what makes each one of interest. */
  countries: Map<number, { name: string; why: 'wishlist' | 'trip' }>
  /** Categories of activities the traveler booked or saved. */
  liked: Map<ActivityCategory, 'booked' | 'saved'>
  /** Activities already booked or saved: not recommended again. */
  known: Set<number>
}

async function readSignals(db: Database, userId: number): Promise<Signals> {
  const [quiz, saved, trips, booked] = await Promise.all([
    db.execute(sql`select quiz_data from quiz_submissions where user_id = ${userId} and quiz_type = 'general' order by submitted_at desc, id desc limit 1`),
    db.execute(sql`
      select w.item_type, coalesce(w.country_id, s.country_id, a.country_id) as country_id, c.name as country_name, a.id as activity_id, a.category
        from wishlist_items w
        left join suppliers s on s.id = w.supplier_id
        left join activities a on a.id = w.activity_id
        left join countries c on c.id = coalesce(w.country_id, s.country_id, a.country_id)
       where w.user_id = ${userId} and w.item_type <> 'trip'`),
    db.execute(sql`
      select distinct t.country_id, c.name as country_name from trips t join countries c on c.id = t.country_id
       where t.traveler_id = ${userId} and t.status <> 'cancelled'`),
    db.execute(sql`
      select distinct a.id as activity_id, a.category from bookings b join activities a on a.id = b.activity_id
       where b.traveler_id = ${userId} and b.status <> 'cancelled'`),
  ])
  const answers = (rowsOf<{ quiz_data: Record<string, string> | string }>(quiz)[0]?.quiz_data ?? {}) as Record<string, string> | string
  const data = typeof answers === 'string' ? (JSON.parse(answers) as Record<string, string>) : answers
  const style = data.travel_style && STYLE_CATEGORIES[data.travel_style] ? data.travel_style : null
  const budget = data.budget_range && data.budget_range in BUDGET_CAPS ? data.budget_range : null
  const group = data.group_size && data.group_size in GROUP_SIZES ? data.group_size : null
  const signals: Signals = {
    style,
    budget,
    cap: budget ? BUDGET_CAPS[budget]! : null,
    group,
    travelers: group ? GROUP_SIZES[group]! : 1,
    countries: new Map(),
    liked: new Map(),
    known: new Set(),
  }
  for (const t of rowsOf<{ country_id: number; country_name: string }>(trips)) signals.countries.set(t.country_id, { name: t.country_name, why: 'trip' })
  for (const w of rowsOf<{
    item_type: string
    country_id: number | null
    country_name: string | null
    activity_id: number | null
    category: ActivityCategory | null
  }>(saved)) {
    if (w.country_id !== null && w.country_name && !signals.countries.has(w.country_id))
      signals.countries.set(w.country_id, { name: w.country_name, why: 'wishlist' })
    if (w.activity_id !== null) signals.known.add(w.activity_id)
    if (w.category && !signals.liked.has(w.category)) signals.liked.set(w.category, 'saved')
  }
  for (const b of rowsOf<{ activity_id: number; category: ActivityCategory }>(booked)) {
    signals.known.add(b.activity_id)
    signals.liked.set(b.category, 'booked')
  }
  return signals
}

const hasHistory = (s: Signals) => s.style !== null || s.budget !== null || s.group !== null || s.countries.size > 0 || s.liked.size > 0

/**
 * Recommendations for the signed-in user (docs/discovery.md "Recommendations"), each with a percent match and a
 * one-line reason: activities that suit the travel style of their latest onboarding quiz, are in a country they saved
 * or have a trip to, or are like what they booked or saved; priced for the quiz's group and never above the budget
 * band per person; destinations of their style they have not looked at yet. Nothing inactive, nothing already booked
 * or saved. Someone Meridian knows nothing of gets the promoted destinations, labelled as such.
 */
export async function recommendFor(ctx: ServiceContext): Promise<Recommendations> {
  const actor = requireActor(ctx)
  const db = ctx.db
  // The signals and the rates do not depend on each other: read together.
  const [signals, pricing] = await Promise.all([readSignals(db, actor.id), pricingContext(db, 'USD').catch(() => null)])
  if (!hasHistory(signals)) return { basis: 'promoted', results: await promoted(db) }

  const styleCats = signals.style ? STYLE_CATEGORIES[signals.style]! : []
  const cats = new Set<string>([...styleCats, ...signals.liked.keys()])
  const travelers = signals.travelers
  const perPerson = pricing ? sql`round(${convertedSql(groupPriceSql(travelers), sql`a.currency_id`, pricing)} / ${travelers}, 2)` : sql`null::numeric`
  type Candidate = {
    id: number
    name: string
    category: ActivityCategory
    country_id: number
    place: string
    featured: boolean
    rating: string | null
    per_person: string | null
  }
  // Two bounded reads, each in an index's order and stopped early: the newest activities in the countries of interest,
  // and the newest of the categories of taste; the price per person is worked out for the few rows read.
  const read = (match: SQL, order: SQL, n: number) =>
    db.execute(sql`
      with cand as materialized (
        select a.id from activities a
         where ${sql.join(openActivitySql(travelers), sql` and `)}
           and ${match}
           ${signals.known.size ? sql`and a.id <> all(${intArray(signals.known)})` : sql``}
         order by ${order}
         limit ${n}
      )
      select * from (
        select a.id, a.name, a.category, a.country_id, l.name || ', ' || c.name as place, a.is_featured as featured,
               case when s.total_reviews > 0 then s.rating end as rating, ${perPerson} as per_person
          from cand join activities a on a.id = cand.id
          join locations l on l.id = a.location_id
          join countries c on c.id = a.country_id
          left join suppliers s on s.id = a.supplier_id
      ) x
      where per_person is not null ${signals.cap ? sql`and per_person <= ${signals.cap}::numeric` : sql``}`)
  const styleDestinations = signals.style ? STYLE_DESTINATIONS[signals.style]! : []
  const destinationsRead = styleDestinations.length
    ? db.execute(sql`
        select c.id, c.name, c.continent, c.destination_category as category, c.is_promoted_destination as promoted from countries c
         where c.is_active and c.destination_category = any(${textArray(styleDestinations)})
           ${signals.countries.size ? sql`and c.id <> all(${intArray(signals.countries.keys())})` : sql``}
         order by c.is_promoted_destination desc, c.name limit 10`)
    : Promise.resolve([])
  const [near, taste] = await Promise.all([
    signals.countries.size ? read(sql`a.country_id = any(${intArray(signals.countries.keys())})`, sql`a.created_at desc, a.id desc`, 100) : Promise.resolve([]),
    cats.size ? read(sql`a.category = any(${textArray(cats)})`, sql`a.created_at desc nulls last, a.id desc nulls last`, 200) : Promise.resolve([]),
  ])
  const seen = new Set<number>()
  const rows = [...rowsOf<Candidate>(near), ...rowsOf<Candidate>(taste)].filter((r) => !seen.has(r.id) && seen.add(r.id))

  const results: Recommendation[] = []
  for (const r of rows) {
    const reasons: [number, string][] = []
    if (styleCats.includes(r.category)) reasons.push([0.35, `Suits your ${signals.style} style`])
    const country = signals.countries.get(r.country_id)
    if (country) reasons.push([0.3, country.why === 'trip' ? `In ${country.name}, where your trip goes` : `In ${country.name}, on your wishlist`])
    const liked = signals.liked.get(r.category)
    if (liked && !styleCats.includes(r.category)) reasons.push([0.15, `Like the ${ACTIVITY_CATEGORY_LABELS[r.category].toLowerCase()} activities you ${liked}`])
    if (!reasons.length) continue
    let score = 0.3 + reasons.reduce((sum, [w]) => sum + w, 0)
    if (r.featured) score += 0.05
    if (r.rating !== null && Number(r.rating) >= 4.5) score += 0.05
    if (signals.group === 'Family with kids' && r.category === 'family') score += 0.05
    const budget = signals.budget && signals.cap ? `within your ${bandName(signals.budget)} budget` : ''
    const top = reasons.sort((a, b) => b[0] - a[0])[0]![1]
    results.push({
      id: `activity:${r.id}`,
      title: r.name,
      reason: budget ? `${top}, ${budget}` : top,
      confidence: Math.min(0.98, Math.round(score * 100) / 100),
      type: 'activity',
      data: {
        object_id: r.id,
        url: activityPath(r.id, r.country_id),
        image: null,
        location: r.place,
        category: r.category,
        price_per_person: r.per_person === null ? null : new Dec(r.per_person).toFixed(2),
        currency: 'USD',
        promoted: false,
      },
    })
  }

  const destinationCats = signals.style ? STYLE_DESTINATIONS[signals.style]! : []
  if (destinationCats.length) {
    const places = rowsOf<{ id: number; name: string; continent: string; category: DestinationCategory; promoted: boolean }>(await destinationsRead)
    for (const c of places) {
      results.push(
        destinationRecommendation(c, `A destination for your ${signals.style} style`, Math.round((0.3 + 0.35 + (c.promoted ? 0.05 : 0)) * 100) / 100, false),
      )
    }
  }

  const best = results.sort((a, b) => b.confidence - a.confidence || a.title.localeCompare(b.title)).slice(0, RECOMMENDATION_LIMIT)
  if (!best.length) return { basis: 'promoted', results: await promoted(db) }
  await withImages(db, best)
  return { basis: 'history', results: best }
}

function destinationRecommendation(
  c: { id: number; name: string; continent: string; category: string | null },
  reason: string,
  confidence: number,
  promoted: boolean,
): Recommendation {
  return {
    id: `destination:${c.id}`,
    title: c.name,
    reason,
    confidence,
    type: 'destination',
    data: {
      object_id: c.id,
      url: `/dashboard/destinations/${c.id}`,
      image: null,
      location: c.continent,
      category: c.category,
      price_per_person: null,
      currency: 'USD',
      promoted,
    },
  }
}

async function promoted(db: Database): Promise<Recommendation[]> {
  const rows = rowsOf<{ id: number; name: string; continent: string; category: string | null; why: string }>(
    await db.execute(sql`
      select id, name, continent, destination_category as category, why_visit as why from countries
       where is_active and is_promoted_destination order by name limit ${RECOMMENDATION_LIMIT}`),
  )
  const results = rows.map((c) =>
    destinationRecommendation(c, 'Promoted destination: take the onboarding quiz or save what you like for picks of your own', 0, true),
  )
  await withImages(db, results)
  return results
}

async function withImages(db: Database, results: Recommendation[]) {
  const [activityImages, countryImages] = await Promise.all([
    featuredImages(
      db,
      'core.activity',
      results.filter((r) => r.type === 'activity').map((r) => r.data.object_id),
    ),
    featuredImages(
      db,
      'core.country',
      results.filter((r) => r.type === 'destination').map((r) => r.data.object_id),
    ),
  ])
  for (const r of results) r.data.image = (r.type === 'activity' ? activityImages : countryImages).get(r.data.object_id) ?? null
}
