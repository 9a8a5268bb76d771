import { activities, activityPricingTiers, asc, currencies, type Database, eq, flights, inArray, suppliers, transfers } from '@meridian/db'
import type { ItineraryItemData } from '@meridian/validators'
import { MAX_SLOT_OPTIONS } from '@meridian/validators/proposal-constants'
import { computePrice } from '../activities/pricing.ts'
import { convertAmount, Dec, fixed, resolveRate } from '../currencies/money.ts'
import { lookupOf, ratesInForce } from '../currencies/rates.ts'
import { settingsRow } from '../currencies/settings.ts'
import { DomainError, type FieldErrors } from '../errors.ts'

type Db = Pick<Database, 'select' | 'insert'>

export interface Travelers {
  adults: number
  children: number
  infants: number
}

/** An item with its price found: in its own currency, and converted into the itinerary's. */
export interface PricedItem extends ItineraryItemData {
  cost: string | null
  currency: string | null
  converted_cost: string | null
  pricing: Record<string, unknown>
}

const PRICING_MESSAGES = {
  activity: 'Select a valid activity.',
  transfer: 'Select a valid transfer.',
  supplier: 'Select an accommodation supplier.',
  needsActivity: 'An activity item needs an activity from the catalogue.',
  needsTransfer: 'A transport item needs a transfer from the catalogue.',
  flight: 'Select a valid flight.',
  slotDays: 'The options of a slot must be on the same day.',
  slotSize: `A slot has at most ${MAX_SLOT_OPTIONS} options.`,
  slotRecommended: 'Only one option of a slot can be recommended.',
  needsCurrency: 'Enter the currency of this price.',
  unknownCurrency: (code: string) => `"${code}" is not an active currency.`,
  noRate: (from: string, to: string, date: string) => `No conversion rate from ${from} to ${to} is in force on ${date}.`,
} as const

/** The seats a flight item takes: adults and children (infants travel on a lap), at least one. */
export const seatsOf = (t: Travelers) => Math.max(1, t.adults + t.children)

/**
 * The participants an activity is priced for: adults and children (infants go free), at least one.
 */
export const participantsOf = (t: Travelers) => Math.max(1, t.adults + t.children)

/** A transfer's price for the travelers (docs/transfers.md pricing): per person, per vehicle or per trip. */
export function transferCost(pricing: Record<string, unknown>, t: Travelers): string | null {
  const price = (key: string) => (pricing[key] === undefined || pricing[key] === null ? null : new Dec(String(pricing[key])))
  const adult = price('adult')
  const vehicle = price('vehicle')
  if (pricing.per === 'vehicle' || pricing.per === 'trip') {
    const flat = vehicle ?? adult
    return flat ? flat.toFixed(2) : null
  }
  if (!adult && !vehicle) return null
  if (!adult) return vehicle!.toFixed(2)
  const child = price('child') ?? adult
  const infant = price('infant') ?? new Dec(0)
  return adult.mul(t.adults).plus(child.mul(t.children)).plus(infant.mul(t.infants)).toFixed(2)
}

/**
 * Price every item of a save (2-catalogue-content §3; docs/itineraries.md "The pricing path of an item"):
 * - activity: the catalogue activity through the activity pricing engine, for adults + children, in its currency;
 * - transport: the catalogue transfer's pricing for the travelers;
 * - accommodation: the nightly price the expert enters × nights (an accommodation supplier may be named);
 * - meal and free time: the cost the expert enters, or none.
 * Each cost is converted into the itinerary's currency with the rate in force on `date` (the currency service's
 * resolution: direct, inverse or through the base currency) and the global margin, rounded once to the currency
 * settings' places. A few statements for the whole itinerary, whatever the number of items; problems are field
 * errors keyed `days.{d}.items.{i}.{field}`.
 */
