import { type Database, rowsOf, sql, type SQL } from '@meridian/db'
import { SEARCH_KINDS, SEARCH_PAGE_SIZE, type SearchKind, type SearchSort } from '@meridian/validators/discovery-constants'
import { requireActor } from '../access.ts'
import { featuredImages } from '../accommodations/featured-images.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { activityPath } from '../wishlist/cards.ts'
import type { ServiceContext } from '../context.ts'
import { type CatalogueSearch, parseCatalogueSearch } from './search-input.ts'
import { groupPriceSql, intArray, openActivitySql, textArray } from './activity-sql.ts'
import { convertedSql, type PricingContext, pricingContext } from './pricing-context.ts'

/** One card of Search & Discovery (2-catalogue-content.md §3 "Search result"), with what the card and the map need. */
export interface SearchResult {
  /** Unique across kinds: "activity:12". */
  id: string
  type: SearchKind
  object_id: number
  title: string
  description: string
  location: string
  /** Exact decimal text in `currency`: an activity's price for the group; null where there is no price to show. */
  price: string | null
  currency: string
  rating: number | null
  image: string | null
  category: string | null
  amenities: string[]
  url: string
  latitude: number | null
  longitude: number | null
  featured: boolean
  /** How well the words matched (0 without words); results are ranked by it under "relevance". */
  relevance: number
}

export interface SearchPage {
  results: SearchResult[]
  page: number
  page_size: number
  has_next: boolean
  currency: { code: string; symbol: string; places: number }
  travelers: number
}

/** The words of a query as a prefix text-search query ("sea & kay:*"): letters and digits only, so it is always valid. */
export function textQuery(key: string): string | null {
  const words = key
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  if (!words.length) return null
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')
}

/** Options of callers on the server: a longer page (the map, the header's few), no images (the header). */
export interface SearchOptions {
  pageSize?: number
  images?: boolean
}

/**
 * A text-search query written into the statement rather than bound: the planner then reads the words' frequencies from
 * the statistics (a rare word: the index; a common one: likewise, never a scan of the table stopped at LIMIT 1). Safe:
 * textQuery only ever makes letters, digits, '&' and ':*'.
 */
const tsqueryLiteral = (tsq: string) => sql.raw(`to_tsquery('simple', '${tsq.replace(/'/g, "''")}')`)

interface Match {
  key: string
  /** The second pass, when nothing matched as typed: names spelled close to the words instead. */
  close: boolean
  tsq: string | null
  locationKey: string
}

const FEATURED_BOOST = sql.raw('0.05')

/** Where a name (already in search form) matches the words, allowing a typo: trigram similarity of the whole name or of a word in it. */
const nameMatches = (name: SQL, key: string) => sql`(${name} % ${key} or ${key} <% ${name})`
// An exact name first, then names that start with the words, then the closest (a typo, a word inside the name).
const nameScore = (name: SQL, key: string) =>
  sql`(case when ${name} = ${key} then 1 when ${name} like ${`${escapeLike(
    key,
  )}%`} then 0.25 else 0 end + greatest(similarity(${name}, ${key}), word_similarity(${key}, ${name})))`

/** The order of one kind's rows, the same as the merge below applies across kinds. */
function orderSql(sort: SearchSort): SQL {
  if (sort === 'price-low') return sql`price asc nulls last, relevance desc, title asc, object_id asc`
  if (sort === 'price-high') return sql`price desc nulls last, relevance desc, title asc, object_id asc`
  if (sort === 'rating') return sql`rating desc nulls last, relevance desc, title asc, object_id asc`
  return sql`relevance desc, title asc, object_id asc`
}

const KIND_ORDER: Record<SearchKind, number> = { destination: 0, activity: 1, accommodation: 2, location: 3 }

