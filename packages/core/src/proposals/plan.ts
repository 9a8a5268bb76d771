/**
 * A round's plan: the approved version of the itinerary priced again on the day it is sent (the catalogue's prices and
 * the rates in force then), with each activity's photos. Once stored it never changes: what the traveler reads and
 * accepts is this plan, whatever happens to the catalogue, the rates or the margin afterwards.
 */
import { and, asc, type Database, eq, inArray, mediaItems, ne } from '@meridian/db'
import { BREAKDOWN_OF, type ItemType, ItineraryItemInput, recommendedChoices, slotsOf, proposalTotals } from '@meridian/validators'
import * as v from 'valibot'
import { settingsRow } from '../currencies/settings.ts'
import type { ItineraryDto, ItineraryItemDto } from '../itineraries/serialize.ts'
import { participantsOf, priceItems } from '../itineraries/pricing.ts'
import { mediaFileUrl } from '../media/serialize-media.ts'

export interface PlanPhoto {
  url: string
  thumbnail: string | null
}
export interface PlanItem extends ItineraryItemDto {
  photos: PlanPhoto[]
}
export interface PlanDay {
  key: string
  date: string
  title: string
  description: string
  theme: string
  items: PlanItem[]
}
export interface Plan {
  title: string
  description: string
  destination: string
  start_date: string
  end_date: string
  travelers: { adults: number; children: number; infants: number }
  currency: string
  /** The currency settings' decimal places when it was priced. */
  places: number
  /** The day it was priced (UTC). */
  priced_on: string
  days: PlanDay[]
}

const PHOTOS_PER_ITEM = 3

/** Who pays: adults and children (infants travel free), at least one. */
export const payersOf = (plan: Pick<Plan, 'travelers'>) => participantsOf(plan.travelers)

/** The plan's total on its recommended options. */
export const planTotal = (plan: Plan) => proposalTotals(plan.days, recommendedChoices(slotsOf(plan.days)), payersOf(plan), plan.places).total

/** The photos of each activity named, up to three each, in display order (stable media paths). */
async function activityPhotos(db: Database, ids: number[]): Promise<Map<number, PlanPhoto[]>> {
  const out = new Map<number, PlanPhoto[]>()
  if (!ids.length) return out
  const rows = await db
    .select({ id: mediaItems.id, version: mediaItems.version, variants: mediaItems.variants, objectId: mediaItems.objectId })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.contentType, 'core.activity'),
        inArray(mediaItems.objectId, ids),
        eq(mediaItems.mediaType, 'photo'),
        ne(mediaItems.status, 'uploading'),
      ),
    )
    .orderBy(asc(mediaItems.displayOrder), asc(mediaItems.id))
  for (const row of rows) {
    const list = out.get(row.objectId!) ?? []
    if (list.length >= PHOTOS_PER_ITEM) continue
    const variant = row.variants.preview ? 'preview' : row.variants.original ? 'original' : null
    if (!variant) continue
    const thumb = row.variants.thumbnail_medium ? 'thumbnail_medium' : row.variants.thumbnail_small ? 'thumbnail_small' : null
    list.push({ url: mediaFileUrl(row, variant), thumbnail: thumb ? mediaFileUrl(row, thumb) : null })
    out.set(row.objectId!, list)
  }
  return out
}

/** The approved version priced today: every item's cost, conversion and pricing path as of `today`. */
export async function pricePlan(db: Database, version: ItineraryDto, today: string): Promise<Plan> {
  const inputs = version.days.map((d) => ({ items: d.items.map((i) => v.parse(ItineraryItemInput, i)) }))
  const [{ items: priced }, settings] = await Promise.all([priceItems(db, inputs, version.travelers, version.budget.currency, today), settingsRow(db)])
  const activityIds = [...new Set(version.days.flatMap((d) => d.items.map((i) => i.activity_id).filter((x): x is number => x !== null)))]
  const photos = await activityPhotos(db, activityIds)
  let at = 0
  return {
    title: version.title,
    description: version.description,
    destination: version.destination,
    start_date: version.start_date,
    end_date: version.end_date,
    travelers: version.travelers,
    currency: version.budget.currency,
    places: settings.defaultDecimalPlaces,
    priced_on: today,
    days: version.days.map((d) => ({
      key: d.key,
      date: d.date,
      title: d.title,
      description: d.description,
      theme: d.theme,
      items: d.items.map((item) => {
        const p = priced[at++]!
        return {
          ...item,
          details: { ...item.details, cost: p.cost, currency: p.currency, converted_cost: p.converted_cost },
          pricing: p.pricing,
          option_group: item.option_group ?? null,
          recommended: item.recommended ?? false,
          flight_id: item.flight_id ?? null,
          photos: item.activity_id === null ? [] : (photos.get(item.activity_id) ?? []),
        }
      }),
    })),
  }
}

const KIND_WORDS: Record<string, string> = { accommodation: 'Accommodation', activities: 'Activities and excursions', meals: 'Meals', transport: 'Transport' }

/** What the plan prices, as the "included" lines sent unless the expert writes their own. */
export function defaultIncluded(plan: Plan): string[] {
  const lines: string[] = []
  const chosen = recommendedChoices(slotsOf(plan.days))
  const items = plan.days.flatMap((d) => d.items).filter((i) => !i.option_group || chosen[i.option_group] === i.key)
  const priced = items.filter((i) => i.details.converted_cost !== null)
  const nights = priced.filter((i) => i.type === 'accommodation').reduce((n, i) => n + (i.nights ?? 1), 0)
  if (nights) lines.push(`${KIND_WORDS.accommodation}: ${nights} ${nights === 1 ? 'night' : 'nights'}`)
  const flights = priced.filter((i) => i.flight_id !== null).length
  if (flights) lines.push(`Flights: ${flights} ${flights === 1 ? 'leg' : 'legs'}`)
  for (const kind of ['activities', 'meals', 'transport'] as const) {
    const n = priced.filter((i) => BREAKDOWN_OF[i.type as ItemType] === kind && i.flight_id === null).length
    if (n) lines.push(`${KIND_WORDS[kind]}: ${n} as listed`)
  }
  return lines
}
