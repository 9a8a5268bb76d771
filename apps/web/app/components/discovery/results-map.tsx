import { useId } from 'react'
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { MAX_ZOOM, WORLD_HEIGHT, WORLD_WIDTH } from './map-types.ts'
import type { MapCluster, MapHrefParams, MapViewResult } from './map-types.ts'

/*
 * The map keeps one light palette in both colour schemes: the outline is an image that cannot follow the page's CSS
 * variables, and fixed colours keep the contrasts below true. White on #1864ab is 6.1:1 (the count in a cluster);
 * #1864ab against the land (#dbe4ee) is 4.7:1 and against the sea 5.6:1, above the 3:1 a graphic needs.
 */
const PIN_FILL = '#1864ab'
const PIN_TEXT = '#ffffff'
const PIN_EDGE = '#ffffff'
const SEA_FILL = '#f3f6f9'
const FOCUS_RING = '#212529'

// Screen pixels; divided by the view's scale so pins keep their size at every zoom.
const PIN_RADIUS = 7
const PIN_STROKE = 2
const FOCUS_STROKE = 3

function clusterRadius(count: number): number {
  return Math.min(24, 11 + 3 * Math.log2(count))
}

// Only the focus ring's colour changes on focus; its width is an attribute, scaled like the pins. The ring's transparent
// fill widens what a pointer can hit to 24 px across.
const STYLES = `
.meridian-results-map a { outline: none; }
.meridian-results-map a .focus-ring { stroke: transparent; }
.meridian-results-map a:focus-visible .focus-ring { stroke: ${FOCUS_RING}; }
`

export interface ResultsMapProps {
  view: MapViewResult
  hrefFor: (params: MapHrefParams) => string
  unplaced: number
}

/**
 * Search results on a world map, whole on the server: pins and clusters are SVG links (a pin opens its result, a
 * cluster zooms in on its members), and a list under the map names the same results for those who cannot use it.
 */
