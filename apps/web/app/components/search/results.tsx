import { Button, Group, SimpleGrid, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { SearchPage } from '@meridian/core'
import { DISCOVERY_MESSAGES } from '@meridian/validators/discovery-constants'
import type { MapViewResult } from '../discovery/map-types.ts'
import { ResultCard } from '../discovery/result-card.tsx'
import { ResultsMap } from '../discovery/results-map.tsx'
import { EmptyState } from '../kit/card-list.tsx'

/**
 * The search's results as a grid (a page at a time) or on the map, with the switch between the two views. `withParams`
 * makes this screen's address with some parameters changed (null drops one).
 */
export function SearchResults({
  q,
  view,
  page,
  map,
  searching,
  withParams,
  savedId,
  canSave,
}: {
  q: string
  view: 'grid' | 'map'
  /** Null when the filters are not valid. */
  page: SearchPage | null
  map: MapViewResult | null
  searching: boolean
  withParams: (changes: Record<string, string | null>) => string
  /** The wishlist item this result is saved as, if it is. */
  savedId: (type: string, id: number) => number | null
  canSave: boolean
}) {
  return (
    <section aria-labelledby="results-heading" aria-busy={searching || undefined}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="results-heading">
          {q ? `Results for “${q}”` : 'Results'}
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
  )
}
