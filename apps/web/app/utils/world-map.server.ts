import { geoNaturalEarth1, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import atlas from 'world-atlas/land-110m.json'
import { MAX_ZOOM, WORLD_HEIGHT, WORLD_WIDTH } from '../components/discovery/map-types.ts'
import type { MapCluster, MapMember, MapPoint, MapViewParams, MapViewResult } from '../components/discovery/map-types.ts'

/*
 * The results map without a tile server: the land outline is one static SVG (served by /resources/world-map.svg), pins
 * are projected and clustered here, and the page draws both as plain SVG with links, so it works with JavaScript off.
 */

export { MAX_ZOOM, WORLD_HEIGHT, WORLD_WIDTH }

/** A pin gathers the points within this many screen pixels of its first point, whatever the zoom. */
const CELL_SCREEN_PX = 40
/** Members a cluster lists; the rest are reached by zooming in. */
const MEMBERS_SHOWN = 5
// Keeps the outline's stroke inside the box at the left and right edges.
const PAD = 2

const projection = geoNaturalEarth1().fitExtent(
  [
    [PAD, PAD],
    [WORLD_WIDTH - PAD, WORLD_HEIGHT - PAD],
  ],
  { type: 'Sphere' },
)

const topology = atlas as unknown as Parameters<typeof feature>[0]
const land = topology.objects.land
if (!land) throw new Error('world-atlas/land-110m.json has no "land" object')

// One decimal is a tenth of a world pixel: 1.6 screen pixels at the deepest zoom, and a third of the bytes of d3's default.
const LAND_PATH = geoPath(projection).digits(1)(feature(topology, land)) ?? ''

// The stroke scales with the zoom (the page magnifies the whole image), so it is thin and close to the fill.
const OUTLINE_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORLD_WIDTH} ${WORLD_HEIGHT}" width="${WORLD_WIDTH}" height="${WORLD_HEIGHT}">` +
  `<path d="${LAND_PATH}" fill="#dbe4ee" stroke="#a9bacb" stroke-width="0.3" stroke-linejoin="round"/></svg>`

/** The land of the world as a standalone SVG document, WORLD_WIDTH × WORLD_HEIGHT; the same string on every call. */
export function worldOutlineSvg(): string {
  return OUTLINE_SVG
}

/** World pixel position of a longitude and latitude; null for anything that is not a place on Earth. */
export function project(lon: number, lat: number): [x: number, y: number] | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) return null
  const xy = projection([lon, lat])
  return xy && Number.isFinite(xy[0]) && Number.isFinite(xy[1]) ? [xy[0], xy[1]] : null
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function round(value: number, places: number): number {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}

/** Size of the clustering cell in world pixels at a zoom. */
function cellSize(zoom: number): number {
  return CELL_SCREEN_PX / 2 ** zoom
}

/** The view made valid: a whole zoom in 0..MAX_ZOOM, and a centre that keeps the window inside the world. */
export function clampView(view: MapViewParams): MapViewParams {
  const zoom = Number.isFinite(view.zoom) ? clamp(Math.round(view.zoom), 0, MAX_ZOOM) : 0
  const halfWidth = WORLD_WIDTH / 2 ** zoom / 2
  const halfHeight = WORLD_HEIGHT / 2 ** zoom / 2
  const x = Number.isFinite(view.x) ? clamp(view.x, halfWidth, WORLD_WIDTH - halfWidth) : WORLD_WIDTH / 2
  const y = Number.isFinite(view.y) ? clamp(view.y, halfHeight, WORLD_HEIGHT - halfHeight) : WORLD_HEIGHT / 2
  return { zoom, x, y }
}

function parseNumber(value: string | null): number {
  // Number('') and Number(' ') are 0, which would be a real position; an empty parameter is a missing one.
  if (value === null || value.trim() === '') return Number.NaN
  return Number(value)
}

/** The map view of a URL's `map_zoom`, `map_x` and `map_y`; anything missing or malformed falls back to the whole world. */
export function parseMapView(params: URLSearchParams): MapViewParams {
  return clampView({ zoom: parseNumber(params.get('map_zoom')), x: parseNumber(params.get('map_x')), y: parseNumber(params.get('map_y')) })
}