function compare(sort: SearchSort) {
  const num = (x: string | null) => (x === null ? null : Number(x))
  const nullsLast = (a: number | null, b: number | null, dir: 1 | -1) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : (a - b) * dir)
  return (a: SearchResult, b: SearchResult) => {
    let d = 0
    if (sort === 'price-low') d = nullsLast(num(a.price), num(b.price), 1)
    else if (sort === 'price-high') d = nullsLast(num(a.price), num(b.price), -1)
    else if (sort === 'rating') d = nullsLast(a.rating, b.rating, -1)
    return d || b.relevance - a.relevance || KIND_ORDER[a.type] - KIND_ORDER[b.type] || a.title.localeCompare(b.title) || a.object_id - b.object_id
  }
}

/** Which kinds a search can return: a filter that only some kinds have leaves the others out. */
function kindsOf(s: CatalogueSearch): SearchKind[] {
  let kinds: SearchKind[] = s.kinds.length ? s.kinds : [...SEARCH_KINDS]
  // Only activities have a price for a group, categories and days they run on.
  if (s.priceMin !== null || s.priceMax !== null || s.categories.length || s.weekdays.length) kinds = kinds.filter((k) => k === 'activity')
  // Ratings belong to activities (their supplier's) and to places to stay; amenities are what those two include.
  if (s.rating !== null || s.amenities.length) kinds = kinds.filter((k) => k === 'activity' || k === 'accommodation')
  return kinds
}

interface Row {
  object_id: number
  title: string
  description: string | null
  location: string | null
  price: string | null
  rating: string | number | null
  category: string | null
  amenities: unknown
  latitude: string | number | null
  longitude: string | number | null
  featured: boolean
  relevance: string | number
  country_id: number | null
}

const json = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : []
}
const numOrNull = (value: string | number | null) => (value === null || value === undefined ? null : Number(value))

type Places = Awaited<ReturnType<typeof placesMatching>>

/** Location ids and country ids whose names match the location filter (accents and case ignored), index-served. */
async function placesMatching(db: Database, locationKey: string) {
  if (!locationKey) return null
  const pattern = `%${escapeLike(locationKey)}%`
  const [countries, places] = await Promise.all([
    db.execute(sql`select id from countries where is_active and meridian_search_key(name) like ${pattern}`),
    db.execute(sql`select id from locations where is_active and search_name like ${pattern} limit 2000`),
  ])
  return { countries: rowsOf<{ id: number }>(countries).map((r) => r.id), places: rowsOf<{ id: number }>(places).map((r) => r.id) }
}

/**
 * A word of a long name with one letter doubled or missed ("Malle" in "Sunset cruise from Malé") scores just under
 * pg_trgm's default word-similarity threshold of 0.6; 0.5 forgives one typo in a word of four letters or more. Set for
 * this statement's transaction only.
 */
