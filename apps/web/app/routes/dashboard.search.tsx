import { Alert, Stack } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import {
  amenityOptions,
  DomainError,
  listPublicCurrencies,
  recommendFor,
  type SearchPage,
  searchCatalogue,
  searchEverything,
  wishlistLookup,
} from '@meridian/core'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { WISHLIST_KIND } from '../components/discovery/result-card.tsx'
import { RecommendationsSection } from '../components/search/recommendations.tsx'
import { SearchResults } from '../components/search/results.tsx'
import { ScreensAndPeople } from '../components/search/screens-and-people.tsx'
import { SearchForm } from '../components/search/search-form.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { queryObject } from '@meridian/validators/query-object'
import { requireUser } from '../utils/auth.server.ts'
import { mapView, parseMapView } from '../utils/world-map.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.form.q ? `“${data.form.q}” · Search & Discovery · Meridian Travel` : 'Search & Discovery · Meridian Travel' },
]

/** Results the map shows at once: the best of the search, not only the page of the grid. */
const MAP_RESULTS = 200
/** Parameters of the screen itself, not of the search. */
const SCREEN_PARAMS = new Set(['view', 'map_zoom', 'map_x', 'map_y'])

/** The search's parameters as the service takes them (a repeated one as a list), without the screen's own. */
function queryOf(params: URLSearchParams) {
  const out = queryObject(params)
  for (const key of SCREEN_PARAMS) delete out[key]
  return out
}

/**
 * Search & Discovery for every signed-in role (docs/discovery.md): the catalogue search with its filters in the URL
 * (a GET form, so it works without JavaScript), as a grid or a map, the user's recommendations, and, for words typed,
 * the screens and people the header search finds. Bad filters come back as field errors with a 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  const view = url.searchParams.get('view') === 'map' ? ('map' as const) : ('grid' as const)
  const query = queryOf(url.searchParams)
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : ''
  const [found, recommendations, hits, currencies, amenities] = await Promise.all([
    searchCatalogue(ctx, view === 'map' ? { ...query, page: '1' } : query, view === 'map' ? { pageSize: MAP_RESULTS } : {}).then(
      (page) => ({ page, errors: null }),
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'invalid') return { page: null, errors: error.fields ?? {} }
        throw error
      },
    ),
    recommendFor(ctx),
    q.length >= 2 ? searchEverything(ctx, { q, limit: 8 }).then((all) => all.filter((h) => h.type === 'page' || h.type === 'user' || h.type === 'quiz')) : [],
    listPublicCurrencies(ctx),
    amenityOptions(ctx),
  ])
  const page: SearchPage | null = found.page
  const shown = [...(page?.results ?? []), ...recommendations.results.map((r) => ({ type: r.type, object_id: r.data.object_id }))]
  const lookups = await Promise.all(
    (['activity', 'destination', 'hotel'] as WishlistType[]).map(async (type) => {
      const kinds = Object.entries(WISHLIST_KIND)
        .filter(([, t]) => t === type)
        .map(([k]) => k)
      return [
        type,
        await wishlistLookup(
          ctx,
          type,
          shown.filter((r) => kinds.includes(r.type)).map((r) => r.object_id),
        ),
      ] as const
    }),
  )
  const saved = Object.fromEntries(lookups.map(([type, lookup]) => [type, lookup.saved])) as Record<WishlistType, Record<number, number>>
  const canSave = lookups[0]![1].enabled
  const map =
    view === 'map' && page
      ? mapView(
          page.results.map((r) => ({ id: r.id, title: r.title, url: r.url, latitude: r.latitude, longitude: r.longitude })),
          parseMapView(url.searchParams),
        )
      : null
  // What the form shows again: each field as sent (a repeated one is not a value of these fields).
  const one = (key: string, fallback = '') => (typeof query[key] === 'string' ? (query[key] as string) : fallback)
  const form = {
    q: one('q'),
    location: one('location'),
    price_min: one('price_min'),
    price_max: one('price_max'),
    rating: one('rating'),
    categories: ([] as string[]).concat(query.categories ?? []),
    type: one('type'),
    date_from: one('date_from'),
    date_to: one('date_to'),
    travelers: one('travelers', '1'),
    amenities: ([] as string[]).concat(query.amenities ?? []),
    currency: one('currency', 'USD'),
    sort: one('sort', 'relevance'),
  }
  const body = {
    form,
    view,
    page,
    errors: found.errors,
    recommendations,
    hits,
    saved,
    canSave,
    map,
    currencies: currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` })),
    amenities: [...new Set([...amenities, ...form.amenities])],
  }
  return data(body, { status: found.errors ? 400 : 200 })
}

export default function SearchPage() {
  const { form, view, page, errors, recommendations, hits, saved, canSave, map, currencies, amenities } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  // A new search (the form, a page, a view, a map cluster) is in flight: the next page of this screen is loading.
  const searching = navigation.state !== 'idle' && navigation.location.pathname === '/dashboard/search'
  const params = new URLSearchParams(location.search)
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    const text = next.toString()
    return `/dashboard/search${text ? `?${text}` : ''}`
  }
  const savedId = (type: string, id: number) => {
    const wishlistType = WISHLIST_KIND[type as keyof typeof WISHLIST_KIND]
    return wishlistType ? saved[wishlistType]?.[id] ?? null : null
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Search & Discovery"
        description="Find activities, destinations, places and places to stay, filter and sort them, and see what we recommend for you."
      />

      <SearchForm form={form} view={view} errors={errors} currencies={currencies} amenities={amenities} searching={searching} />

      {errors ? (
        <Alert color="red" variant="light" title="Please check the filters">
          Some filters are not valid; each says why beside it.
        </Alert>
      ) : null}

      <RecommendationsSection recommendations={recommendations} savedId={savedId} canSave={canSave} />

      <SearchResults q={form.q} view={view} page={page} map={map} searching={searching} withParams={withParams} savedId={savedId} canSave={canSave} />

      {hits.length ? <ScreensAndPeople hits={hits} /> : null}
    </Stack>
  )
}
