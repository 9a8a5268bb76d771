import { ACTIVITY_CATEGORIES, type ActivityCategory } from '@meridian/validators/activity-constants'
import {
  DISCOVERY_MESSAGES,
  SEARCH_KINDS,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_RANGE_DAYS,
  SEARCH_MAX_TRAVELERS,
  SEARCH_PRICE_RANGE,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  type SearchKind,
  type SearchSort,
} from '@meridian/validators/discovery-constants'
import { DomainError, type FieldErrors } from '../errors.ts'
import { isoWeekday } from '../bookings/book-shared.ts'
import { queryFirst as first, queryList as list, queryText as str } from '../query-values.ts'

/** A catalogue search as the screen, the REST path and the procedures send it (docs/discovery.md "Filters"). */
export interface CatalogueSearch {
  q: string
  location: string
  /** Exact decimal text in `currency`, or null when the end of the range is open. */
  priceMin: string | null
  priceMax: string | null
  rating: number | null
  categories: ActivityCategory[]
  kinds: SearchKind[]
  dateFrom: string | null
  dateTo: string | null
  /** ISO weekdays (1 Monday … 7 Sunday) of the date range; empty when the range is open or covers them all. */
  weekdays: number[]
  travelers: number
  amenities: string[]
  currency: string
  sort: SearchSort
  page: number
}

/** Repeated parameters and comma-separated values alike ("categories=culture&categories=nature" or "culture,nature"). */
const many = (v: unknown) =>
  list(v)
    .flatMap((x) => str(x).split(','))
    .map((x) => x.trim())
    .filter(Boolean)

const DATE = /^\d{4}-\d{2}-\d{2}$/
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
const AMOUNT = /^\d{1,5}(\.\d{1,2})?$/

/**
 * Reads a search from query parameters (or a tRPC input of the same names): q, location, price_min, price_max,
 * rating, categories, type, date_from, date_to, travelers, amenities, currency, sort, page. Every problem is a field
 * error in the spec's words; nothing is guessed. The default search is every kind, relevance, one traveler, US dollars.
 */
