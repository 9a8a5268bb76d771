import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
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
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, INCLUDED_SERVICE_LABELS } from '@meridian/validators/activity-constants'
import {
  DISCOVERY_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_PRICE_RANGE,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
} from '@meridian/validators/discovery-constants'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { ResultCard, WISHLIST_KIND } from '../components/discovery/result-card.tsx'
import { ResultsMap } from '../components/discovery/results-map.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { fieldError } from '../components/kit/banners.tsx'
import { IconArrowRight, IconSearch } from '../components/shell/icons.tsx'
import { TYPE_LABELS } from '../components/shell/header-search.tsx'
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
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // A new search (the form, a page, a view, a map cluster) is in flight: the next page of this screen is loading.
  const searching = navigation.state !== 'idle' && navigation.location.pathname === '/dashboard/search'
  const apply = (target: HTMLFormElement | null, delay = 0) => {
    if (!target) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => submit(target, { replace: true, preventScrollReset: true }), delay)
  }
  const err = (name: string) => fieldError(errors ?? undefined, name)
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

      <Paper withBorder radius="md" p="md">
        <Form
          method="get"
          role="search"
          aria-label="Search the catalogue"
          onChange={(e) => {
            const field = e.target as HTMLInputElement
            // Typing waits for a pause; a choice applies at once.
            if (field.name === 'q' || field.name === 'location') apply(e.currentTarget, SEARCH_DEBOUNCE_MS)
            else if (field.type !== 'number' && field.type !== 'date') apply(e.currentTarget)
          }}
        >
          {view === 'map' ? <input type="hidden" name="view" value="map" /> : null}
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                type="search"
                name="q"
                label="Search"
                placeholder="Activities, destinations, places to stay…"
                defaultValue={form.q}
                maxLength={100}
                leftSection={<IconSearch size={16} />}
                error={err('q')}
                style={{ flex: '2 1 260px' }}
              />
              <TextInput
                name="location"
                label="Location"
                placeholder="City or country"
                defaultValue={form.location}
                maxLength={100}
                error={err('location')}
                style={{ flex: '1 1 180px' }}
              />
              <NativeSelect
                name="type"
                label="Type"
                defaultValue={form.type}
                data={[{ value: '', label: 'Everything' }, ...SEARCH_KINDS.map((k) => ({ value: k, label: SEARCH_KIND_LABELS[k] }))]}
                error={err('type')}
                style={{ flex: '0 1 170px' }}
              />
              <NativeSelect
                name="sort"
                label="Sort by"
                defaultValue={form.sort}
                data={SEARCH_SORTS.map((s) => ({ value: s, label: SEARCH_SORT_LABELS[s] }))}
                error={err('sort')}
                style={{ flex: '0 1 180px' }}
              />
            </Group>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                type="number"
                name="price_min"
                label="Price from"
                min={SEARCH_PRICE_RANGE[0]}
                max={SEARCH_PRICE_RANGE[1]}
                step="0.01"
                placeholder={String(SEARCH_PRICE_RANGE[0])}
                defaultValue={form.price_min}
                error={err('price_min')}
                style={{ flex: '0 1 120px' }}
              />
              <TextInput
                type="number"
                name="price_max"
                label="Price to"
                min={SEARCH_PRICE_RANGE[0]}
                max={SEARCH_PRICE_RANGE[1]}
                step="0.01"
                placeholder={SEARCH_PRICE_RANGE[1].toLocaleString('en-US')}
                defaultValue={form.price_max}
                error={err('price_max')}
                style={{ flex: '0 1 120px' }}
              />
              <NativeSelect
                name="currency"
                label="Currency"
                defaultValue={form.currency}
                data={currencies}
                error={err('currency')}
                style={{ flex: '0 1 130px' }}
              />
              <NativeSelect
                name="rating"
                label="Rating"
                defaultValue={form.rating}
                data={[
                  { value: '', label: 'Any rating' },
                  { value: '3', label: '3 and up' },
                  { value: '4', label: '4 and up' },
                  { value: '4.5', label: '4.5 and up' },
                ]}
                error={err('rating')}
                style={{ flex: '0 1 140px' }}
              />
              <TextInput type="date" name="date_from" label="From" defaultValue={form.date_from} error={err('date_from')} style={{ flex: '0 1 150px' }} />
              <TextInput type="date" name="date_to" label="To" defaultValue={form.date_to} error={err('date_to')} style={{ flex: '0 1 150px' }} />
              <TextInput
                type="number"
                name="travelers"
                label="Travelers"
                min={1}
                max={20}
                defaultValue={form.travelers}
                error={err('travelers')}
                style={{ flex: '0 1 100px' }}
              />
            </Group>
            <Checkbox.Group label="Categories" error={err('categories')} defaultValue={form.categories}>
              <Group gap="sm" mt={4}>
                {ACTIVITY_CATEGORIES.map((c) => (
                  <Checkbox key={c} name="categories" value={c} label={ACTIVITY_CATEGORY_LABELS[c]} size="xs" />
                ))}
              </Group>
            </Checkbox.Group>
            {amenities.length ? (
              <Checkbox.Group label="Amenities" error={err('amenities')} defaultValue={form.amenities}>
                <Group gap="sm" mt={4}>
                  {amenities.map((a) => (
                    <Checkbox key={a} name="amenities" value={a} label={INCLUDED_SERVICE_LABELS[a as keyof typeof INCLUDED_SERVICE_LABELS] ?? a} size="xs" />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
            <Group gap="sm">
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Search
              </Button>
              <Button component={Link} to={view === 'map' ? '/dashboard/search?view=map' : '/dashboard/search'} variant="default">
                Clear filters
              </Button>
              {/* Always in the page and empty at rest, so a screen reader announces the text when a search starts. */}
              <div role="status" aria-live="polite" aria-atomic="true">
                {searching ? (
                  <Group gap="xs" wrap="nowrap">
                    <Loader size="sm" aria-hidden />
                    <Text size="sm">{DISCOVERY_MESSAGES.searching}</Text>
                  </Group>
                ) : null}
              </div>
            </Group>
          </Stack>
        </Form>
      </Paper>

      {errors ? (
        <Alert color="red" variant="light" title="Please check the filters">
          Some filters are not valid; each says why beside it.
        </Alert>
      ) : null}

      <section aria-labelledby="recommendations-heading">
        <Group gap="xs" mb="sm">
          <Title order={2} size="h4" id="recommendations-heading">
            {recommendations.basis === 'promoted' ? 'Promoted destinations' : 'Recommended for you'}
          </Title>
          {recommendations.basis === 'promoted' ? (
            <Badge variant="light" color="gray">
              Promoted
            </Badge>
          ) : null}
        </Group>
        {recommendations.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing to recommend yet: save destinations and activities you like, or take the onboarding quiz.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {recommendations.results.map((r) => (
              <ResultCard
                key={r.id}
                result={{
                  id: r.id,
                  type: r.type,
                  object_id: r.data.object_id,
                  title: r.title,
                  description: '',
                  location: r.data.location,
                  price: r.data.price_per_person,
                  currency: r.data.currency,
                  rating: null,
                  image: r.data.image,
                  category: r.data.category,
                  amenities: [],
                  url: r.data.url,
                  latitude: null,
                  longitude: null,
                  featured: false,
                  relevance: 0,
                }}
                travelers="per person"
                savedItemId={savedId(r.type, r.data.object_id)}
                canSave={canSave}
                extra={
                  <Text size="sm">
                    {r.data.promoted ? null : (
                      <Text span fw={700}>
                        {Math.round(r.confidence * 100)}% match ·{' '}
                      </Text>
                    )}
                    {r.reason}
                  </Text>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="results-heading" aria-busy={searching || undefined}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="results-heading">
            {form.q ? `Results for “${form.q}”` : 'Results'}
          </Title>
          <Group gap="xs" role="navigation" aria-label="Views">
            <Button
              component={Link}
              to={withParams({ view: null, map_zoom: null, map_x: null, map_y: null })}
              size="xs"
              variant={view === 'grid' ? 'filled' : 'default'}
              aria-current={view === 'grid' ? 'page' : undefined}
            >
              Grid
            </Button>
            <Button
              component={Link}
              to={withParams({ view: 'map', page: null })}
              size="xs"
              variant={view === 'map' ? 'filled' : 'default'}
              aria-current={view === 'map' ? 'page' : undefined}
            >
              Map
            </Button>
          </Group>
        </Group>
        {!page ? null : page.results.length === 0 ? (
          <EmptyState title={DISCOVERY_MESSAGES.noResults} hint={DISCOVERY_MESSAGES.noResultsHint} />
        ) : view === 'map' && map ? (
          <ResultsMap
            view={map}
            unplaced={map.unplaced}
            hrefFor={(p) => withParams({ map_zoom: String(p.map_zoom), map_x: String(Math.round(p.map_x)), map_y: String(Math.round(p.map_y)) })}
          />
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite" mb="xs">
              Page {page.page}
              {page.travelers > 1 ? ` · activities priced for ${page.travelers} travelers` : ''} · prices in {page.currency.code}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {page.results.map((r) => (
                <ResultCard key={r.id} result={r} travelers={page.travelers} savedItemId={savedId(r.type, r.object_id)} canSave={canSave} />
              ))}
            </SimpleGrid>
            <Group component="nav" justify="center" gap="sm" mt="md" aria-label="Pages">
              {page.page > 1 ? (
                <Button component={Link} to={withParams({ page: page.page === 2 ? null : String(page.page - 1) })} variant="default" size="xs">
                  Previous
                </Button>
              ) : null}
              <span>Page {page.page}</span>
              {page.has_next ? (
                <Button component={Link} to={withParams({ page: String(page.page + 1) })} variant="default" size="xs">
                  Next
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </section>

      {hits.length ? (
        <section aria-labelledby="screens-heading">
          <Title order={2} size="h4" id="screens-heading" mb="sm">
            Screens and people
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {hits.map((hit) => (
              <li key={`${hit.type}:${hit.id}`}>
                <Paper withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={hit.url} fw={600}>
                        {hit.title}
                      </Anchor>
                      <Text size="sm" c="dimmed" truncate>
                        {hit.subtitle}
                      </Text>
                    </div>
                    <Group gap="sm" wrap="nowrap">
                      <Badge variant="light" color="gray">
                        {TYPE_LABELS[hit.type as keyof typeof TYPE_LABELS]}
                      </Badge>
                      <IconArrowRight size={16} />
                    </Group>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  )
}