const WORD_SIMILARITY = '0.5'
function withWordThreshold<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`)
    return read(tx as unknown as Database)
  })
}

/** In one of the matching countries or places; an empty list is left out, so the planner reads the other's index alone. */
function inPlaces(places: NonNullable<Places>, country: SQL, location: SQL): SQL {
  const arms = [
    ...(places.countries.length ? [sql`${country} = any(${intArray(places.countries)})`] : []),
    ...(places.places.length ? [sql`${location} = any(${intArray(places.places)})`] : []),
  ]
  return arms.length ? sql`(${sql.join(arms, sql` or `)})` : sql`false`
}

/**
 * Rows a search with words ranks per kind, at most: the matches found first, before ranking. A word in thousands of
 * names ("tour") is ranked among the first 300 found; another word or a filter narrows it (docs/discovery.md).
 */
export const WORD_CANDIDATES = 300
/** Close spellings ranked per kind, at most, when the words as typed find nothing at all. */
const TYPO_CANDIDATES = 200

const rows = (result: unknown) => rowsOf<Row>(result)

/**
 * Activities in two steps: the candidates from the indexes (the words in the full text, or the newest first when there
 * are none), every filter applied there so that a cap counts only what qualifies; then the page's order over those
 * few. Sorting all of a large catalogue by price or rating is the one case read whole.
 */
async function activityRows(db: Database, s: CatalogueSearch, m: Match, places: Places, pricing: PricingContext, limit: number): Promise<Row[]> {
  const own = groupPriceSql(s.travelers)
  const price = convertedSql(own, sql`a.currency_id`, pricing)
  // NULLS LAST below matches activities_created_idx for the newest first.
  const filters: SQL[] = [...openActivitySql(s.travelers), sql`${own} is not null`]
  if (places) filters.push(inPlaces(places, sql`a.country_id`, sql`a.location_id`))
  if (s.categories.length === 1) filters.push(sql`a.category = ${s.categories[0]}`)
  else if (s.categories.length) filters.push(sql`a.category = any(${textArray(s.categories)})`)
  if (s.weekdays.length)
    filters.push(
      sql`(${sql.join(
        s.weekdays.map((d) => sql`a.days_of_week @> ${JSON.stringify([d])}::jsonb`),
        sql` or `,
      )})`,
    )
  if (s.amenities.length) filters.push(sql`a.included_services @> ${JSON.stringify(s.amenities)}::jsonb`)
  if (s.rating !== null) filters.push(sql`exists (select 1 from suppliers s where s.id = a.supplier_id and s.total_reviews > 0 and s.rating >= ${s.rating})`)
  // Only currencies with a rate path have prices: the others are left out before any price is worked out.
  if (s.priceMin !== null || s.priceMax !== null) filters.push(sql`a.currency_id = any(${intArray([...pricing.factors.keys()])})`)
  if (s.priceMin !== null) filters.push(sql`${price} >= ${s.priceMin}::numeric`)
  if (s.priceMax !== null) filters.push(sql`${price} <= ${s.priceMax}::numeric`)
  const fts = m.tsq ? sql`a.search_doc @@ ${tsqueryLiteral(m.tsq)}` : sql`false`
  const relevance = m.key
    ? sql`${nameScore(sql`a.search_name`, m.key)} + case when ${fts} then 0.5 else 0 end + case when a.is_featured then ${FEATURED_BOOST} else 0 end`
    : sql`case when a.is_featured then ${FEATURED_BOOST} else 0 end`
  // Without words, "relevance" is the newest first, read in index order and stopped at the page; the other sorts rank
  // the newest WORD_CANDIDATES.
  const browse = !m.key && s.sort === 'relevance'
  const read = (match: SQL | null, cap: SQL, conn: Database = db) =>
    conn.execute(sql`
      with cand as materialized (
        select a.id from activities a
         where ${sql.join(match ? [...filters, match] : filters, sql` and `)}
         ${cap}
      )
      select * from (
        select a.id as object_id, a.name as title, a.description, l.name || ', ' || c.name as location, ${price} as price,
               case when s.total_reviews > 0 then s.rating end as rating, a.category, a.included_services as amenities,
               l.latitude, l.longitude, a.is_featured as featured, ${relevance} as relevance, a.country_id, a.created_at as recency
          from cand
          join activities a on a.id = cand.id
          join locations l on l.id = a.location_id
          join countries c on c.id = a.country_id
          left join suppliers s on s.id = a.supplier_id
      ) y
      order by ${browse ? sql`recency desc, object_id desc` : orderSql(s.sort)}
      limit ${limit}`)
  // NULLS LAST is the index's order: read in it and stopped at the page. Among a few places' activities (a location
  // filter) the plain order makes the planner gather them from the place indexes and sort those few instead.
  const newest = (n: number) =>
    places ? sql`order by a.created_at desc, a.id desc limit ${n}` : sql`order by a.created_at desc nulls last, a.id desc nulls last limit ${n}`
  if (!m.key) return rows(await read(null, newest(browse ? limit : WORD_CANDIDATES)))
  if (!m.close) return rows(await read(fts, sql`limit ${WORD_CANDIDATES}`))
  // A word of a name spelled close to one typed ("Malle" for Malé).
  return rows(await withWordThreshold(db, (tx) => read(sql`${m.key} <% a.search_name`, sql`limit ${TYPO_CANDIDATES}`, tx)))
}

function destinationRows(db: Database, s: CatalogueSearch, m: Match, limit: number) {
  const key = sql`meridian_search_key(c.name)`
  const where: SQL[] = [sql`c.is_active`]
  const doc = sql`to_tsvector('simple', meridian_search_key(c.name || ' ' || c.why_visit || ' ' || c.highlights || ' ' || c.capital))`
  const words = m.tsq ? sql`${doc} @@ ${tsqueryLiteral(m.tsq)}` : sql`false`
  if (m.key) where.push(m.close ? nameMatches(key, m.key) : sql`(${key} like ${`%${escapeLike(m.key)}%`} or ${words})`)
  if (m.locationKey) where.push(sql`${key} like ${`%${escapeLike(m.locationKey)}%`}`)
  const relevance = m.key
    ? sql`${nameScore(key, m.key)} + case when ${words} then 0.5 else 0 end + case when c.is_promoted_destination then ${FEATURED_BOOST} else 0 end`
    : sql`case when c.is_promoted_destination then ${FEATURED_BOOST} else 0 end`
  // The map's point of a destination: the middle of its featured places, worked out for the page's rows only.
  return db.execute(sql`
    select y.*,
           (select avg(l.latitude) from locations l where l.country_id = y.object_id and l.is_active and l.is_featured) as latitude,
           (select avg(l.longitude) from locations l where l.country_id = y.object_id and l.is_active and l.is_featured) as longitude
      from (
        select c.id as object_id, c.name as title, coalesce(nullif(c.why_visit, ''), c.highlights) as description, initcap(replace(c.continent, '_', ' ')) as location,
               null::numeric as price, null::numeric as rating, c.destination_category as category, '[]'::jsonb as amenities,
               c.is_promoted_destination as featured, ${relevance} as relevance, c.id as country_id
          from countries c
         where ${sql.join(where, sql` and `)}
         order by ${orderSql(s.sort)}
         limit ${limit}
      ) y
     order by ${orderSql(s.sort)}`)
}

async function locationRows(db: Database, s: CatalogueSearch, m: Match, places: Places, limit: number): Promise<Row[]> {
  const filters: SQL[] = [sql`l.is_active = true`, sql`(select c.is_active from countries c where c.id = l.country_id)`]
  if (places) filters.push(inPlaces(places, sql`l.country_id`, sql`l.id`))
  const relevance = m.key
    ? sql`${nameScore(sql`l.search_name`, m.key)} + case when l.is_featured then ${FEATURED_BOOST} else 0 end`
    : sql`case when l.is_featured then ${FEATURED_BOOST} else 0 end`
  // Without words, places come by name (the name index), after the other kinds.
  const browse = !m.key
  const read = (match: SQL | null, cap: SQL, conn: Database = db) =>
    conn.execute(sql`
      with cand as materialized (
        select l.id from locations l where ${sql.join(match ? [...filters, match] : filters, sql` and `)} ${cap}
      )
      select * from (
        select l.id as object_id, l.name as title, l.description, c.name as location, null::numeric as price, null::numeric as rating,
               l.location_type as category, '[]'::jsonb as amenities, l.latitude, l.longitude, l.is_featured as featured, ${relevance} as relevance,
               c.id as country_id
          from cand join locations l on l.id = cand.id join countries c on c.id = l.country_id
      ) y
      order by ${browse ? sql`title asc, object_id asc` : orderSql(s.sort)}
      limit ${limit}`)
  if (browse) return rows(await read(null, sql`order by l.name, l.id limit ${limit}`))
  if (!m.close) return rows(await read(sql`l.search_name like ${`%${escapeLike(m.key)}%`}`, sql`limit ${WORD_CANDIDATES}`))
  return rows(await read(sql`l.search_name % ${m.key}`, sql`limit ${TYPO_CANDIDATES}`))
}

/** The search form of a stay's name and city (not its e-mail or contact person, which travelers must not probe). */
const STAY_KEY = sql`meridian_search_key(s.name || ' ' || s.city)`

async function accommodationRows(db: Database, s: CatalogueSearch, m: Match, limit: number): Promise<Row[]> {
  const filters: SQL[] = [
    sql`s.supplier_type = 'accommodation'`,
    sql`s.status = 'active'`,
    sql`exists (select 1 from countries c where c.id = s.country_id and c.is_active)`,
  ]
  if (m.locationKey) {
    const pattern = `%${escapeLike(m.locationKey)}%`
    filters.push(
      sql`(meridian_search_key(s.city) like ${pattern} or exists (select 1 from countries c where c.id = s.country_id and meridian_search_key(c.name) like ${pattern}))`,
    )
  }
  if (s.rating !== null) filters.push(sql`s.total_reviews > 0 and s.rating >= ${s.rating}`)
  if (s.amenities.length) filters.push(sql`s.services_offered @> ${JSON.stringify(s.amenities)}::jsonb`)
  const relevance = m.key
    ? sql`${nameScore(STAY_KEY, m.key)} + case when s.verified then ${FEATURED_BOOST} else 0 end`
    : sql`case when s.verified then ${FEATURED_BOOST} else 0 end`
  const read = (match: SQL | null, cap: SQL, conn: Database = db) =>
    conn.execute(sql`
      with cand as materialized (
        select s.id from suppliers s where ${sql.join(match ? [...filters, match] : filters, sql` and `)} ${cap}
      )
      select * from (
        select s.id as object_id, s.name as title, s.description, concat_ws(', ', nullif(s.city, ''), c.name) as location, null::numeric as price,
               case when s.total_reviews > 0 then s.rating end as rating, 'accommodation' as category, s.services_offered as amenities,
               null::numeric as latitude, null::numeric as longitude, s.verified as featured, ${relevance} as relevance, s.country_id
          from cand join suppliers s on s.id = cand.id join countries c on c.id = s.country_id
      ) y
      order by ${orderSql(s.sort)}
      limit ${limit}`)
  if (!m.key) return rows(await read(null, sql``))
  if (!m.close) return rows(await read(sql`${STAY_KEY} like ${`%${escapeLike(m.key)}%`}`, sql`limit ${WORD_CANDIDATES}`))
  return rows(await withWordThreshold(db, (tx) => read(sql`${m.key} <% ${STAY_KEY}`, sql`limit ${TYPO_CANDIDATES}`, tx)))
}

// A stay is shown on its destination's page: one without an active destination has no page, so is not found.
const URLS: Record<SearchKind, (row: Row) => string> = {
  activity: (r) => activityPath(r.object_id, r.country_id!),
  destination: (r) => `/dashboard/destinations/${r.object_id}`,
  location: (r) => `/dashboard/destinations/${r.country_id}`,
  accommodation: (r) => `/dashboard/destinations/${r.country_id}#stay-${r.object_id}`,
}