export function ResultsMap({ view, hrefFor, unplaced }: ResultsMapProps) {
  const id = useId()
  const labelId = `${id}-label`
  const scale = 2 ** view.zoom
  const shown = view.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
  const deepest = view.zoom >= MAX_ZOOM
  // At the deepest zoom a cluster can be split no further: it leads to its members in the list instead.
  const listItemId = (index: number) => `${id}-cluster-${index}`

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={labelId} size="sm" c="dimmed">
          {mapCaption(shown, view.zoom)}
        </Text>
        {view.zoom > 0 ? (
          <Group gap="xs">
            <Button component={Link} to={hrefFor({ map_zoom: view.zoom - 1, map_x: view.x, map_y: view.y })} variant="default" size="xs">
              Zoom out
            </Button>
            <Button component={Link} to={hrefFor({ map_zoom: 0, map_x: WORLD_WIDTH / 2, map_y: WORLD_HEIGHT / 2 })} variant="default" size="xs">
              Whole world
            </Button>
          </Group>
        ) : null}
      </Group>

      {/* A group, not role="img": an image's children are presentational, which would hide the pins' links. */}
      <svg
        role="group"
        aria-labelledby={labelId}
        viewBox={view.viewBox}
        className="meridian-results-map"
        style={{ display: 'block', width: '100%', height: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        <style>{STYLES}</style>
        <rect x={0} y={0} width={WORLD_WIDTH} height={WORLD_HEIGHT} fill={SEA_FILL} />
        <image href="/resources/world-map.svg" x={0} y={0} width={WORLD_WIDTH} height={WORLD_HEIGHT} aria-hidden="true" />
        {view.clusters.map((cluster, index) => (
          <Pin
            key={cluster.members[0]?.id ?? index}
            cluster={cluster}
            scale={scale}
            href={pinHref(cluster, hrefFor, deepest, listItemId(index))}
            deepest={deepest}
          />
        ))}
      </svg>

      {view.clusters.length > 0 ? (
        <Box component="ul" m={0} pl="lg">
          {view.clusters.map((cluster, index) => (
            <ClusterItems
              key={cluster.members[0]?.id ?? index}
              cluster={cluster}
              firstId={listItemId(index)}
              moreHref={deepest ? null : hrefFor(cluster.zoomHref)}
            />
          ))}
        </Box>
      ) : (
        <Text size="sm">{view.zoom > 0 ? 'No results in this part of the map.' : 'No results on the map.'}</Text>
      )}
      {unplaced > 0 ? (
        <Text size="sm" c="dimmed">
          {unplaced === 1 ? '1 result has no map position.' : `${unplaced} results have no map position.`}
        </Text>
      ) : null}
    </Stack>
  )
}

function mapCaption(shown: number, zoom: number): string {
  const results = shown === 1 ? '1 result' : `${shown} results`
  return zoom > 0 ? `Map of the results, zoomed in ${2 ** zoom} times: ${results} in view` : `Map of the results: ${results}`
}

/** A result's address as given, if it is a path on this site or a web address; a link never runs script (`javascript:`). */
function safeUrl(url: string): string {
  return /^(\/(?![/\\])|https?:\/\/)/i.test(url) ? url : '#'
}

function pinHref(cluster: MapCluster, hrefFor: ResultsMapProps['hrefFor'], deepest: boolean, listItemId: string): string {
  if (cluster.count === 1) return safeUrl(cluster.members[0]?.url ?? '')
  return deepest ? `#${listItemId}` : hrefFor(cluster.zoomHref)
}

function Pin({ cluster, scale, href, deepest }: { cluster: MapCluster; scale: number; href: string; deepest: boolean }) {
  const member = cluster.members[0]
  const single = cluster.count === 1 && member
  const r = (single ? PIN_RADIUS : clusterRadius(cluster.count)) / scale
  // A pin is named by its result; a cluster's name starts with the number drawn in it, so speech input can say it.
  const label = single ? member.title : deepest ? `${cluster.count} results here, listed below the map` : `${cluster.count} results here, zoom in`
  return (
    <a href={href} aria-label={label}>
      <title>{label}</title>
      <circle
        className="focus-ring"
        cx={cluster.x}
        cy={cluster.y}
        r={r + (PIN_STROKE + FOCUS_STROKE) / scale}
        fill="transparent"
        strokeWidth={FOCUS_STROKE / scale}
      />
      <circle cx={cluster.x} cy={cluster.y} r={r} fill={PIN_FILL} stroke={PIN_EDGE} strokeWidth={PIN_STROKE / scale} />
      {single ? null : (
        <text
          x={cluster.x}
          y={cluster.y}
          fill={PIN_TEXT}
          fontSize={(cluster.count >= 100 ? 10 : 12) / scale}
          fontWeight={700}
          fontFamily="system-ui, sans-serif"
          textAnchor="middle"
          dominantBaseline="central"
        >
          {cluster.count}
        </text>
      )}
    </a>
  )
}

/** One cluster's members in the list; those beyond the first few are reached by zooming in on the cluster. */
function ClusterItems({ cluster, firstId, moreHref }: { cluster: MapCluster; firstId: string; moreHref: string | null }) {
  const more = cluster.count - cluster.members.length
  return (
    <>
      {cluster.members.map((member, index) => (
        <li key={member.id} id={index === 0 ? firstId : undefined}>
          <Anchor component={Link} to={safeUrl(member.url)} size="sm">
            {member.title}
          </Anchor>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Text span size="sm">
            {more === 1 ? '1 more result' : `${more} more results`} near {cluster.members[0]?.title}
            {moreHref ? (
              <>
                {' '}
                (
                <Anchor component={Link} to={moreHref} size="sm">
                  zoom in
                </Anchor>
                )
              </>
            ) : null}
          </Text>
        </li>
      ) : null}
    </>
  )
}
