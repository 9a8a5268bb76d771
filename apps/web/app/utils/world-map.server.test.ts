import { describe, expect, it } from 'vitest'
import type { MapPoint } from '../components/discovery/map-types.ts'
import { MAX_ZOOM, WORLD_HEIGHT, WORLD_WIDTH, mapView, parseMapView, project, worldOutlineSvg } from './world-map.server.ts'

function point(id: string, longitude: number | null, latitude: number | null): MapPoint {
  return { id, title: `Place ${id}`, url: `/places/${id}`, latitude, longitude }
}

// About 250 km apart: a few world pixels, one pin on the whole world, two apart at the deepest zoom.
const paris = point('paris', 2.35, 48.86)
const brussels = point('brussels', 4.35, 50.85)
const sydney = point('sydney', 151.21, -33.87)

function xy(p: MapPoint): [number, number] {
  const projected = project(p.longitude ?? Number.NaN, p.latitude ?? Number.NaN)
  if (!projected) throw new Error(`${p.id} is not on the map`)
  return projected
}

describe('project', () => {
  it('puts longitude 0, latitude 0 in the middle of the world box, east to the right and north up', () => {
    const [x, y] = xy(point('origin', 0, 0))
    expect(x).toBeCloseTo(WORLD_WIDTH / 2, 6)
    expect(y).toBeCloseTo(WORLD_HEIGHT / 2, 6)
    expect(xy(sydney)[0]).toBeGreaterThan(x)
    expect(xy(paris)[1]).toBeLessThan(y)
  })

  it('keeps every place inside the world box', () => {
    for (const [lon, lat] of [
      [-180, -90],
      [180, 90],
      [-180, 0],
      [180, 0],
    ] as const) {
      const [x, y] = project(lon, lat) ?? [Number.NaN, Number.NaN]
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThanOrEqual(WORLD_WIDTH)
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y).toBeLessThanOrEqual(WORLD_HEIGHT)
    }
  })

  it('is null for what is not a place on Earth', () => {
    expect(project(181, 0)).toBeNull()
    expect(project(0, -90.5)).toBeNull()
    expect(project(Number.NaN, 0)).toBeNull()
    expect(project(0, Number.POSITIVE_INFINITY)).toBeNull()
  })
})