const IMAGE_TYPES = { activity: 'core.activity', destination: 'core.country', location: 'core.location', accommodation: 'core.accommodation' } as const

/**
 * Search & Discovery (docs/discovery.md): one search over activities, destinations, their places and places to stay,
 * accents and case ignored, a typo forgiven (trigram similarity), words found in descriptions (full text), ranked by
 * relevance or sorted by price or rating. Prices are an activity's price for the group (the pricing engine's tiers),
 * converted at today's rates with the margin into the search's currency. Inactive things are never found.
 * Each kind reads its candidates from its indexes (at most WORD_CANDIDATES), then the requested page and one row more,
 * in the order the kinds are merged in.
 */
export async function searchCatalogue(ctx: ServiceContext, query: unknown, options: SearchOptions = {}): Promise<SearchPage> {
  requireActor(ctx)
  const s = parseCatalogueSearch(query)
  const pricing = await pricingContext(ctx.db, s.currency)
  return runSearch(ctx.db, s, pricing, options)
}

/**
 * The amenities the filter offers: the services most often included by the 2,000 newest active activities and by the
 * active places to stay, at most 12 (a sample keeps this one read cheap on a large catalogue).
 */
export async function amenityOptions(ctx: ServiceContext): Promise<string[]> {
  requireActor(ctx)
  const rows = rowsOf<{ name: string }>(
    await ctx.db.execute(sql`
      select name from (
        select jsonb_array_elements_text(included_services) as name from (select included_services from activities where is_active order by id desc limit 2000) a
        union all
        select jsonb_array_elements_text(services_offered) from suppliers where supplier_type = 'accommodation' and status = 'active'
      ) x
      where length(name) <= 100
      group by name order by count(*) desc, name limit 12`),
  )
  return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b))
}