export async function priceItems(
  db: Db,
  days: { items: ItineraryItemData[] }[],
  travelers: Travelers,
  currency: string,
  date: string,
  options: { lenient?: boolean } = {},
) {
  const all = days.flatMap((d, di) => d.items.map((item, ii) => ({ item, at: `days.${di}.items.${ii}` })))
  const ids = (pick: (i: ItineraryItemData) => number | null) => [...new Set(all.map((x) => pick(x.item)).filter((x): x is number => x !== null))]
  const activityIds = ids((i) => (i.type === 'activity' ? i.activity_id : null))
  const transferIds = ids((i) => (i.type === 'transport' && i.flight_id === null ? i.transfer_id : null))
  const flightIds = ids((i) => (i.type === 'transport' ? i.flight_id : null))
  const supplierIds = ids((i) => i.supplier_id)
  const [activityRows, tierRows, transferRows, supplierRows, currencyRows, settings, flightRows] = await Promise.all([
    activityIds.length
      ? db
          .select({
            id: activities.id,
            pricingModel: activities.pricingModel,
            fixedPrice: activities.fixedPrice,
            maxParticipants: activities.maxParticipants,
            isActive: activities.isActive,
            currency: currencies.code,
          })
          .from(activities)
          .innerJoin(currencies, eq(currencies.id, activities.currencyId))
          .where(inArray(activities.id, activityIds))
      : [],
    activityIds.length
      ? db.select().from(activityPricingTiers).where(inArray(activityPricingTiers.activityId, activityIds)).orderBy(asc(activityPricingTiers.position))
      : [],
    transferIds.length
      ? db.select({ id: transfers.id, pricing: transfers.pricing, isActive: transfers.isActive }).from(transfers).where(inArray(transfers.id, transferIds))
      : [],
    supplierIds.length ? db.select({ id: suppliers.id, type: suppliers.supplierType }).from(suppliers).where(inArray(suppliers.id, supplierIds)) : [],
    db.select({ id: currencies.id, code: currencies.code, isActive: currencies.isActive, isBase: currencies.isBaseCurrency }).from(currencies),
    settingsRow(db as Database),
    flightIds.length
      ? db
          .select({
            id: flights.id,
            price: flights.price,
            currency: flights.currency,
            status: flights.status,
            flightNumber: flights.flightNumber,
            cabinClass: flights.cabinClass,
          })
          .from(flights)
          .where(inArray(flights.id, flightIds))
      : [],
  ])
  const errors: FieldErrors = {}
  const fail = (at: string, field: string, message: string) => (errors[`${at}.${field}`] ??= []).push(message)
  const codes = new Map(currencyRows.filter((c) => c.isActive).map((c) => [c.code, c.id]))
  const target = codes.get(currency)
  if (target === undefined) errors['fields.currency'] = [PRICING_MESSAGES.unknownCurrency(currency)]

  // The own-currency cost of each item.
  const own = all.map(({ item, at }) => {
    let cost: string | null = null
    let code: string | null = item.currency ?? null
    const pricing: Record<string, unknown> = {}
    if (item.type === 'activity') {
      const a = item.activity_id === null ? undefined : activityRows.find((r) => r.id === item.activity_id)
      if (item.activity_id === null) fail(at, 'activity_id', PRICING_MESSAGES.needsActivity)
      else if (!a || !a.isActive) fail(at, 'activity_id', PRICING_MESSAGES.activity)
      else {
        try {
          const tiers = tierRows
            .filter((t) => t.activityId === a.id)
            .map((t) => ({ name: t.name, min_quantity: t.minQuantity, max_quantity: t.maxQuantity, price_per_unit: t.pricePerUnit, fixed_price: t.fixedPrice }))
          const price = computePrice(
            { pricing_model: a.pricingModel, fixed_price: a.fixedPrice, pricing_tiers: tiers, max_participants: a.maxParticipants },
            participantsOf(travelers),
          )
          cost = price.total
          code = a.currency
          Object.assign(pricing, {
            source: 'activity',
            basis: price.basis,
            tier: price.tier?.name ?? null,
            unit_price: price.unit_price,
            participants: participantsOf(travelers),
          })
        } catch (error) {
          if (!(error instanceof DomainError)) throw error
          for (const messages of Object.values(error.fields ?? {})) for (const m of messages) fail(at, 'activity_id', m)
        }
      }
    } else if (item.type === 'transport' && item.flight_id !== null) {
      const f = flightRows.find((r) => r.id === item.flight_id)
      if (!f || f.status !== 'scheduled') fail(at, 'flight_id', PRICING_MESSAGES.flight)
      else {
        const seats = seatsOf(travelers)
        cost = new Dec(f.price).mul(seats).toFixed(2)
        code = f.currency
        Object.assign(pricing, { source: 'flight', fare: f.price, seats, flight_number: f.flightNumber, cabin_class: f.cabinClass })
      }
    } else if (item.type === 'transport') {
      const t = item.transfer_id === null ? undefined : transferRows.find((r) => r.id === item.transfer_id)
      if (item.transfer_id === null) fail(at, 'transfer_id', PRICING_MESSAGES.needsTransfer)
      else if (!t || !t.isActive) fail(at, 'transfer_id', PRICING_MESSAGES.transfer)
      else {
        cost = transferCost(t.pricing, travelers)
        code = cost === null ? null : String(t.pricing.currency ?? '').toUpperCase() || null
        Object.assign(pricing, { source: 'transfer', per: t.pricing.per ?? 'person' })
      }
    } else {
      if (item.type === 'accommodation' && item.supplier_id !== null && supplierRows.find((s) => s.id === item.supplier_id)?.type !== 'accommodation') {
        fail(at, 'supplier_id', PRICING_MESSAGES.supplier)
      }
      if (item.unit_price !== null) {
        const nights = item.type === 'accommodation' ? (item.nights ?? 1) : 1
        cost = new Dec(item.unit_price).mul(nights).toFixed(2)
        if (!code) fail(at, 'currency', PRICING_MESSAGES.needsCurrency)
        Object.assign(pricing, { source: 'entered', unit_price: item.unit_price, ...(item.type === 'accommodation' ? { nights } : {}) })
      }
    }
    if (cost !== null && code && !codes.has(code)) fail(at, 'currency', PRICING_MESSAGES.unknownCurrency(code))
    return { item, at, cost, code, pricing }
  })

  // Options: a slot's items on one day, at most MAX_SLOT_OPTIONS of them, at most one recommended.
  const slots = new Map<string, { day: string; count: number; recommended: number }>()
  for (const { item, at } of all) {
    if (!item.option_group) continue
    const day = at.split('.items.')[0]!
    const slot = slots.get(item.option_group) ?? { day, count: 0, recommended: 0 }
    slots.set(item.option_group, slot)
    slot.count++
    if (item.recommended) slot.recommended++
    if (slot.day !== day) fail(at, 'option_group', PRICING_MESSAGES.slotDays)
    else if (slot.count > MAX_SLOT_OPTIONS) fail(at, 'option_group', PRICING_MESSAGES.slotSize)
    else if (item.recommended && slot.recommended > 1) fail(at, 'recommended', PRICING_MESSAGES.slotRecommended)
  }

  // Rates in force for every currency met, read once; each item converted with one rounding.
  const met = [...new Set(own.filter((o) => o.cost !== null && o.code && codes.has(o.code)).map((o) => codes.get(o.code!)!))]
  const base = currencyRows.find((c) => c.isBase)?.id ?? null
  const lookup =
    target === undefined || met.length === 0
      ? null
      : lookupOf(await ratesInForce(db as Database, date, [...new Set([...met, target, ...(base ? [base] : [])])]))
  const places = settings.defaultDecimalPlaces
  // A slot with no option marked recommended has its first one recommended.
  const unmarked = new Set([...slots].filter(([, s]) => s.recommended === 0).map(([group]) => group))
  const priced: PricedItem[] = own.map(({ item, at, cost, code, pricing }) => {
    if (item.option_group && unmarked.delete(item.option_group)) item = { ...item, recommended: true }
    let converted: string | null = null
    if (cost !== null && code && target !== undefined && codes.has(code)) {
      const from = codes.get(code)!
      if (from === target) converted = new Dec(cost).toFixed(places)
      else {
        const resolved = lookup ? resolveRate(lookup, from, target, base) : undefined
        if (!resolved) fail(at, 'currency', PRICING_MESSAGES.noRate(code, currency, date))
        else {
          converted = fixed(convertAmount(cost, resolved.rate, settings.globalMarginPercentage, places), places)
          Object.assign(pricing, { rate: resolved.rate.toFixed(10), path: resolved.path, margin_percentage: settings.globalMarginPercentage, date })
        }
      }
    }
    return { ...item, cost, currency: cost === null ? null : code, converted_cost: converted, pricing }
  })
  // Lenient (the library's price previews): each item priced or not, with its problems, and nothing thrown.
  if (Object.keys(errors).length && !options.lenient) throw DomainError.invalid(errors)
  return { items: priced, places, errors }
}