describe('mapView: clustering', () => {
  it('puts two nearby points in one cluster on the whole world, at their mean', () => {
    const view = mapView([paris, brussels], { zoom: 0, x: 0, y: 0 })
    expect(view.clusters).toHaveLength(1)
    const [cluster] = view.clusters
    expect(cluster?.count).toBe(2)
    expect(cluster?.members.map((m) => m.id)).toEqual(['paris', 'brussels'])
    expect(cluster?.x).toBeCloseTo((xy(paris)[0] + xy(brussels)[0]) / 2, 1)
    expect(cluster?.y).toBeCloseTo((xy(paris)[1] + xy(brussels)[1]) / 2, 1)
  })

  it('splits them at the deepest zoom', () => {
    const [px, py] = xy(paris)
    const [bx, by] = xy(brussels)
    const view = mapView([paris, brussels], { zoom: MAX_ZOOM, x: (px + bx) / 2, y: (py + by) / 2 })
    expect(view.clusters.map((c) => [c.count, c.members[0]?.id])).toEqual([
      [1, 'paris'],
      [1, 'brussels'],
    ])
  })

  it('zooms a cluster in far enough that following its link splits it', () => {
    const [cluster] = mapView([paris, brussels], { zoom: 0, x: 0, y: 0 }).clusters
    const next = cluster?.zoomHref
    if (!next) throw new Error('no cluster')
    expect(next.map_zoom).toBeGreaterThan(0)
    const closer = mapView([paris, brussels], { zoom: next.map_zoom, x: next.map_x, y: next.map_y })
    expect(closer.clusters.map((c) => c.count)).toEqual([1, 1])
  })

  it('does not go past the deepest zoom for a cluster that cannot be split', () => {
    const twin = { ...paris, id: 'twin' }
    const [cluster] = mapView([paris, twin], { zoom: MAX_ZOOM, x: xy(paris)[0], y: xy(paris)[1] }).clusters
    expect(cluster?.count).toBe(2)
    expect(cluster?.zoomHref.map_zoom).toBe(MAX_ZOOM)
  })

  it('keeps far-apart points apart on the whole world', () => {
    const view = mapView([paris, sydney], { zoom: 0, x: 0, y: 0 })
    expect(view.clusters.map((c) => c.count)).toEqual([1, 1])
  })

  it('counts every member but lists only the first five', () => {
    const many = Array.from({ length: 8 }, (_, i) => point(`p${i}`, 2 + i * 0.1, 48))
    const [cluster] = mapView(many, { zoom: 0, x: 0, y: 0 }).clusters
    expect(cluster?.count).toBe(8)
    expect(cluster?.members.map((m) => m.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'])
  })
})

describe('mapView: the visible window', () => {
  it('does not count a point outside the view', () => {
    const [px, py] = xy(paris)
    const view = mapView([paris, sydney], { zoom: 2, x: px, y: py })
    expect(view.clusters).toHaveLength(1)
    expect(view.clusters[0]?.members.map((m) => m.id)).toEqual(['paris'])
    expect(view.unplaced).toBe(0)
  })

  it('shows no pin for a point that is only in the margin around the view', () => {
    const [px, py] = xy(paris)
    // At zoom 2 the window is 240 world px wide and the margin a 10 px cell: 5 px beyond the right edge.
    const view = mapView([paris], { zoom: 2, x: px - 120 - 5, y: py })
    expect(view.clusters).toEqual([])
  })

  it('counts the points without a usable position as unplaced, and only those', () => {
    const points = [paris, point('none', null, null), point('lat', 2, 91), point('lon', -181, 0), point('nan', Number.NaN, 10), sydney]
    const view = mapView(points, { zoom: 0, x: 0, y: 0 })
    expect(view.unplaced).toBe(4)
    expect(view.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(2)
  })
})

describe('mapView: clamping', () => {
  it('shows the whole world at zoom 0, whatever centre is asked for', () => {
    const view = mapView([], { zoom: 0, x: 10, y: 9999 })
    expect(view).toMatchObject({
      viewBox: `0 0 ${WORLD_WIDTH} ${WORLD_HEIGHT}`,
      x: WORLD_WIDTH / 2,
      y: WORLD_HEIGHT / 2,
      width: WORLD_WIDTH,
      height: WORLD_HEIGHT,
    })
  })

  it('keeps a zoomed window inside the world', () => {
    expect(mapView([], { zoom: 2, x: -1000, y: 10_000 })).toMatchObject({ viewBox: '0 375 240 125', x: 120, y: 437.5, width: 240, height: 125 })
    expect(mapView([], { zoom: 1, x: 10_000, y: -5 })).toMatchObject({ viewBox: '480 0 480 250', x: 720, y: 125 })
  })

  it('makes the zoom a whole number from 0 to the deepest', () => {
    expect(mapView([], { zoom: 9, x: 480, y: 250 }).zoom).toBe(MAX_ZOOM)
    expect(mapView([], { zoom: -2, x: 480, y: 250 }).zoom).toBe(0)
    expect(mapView([], { zoom: 1.6, x: 480, y: 250 }).zoom).toBe(2)
    expect(mapView([], { zoom: Number.NaN, x: 480, y: 250 }).zoom).toBe(0)
  })
})

describe('parseMapView', () => {
  const centre = { zoom: 0, x: WORLD_WIDTH / 2, y: WORLD_HEIGHT / 2 }

  it('reads a valid view', () => {
    expect(parseMapView(new URLSearchParams('map_zoom=3&map_x=500.5&map_y=120'))).toEqual({ zoom: 3, x: 500.5, y: 120 })
  })

  it.each(['', 'map_zoom=abc&map_x=%3Cscript%3E&map_y=1e400', 'map_zoom=&map_x=&map_y=', 'map_zoom=Infinity&map_x=NaN&map_y=--1', 'map_x=0x&map_y=%20'])(
    'falls back to the whole world for %j',
    (query) => {
      expect(parseMapView(new URLSearchParams(query))).toEqual(centre)
    },
  )

  it('keeps a valid zoom when the centre is garbage, centring the window on the world', () => {
    expect(parseMapView(new URLSearchParams('map_zoom=2&map_x=west&map_y='))).toEqual({ zoom: 2, x: WORLD_WIDTH / 2, y: WORLD_HEIGHT / 2 })
  })

  it('clamps what is out of range', () => {
    expect(parseMapView(new URLSearchParams('map_zoom=99&map_x=-50&map_y=900'))).toEqual({ zoom: MAX_ZOOM, x: 30, y: WORLD_HEIGHT - 15.625 })
  })
})

describe('worldOutlineSvg', () => {
  it('is a standalone SVG document of the world box with the land as a path', () => {
    const svg = worldOutlineSvg()
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain(`viewBox="0 0 ${WORLD_WIDTH} ${WORLD_HEIGHT}"`)
    expect(svg).toMatch(/<path d="M[\d.,-]+L[^"]{10000,}" fill="#[0-9a-f]{6}"/)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
  })
})