export async function runSearch(db: Database, s: CatalogueSearch, pricing: PricingContext, options: SearchOptions = {}): Promise<SearchPage> {
  const size = options.pageSize ?? SEARCH_PAGE_SIZE
  const key = normalizeSearch(s.q)
  const typed: Match = { key, close: false, tsq: key ? textQuery(key) : null, locationKey: normalizeSearch(s.location) }
  const kinds = kindsOf(s)
  const limit = s.page * size + 1
  const places = kinds.some((k) => k === 'activity' || k === 'location') ? await placesMatching(db, typed.locationKey) : null
  const read = (m: Match) =>
    Promise.all(
      kinds.map(async (kind) => {
        const list =
          kind === 'activity'
            ? await activityRows(db, s, m, places, pricing, limit)
            : kind === 'destination'
            ? rows(await destinationRows(db, s, m, limit))
            : kind === 'location'
            ? await locationRows(db, s, m, places, limit)
            : await accommodationRows(db, s, m, limit)
        return list.map((row, ord) => ({ result: toResult(kind, row, pricing), ord }))
      }),
    )
  let found = (await read(typed)).flat()
  // Nothing at all as typed: names spelled close to the words (a typo), in a second pass.
  if (!found.length && key.length >= 4) found = (await read({ ...typed, close: true })).flat()
  const m = typed
  // Without words, each kind keeps its own order (newest activities, places by name) and the kinds follow each other.
  const order = compare(s.sort)
  const merged = (
    !m.key && s.sort === 'relevance'
      ? found.sort((a, b) => KIND_ORDER[a.result.type] - KIND_ORDER[b.result.type] || a.ord - b.ord)
      : found.sort((a, b) => order(a.result, b.result))
  ).map((x) => x.result)
  const start = (s.page - 1) * size
  const results = merged.slice(start, start + size)
  if (options.images !== false) await attachImages(db, results)
  return {
    results,
    page: s.page,
    page_size: size,
    has_next: merged.length > start + size,
    currency: { code: pricing.currency.code, symbol: pricing.currency.symbol, places: pricing.places },
    travelers: s.travelers,
  }
}

function toResult(kind: SearchKind, row: Row, pricing: PricingContext): SearchResult {
  return {
    id: `${kind}:${row.object_id}`,
    type: kind,
    object_id: row.object_id,
    title: row.title,
    description: row.description ?? '',
    location: row.location ?? '',
    price: row.price === null || row.price === undefined ? null : String(row.price),
    currency: pricing.currency.code,
    rating: numOrNull(row.rating),
    image: null,
    category: row.category,
    amenities: json(row.amenities),
    url: URLS[kind](row),
    latitude: numOrNull(row.latitude),
    longitude: numOrNull(row.longitude),
    featured: Boolean(row.featured),
    relevance: Math.round(Number(row.relevance) * 1000) / 1000,
  }
}

async function attachImages(db: Database, results: SearchResult[]) {
  const byKind = new Map<SearchKind, SearchResult[]>()
  for (const r of results) byKind.set(r.type, [...(byKind.get(r.type) ?? []), r])
  await Promise.all(
    [...byKind].map(async ([kind, items]) => {
      const images = await featuredImages(
        db,
        IMAGE_TYPES[kind],
        items.map((i) => i.object_id),
      )
      for (const item of items) item.image = images.get(item.object_id) ?? null
    }),
  )
}