interface Group {
  seedX: number
  seedY: number
  sumX: number
  sumY: number
  minX: number
  minY: number
  maxX: number
  maxY: number
  members: MapMember[]
  count: number
  /** At least one member is inside the window, not only in the margin around it. */
  visible: boolean
}

/**
 * The pins of one view: points inside the window (and a cell's margin, so a cluster on the edge counts the same as
 * it does in the neighbouring view) are clustered greedily, in the results' order: a point joins the nearest cluster
 * whose first point is within a cell of it, or starts one. A cluster shows only if a member is inside the window.
 */
export function mapView(points: readonly MapPoint[], view: MapViewParams): MapViewResult {
  const { zoom, x, y } = clampView(view)
  const width = WORLD_WIDTH / 2 ** zoom
  const height = WORLD_HEIGHT / 2 ** zoom
  const left = x - width / 2
  const top = y - height / 2
  const cell = cellSize(zoom)
  const within = (px: number, py: number, margin: number) =>
    px >= left - margin && px <= left + width + margin && py >= top - margin && py <= top + height + margin

  let unplaced = 0
  const groups: Group[] = []
  // Clusters by the grid cell of their first point: a point within a cell of a seed is in the 3 × 3 cells around it.
  const grid = new Map<string, Group[]>()
  for (const point of points) {
    const xy = typeof point.longitude === 'number' && typeof point.latitude === 'number' ? project(point.longitude, point.latitude) : null
    if (!xy) {
      unplaced++
      continue
    }
    const [px, py] = xy
    if (!within(px, py, cell)) continue
    const col = Math.floor(px / cell)
    const row = Math.floor(py / cell)
    let best: Group | undefined
    let bestDistance = Number.POSITIVE_INFINITY
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        for (const group of grid.get(`${col + dc}:${row + dr}`) ?? []) {
          const distance = Math.hypot(px - group.seedX, py - group.seedY)
          if (distance <= cell && distance < bestDistance) {
            best = group
            bestDistance = distance
          }
        }
      }
    }
    if (!best) {
      best = { seedX: px, seedY: py, sumX: 0, sumY: 0, minX: px, minY: py, maxX: px, maxY: py, members: [], count: 0, visible: false }
      groups.push(best)
      const key = `${col}:${row}`
      grid.set(key, [...(grid.get(key) ?? []), best])
    }
    best.count++
    best.sumX += px
    best.sumY += py
    best.minX = Math.min(best.minX, px)
    best.minY = Math.min(best.minY, py)
    best.maxX = Math.max(best.maxX, px)
    best.maxY = Math.max(best.maxY, py)
    best.visible ||= within(px, py, 0)
    if (best.members.length < MEMBERS_SHOWN) best.members.push({ id: point.id, title: point.title, url: point.url })
  }

  const clusters: MapCluster[] = groups
    .filter((group) => group.visible)
    .map((group) => {
      // Zoom in until the members are a cell apart or more, so one click splits them (the window still holds them:
      // they lie within two cells of each other at the current zoom, and a window is many cells across).
      const spread = Math.max(group.maxX - group.minX, group.maxY - group.minY)
      let next = Math.min(zoom + 1, MAX_ZOOM)
      while (next < MAX_ZOOM && spread < cellSize(next)) next++
      const centre = clampView({ zoom: next, x: (group.minX + group.maxX) / 2, y: (group.minY + group.maxY) / 2 })
      return {
        x: round(group.sumX / group.count, 2),
        y: round(group.sumY / group.count, 2),
        count: group.count,
        members: group.members,
        zoomHref: { map_zoom: centre.zoom, map_x: round(centre.x, 1), map_y: round(centre.y, 1) },
      }
    })

  return {
    viewBox: [left, top, width, height].map((value) => round(value, 2)).join(' '),
    x: round(x, 2),
    y: round(y, 2),
    width,
    height,
    zoom,
    clusters,
    unplaced,
  }
}