export function parseCatalogueSearch(query: unknown, defaultCurrency = 'USD'): CatalogueSearch {
  const q = (typeof query === 'object' && query !== null && !Array.isArray(query) ? query : {}) as Record<string, unknown>
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message)

  const text = (field: string) => {
    const value = first(q[field])
    if (value.length > SEARCH_QUERY_MAX) fail(field, DISCOVERY_MESSAGES.queryTooLong)
    return value.slice(0, SEARCH_QUERY_MAX)
  }
  const amount = (field: string) => {
    const value = first(q[field])
    if (!value) return null
    if (!AMOUNT.test(value) || Number(value) > SEARCH_PRICE_RANGE[1]) {
      fail(field, DISCOVERY_MESSAGES.price)
      return null
    }
    return value
  }
  let priceMin = amount('price_min')
  let priceMax = amount('price_max')
  if (priceMin !== null && priceMax !== null && Number(priceMin) > Number(priceMax)) fail('price_max', DISCOVERY_MESSAGES.priceOrder)
  // The ends of the slider are no filter at all: 0 keeps free things and 10,000 keeps dearer ones.
  if (priceMin !== null && Number(priceMin) <= SEARCH_PRICE_RANGE[0]) priceMin = null
  if (priceMax !== null && Number(priceMax) >= SEARCH_PRICE_RANGE[1]) priceMax = null

  const ratingText = first(q.rating)
  let rating: number | null = null
  if (ratingText && ratingText !== '0') {
    if (/^[1-5](\.0|\.5)?$/.test(ratingText)) rating = Number(ratingText)
    else fail('rating', DISCOVERY_MESSAGES.rating)
  }

  const categories = [...new Set(many(q.categories ?? q.category).map((c) => c.toLowerCase()))]
  if (categories.some((c) => !(ACTIVITY_CATEGORIES as readonly string[]).includes(c))) fail('categories', DISCOVERY_MESSAGES.category)

  const kinds = [...new Set(many(q.type).map((c) => c.toLowerCase()))].filter((k) => k !== 'all')
  if (kinds.some((k) => !(SEARCH_KINDS as readonly string[]).includes(k))) fail('type', DISCOVERY_MESSAGES.kind)

  const dateFrom = first(q.date_from) || null
  const dateTo = first(q.date_to) || null
  if (dateFrom && !validDate(dateFrom)) fail('date_from', DISCOVERY_MESSAGES.date)
  if (dateTo && !validDate(dateTo)) fail('date_to', DISCOVERY_MESSAGES.date)
  const okFrom = dateFrom !== null && validDate(dateFrom)
  const okTo = dateTo !== null && validDate(dateTo)
  let weekdays: number[] = []
  if (okFrom && okTo) {
    const days = (Date.parse(dateTo!) - Date.parse(dateFrom!)) / 86_400_000 + 1
    if (days < 1) fail('date_to', DISCOVERY_MESSAGES.dateOrder)
    else if (days > SEARCH_MAX_RANGE_DAYS) fail('date_to', DISCOVERY_MESSAGES.dateRange)
    else if (days < 7)
      weekdays = Array.from({ length: days }, (_, i) => isoWeekday(new Date(Date.parse(dateFrom!) + i * 86_400_000).toISOString().slice(0, 10)))
  } else if (okFrom && !dateTo) weekdays = [isoWeekday(dateFrom!)]
  else if (okTo && !dateFrom) weekdays = [isoWeekday(dateTo!)]

  const travelersText = first(q.travelers) || '1'
  const travelers = /^\d{1,3}$/.test(travelersText) ? Number(travelersText) : Number.NaN
  if (!(travelers >= 1 && travelers <= SEARCH_MAX_TRAVELERS)) fail('travelers', DISCOVERY_MESSAGES.travelers)

  const amenities = [...new Set(many(q.amenities))]
  if (amenities.length > 10 || amenities.some((a) => a.length > 100)) fail('amenities', DISCOVERY_MESSAGES.amenity)

  const currency = (first(q.currency) || defaultCurrency).toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) fail('currency', DISCOVERY_MESSAGES.currency)

  const sort = (first(q.sort) || 'relevance') as SearchSort
  if (!SEARCH_SORTS.includes(sort)) fail('sort', DISCOVERY_MESSAGES.sort)

  const pageText = first(q.page) || '1'
  const page = /^\d{1,3}$/.test(pageText) ? Number(pageText) : Number.NaN
  if (!(page >= 1 && page <= SEARCH_MAX_PAGE)) fail('page', DISCOVERY_MESSAGES.page)

  const search = {
    q: text('q'),
    location: text('location'),
    priceMin,
    priceMax,
    rating,
    categories: categories as ActivityCategory[],
    kinds: kinds as SearchKind[],
    dateFrom,
    dateTo,
    weekdays: [...new Set(weekdays)].sort(),
    travelers,
    amenities,
    currency,
    sort,
    page,
  }
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return search
}

/** The search as query parameters again (for links: pages, sorts, the map's zoom), defaults left out. */
export function searchParamsOf(search: CatalogueSearch, defaultCurrency = 'USD'): URLSearchParams {
  const p = new URLSearchParams()
  if (search.q) p.set('q', search.q)
  if (search.location) p.set('location', search.location)
  if (search.priceMin !== null) p.set('price_min', search.priceMin)
  if (search.priceMax !== null) p.set('price_max', search.priceMax)
  if (search.rating !== null) p.set('rating', String(search.rating))
  for (const c of search.categories) p.append('categories', c)
  for (const k of search.kinds) p.append('type', k)
  if (search.dateFrom) p.set('date_from', search.dateFrom)
  if (search.dateTo) p.set('date_to', search.dateTo)
  if (search.travelers !== 1) p.set('travelers', String(search.travelers))
  for (const a of search.amenities) p.append('amenities', a)
  if (search.currency !== defaultCurrency) p.set('currency', search.currency)
  if (search.sort !== 'relevance') p.set('sort', search.sort)
  if (search.page !== 1) p.set('page', String(search.page))
  return p
}
