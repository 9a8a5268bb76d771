/** Itinerary input (2-catalogue-content.md §3; docs/itineraries.md). Browser-safe: the builder runs the same schemas. */
import * as v from 'valibot'
import { canonicalZone } from './booking-terms.ts'
import { ITEM_STATUSES, ITEM_TYPES, MAX_ITEMS_PER_ITINERARY, MAX_ITINERARY_DAYS } from './itinerary-constants.ts'
import { choice, reference, text, TRIP_FORM_MESSAGES, wholeNumber } from './trips.ts'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`
const required = (max: number) => v.pipe(v.string(TRIP_FORM_MESSAGES.required), v.trim(), v.nonEmpty(TRIP_FORM_MESSAGES.required), v.maxLength(max, tooLong(max)))
const isoDate = v.pipe(
  v.string(TRIP_FORM_MESSAGES.required),
  v.trim(),
  v.check((x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x, TRIP_FORM_MESSAGES.date),
)
const count = (max: number) => v.pipe(wholeNumber(`Enter a whole number from 0 to ${max}.`), v.minValue(0, `Enter a whole number from 0 to ${max}.`), v.maxValue(max, `Enter a whole number from 0 to ${max}.`))
const money = v.nullable(
  v.pipe(
    v.union([v.number(TRIP_FORM_MESSAGES.money), v.string(TRIP_FORM_MESSAGES.money)], TRIP_FORM_MESSAGES.money),
    v.transform((x) => (typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x.trim())),
    v.check((x) => /^\d{1,12}(\.\d{1,2})?$/.test(x), TRIP_FORM_MESSAGES.money),
  ),
)
const currency = v.pipe(v.string('Enter a three-letter currency code.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code.'))
const time = v.nullable(v.pipe(v.string('Enter a time as HH:MM.'), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.')))
const key = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'A key is 1 to 40 letters, digits, - or _.'))
const optionGroup = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'An option group is 1 to 40 letters, digits, - or _.'))
const list = (max: number, each: number) => v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(each, tooLong(each)))), v.maxLength(max, `Ensure this list has no more than ${max} items.`)), [])

/** The itinerary's own fields; on a save each may be left out (kept as it is). */
const PLAN_ZONE_MESSAGE = 'Choose a time zone such as America/Lima, or leave it blank for the trip’s destination.'
/** A plan's time zone: an IANA zone the runtime knows (its canonical name), or '' for the trip's destination's. */
const PlanTimeZone = v.pipe(
  v.string(PLAN_ZONE_MESSAGE),
  v.maxLength(64, PLAN_ZONE_MESSAGE),
  v.check((x) => canonicalZone(x) !== null, PLAN_ZONE_MESSAGE),
  v.transform((x) => canonicalZone(x) ?? ''),
)

/** An item for some of the party: the ids of the trip's party members. */
export const PARTY_MESSAGE = 'Choose people of this trip’s party.'
export const MAX_PARTY = 20
/** Someone of a trip's party: their name. */
export const PartyMemberInput = v.object({ name: v.pipe(v.string('Enter a name of up to 100 characters.'), v.trim(), v.minLength(1, 'This field is required.'), v.maxLength(100, 'Enter a name of up to 100 characters.')) })

export const ItineraryFieldsInput = v.object({
  title: v.optional(required(200)),
  description: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(5000, tooLong(5000)))),
  destination: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(200, tooLong(200)))),
  start_date: v.optional(isoDate),
  end_date: v.optional(isoDate),
  adults: v.optional(count(100)),
  children: v.optional(count(100)),
  infants: v.optional(count(100)),
  budget_total: v.optional(money),
  currency: v.optional(currency),
  /** The destination's IANA time zone of the plan's times; '' (blank) takes the trip's location's. */
  time_zone: v.optional(PlanTimeZone),
  preferences: v.optional(
    v.object({
      pace: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, tooLong(50))), ''),
      interests: list(20, 50),
      accessibility: list(20, 100),
      dietary: list(20, 100),
    }),
  ),
})

export type ItineraryFieldsData = v.InferOutput<typeof ItineraryFieldsInput>

/** One item as the builder sends it: the catalogue record it comes from, or the price the expert enters. */
const ItineraryItemFields = v.object({
  key: v.optional(key),
  type: choice(ITEM_TYPES),
  title: required(200),
  description: text(2000),
  start_time: v.optional(time, null),
  end_time: v.optional(time, null),
  location_name: text(200),
  location_address: text(300),
  duration_minutes: v.optional(v.pipe(wholeNumber('Enter minutes from 0 to 1440.'), v.minValue(0, 'Enter minutes from 0 to 1440.'), v.maxValue(1440, 'Enter minutes from 0 to 1440.')), 0),
  booking_required: v.optional(v.boolean('Enter true or false.'), false),
  tags: list(20, 50),
  notes: text(2000),
  status: v.optional(choice(ITEM_STATUSES), 'draft'),
  activity_id: v.optional(reference('Select a valid activity.'), null),
  transfer_id: v.optional(reference('Select a valid transfer.'), null),
  supplier_id: v.optional(reference('Select a valid supplier.'), null),
  nights: v.optional(v.nullable(v.pipe(wholeNumber('Enter a whole number of nights from 1 to 60.'), v.minValue(1, 'Enter a whole number of nights from 1 to 60.'), v.maxValue(60, 'Enter a whole number of nights from 1 to 60.'))), null),
  /** A night's price (accommodation) or the cost of a meal or free time, in `currency`. */
  unit_price: v.optional(money, null),
  currency: v.optional(v.nullable(currency), null),
  /** A catalogue flight (transport): priced at its fare for the adults and children (docs/proposals.md). */
  flight_id: v.optional(reference('Select a valid flight.'), null),
  /** The slot this item is an option of: items of one day with the same group are alternatives (docs/proposals.md). */
  option_group: v.optional(v.nullable(v.pipe(v.string('Enter text.'), v.trim(), v.transform((x) => x || null), v.nullable(optionGroup))), null),
  /** The option of its slot the expert recommends (the one counted in the totals). */
  recommended: v.optional(v.boolean('Enter true or false.'), false),
  /** The party members it is for (ids of the trip's party); empty: everyone (docs/traveler-app.md "Per traveler"). */
  party: v.optional(
    v.pipe(
      v.array(v.pipe(wholeNumber(PARTY_MESSAGE), v.minValue(1, PARTY_MESSAGE), v.maxValue(2_147_483_647, PARTY_MESSAGE)), PARTY_MESSAGE),
      v.maxLength(MAX_PARTY, `Ensure this list has no more than ${MAX_PARTY} people.`),
      v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    ),
    [],
  ),
})

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * An item as a read answers it (2-catalogue-content.md §3: `location {name, address}`, `details {duration, cost,
 * currency, booking_required, tags}`) taken back as the fields a save names. The flat fields win where both are sent.
 * `details.cost` is the price the expert enters for a meal or free time (and for one night of a stay): it becomes
 * `unit_price` when that is not sent; an activity's or a transfer's cost comes from the catalogue, so there it is read
 * only, as `details.converted_cost` always is.
 */
function itemAsWritten(raw: unknown): unknown {
  if (!isObject(raw)) return raw
  const { location, details, ...item } = raw
  const out: Record<string, unknown> = { ...item }
  const take = (field: string, value: unknown) => {
    if (out[field] === undefined && value !== undefined) out[field] = value
  }
  if (isObject(location)) {
    take('location_name', location.name)
    take('location_address', location.address)
  }
  if (isObject(details)) {
    take('duration_minutes', details.duration)
    take('booking_required', details.booking_required)
    take('tags', details.tags)
    take('currency', details.currency)
    const entered = item.type === 'meal' || item.type === 'free_time' || (item.type === 'accommodation' && (item.nights ?? 1) === 1)
    if (entered && details.cost !== null) take('unit_price', details.cost)
  }
  return out
}

/** One item as the builder sends it, or as a read answers it (itemAsWritten). */
export const ItineraryItemInput = v.pipe(v.unknown(), v.transform(itemAsWritten), ItineraryItemFields)
export type ItineraryItemData = v.InferOutput<typeof ItineraryItemInput>

export const ItineraryDayInput = v.object({
  key: v.optional(key),
  date: isoDate,
  title: required(200),
  description: text(2000),
  theme: text(100),
  items: v.optional(v.pipe(v.array(ItineraryItemInput, 'Expected a list of items.'), v.maxLength(MAX_ITEMS_PER_ITINERARY, `Ensure this list has no more than ${MAX_ITEMS_PER_ITINERARY} items.`)), []),
})

/**
 * A save: the version it was based on, and what changes; what is left out stays as it is (PATCH). The itinerary's own
 * fields are taken as they are read (`title`, `travelers {adults, children, infants}`, `budget {total, currency}`, …)
 * or, as the builder sends them, under `fields`. `days`, when sent, is every day with its items in order; left out, the
 * days and items stay (re-priced only when the currency or the travelers change).
 */
export const SaveItineraryInput = v.object({
  version: v.pipe(wholeNumber('Send the version this save is based on.'), v.minValue(1, 'Send the version this save is based on.')),
  fields: v.optional(ItineraryFieldsInput, {}),
  ...ItineraryFieldsInput.entries,
  travelers: v.optional(v.object({ adults: v.optional(count(100)), children: v.optional(count(100)), infants: v.optional(count(100)) }, 'Expected an object.')),
  budget: v.optional(v.object({ total: v.optional(money), currency: v.optional(currency) }, 'Expected an object.')),
  days: v.optional(
    v.pipe(v.array(ItineraryDayInput, 'Expected a list of days.'), v.minLength(1, 'An itinerary has at least one day.'), v.maxLength(MAX_ITINERARY_DAYS, `Ensure this list has no more than ${MAX_ITINERARY_DAYS} days.`)),
  ),
  summary: text(300),
})
export type SaveItineraryData = v.InferOutput<typeof SaveItineraryInput>

/** A new itinerary for a trip: its title, dates and travelers default to the trip's. */
export const CreateItineraryInput = v.object({
  trip_id: v.pipe(reference('Select a valid trip.'), v.check((x) => x !== null, TRIP_FORM_MESSAGES.required)),
  title: v.optional(required(200)),
  currency: v.optional(currency),
})
