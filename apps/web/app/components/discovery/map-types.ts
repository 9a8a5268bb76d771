/*
 * The results map's shapes and world size, browser-safe: the component imports these, while the projection and the
 * clustering stay in utils/world-map.server.ts (d3-geo and the atlas never reach the client bundle).
 */

/** The world box in world pixels: the projection is fitted to it, and every view is a window onto it. */
export const WORLD_WIDTH = 960
export const WORLD_HEIGHT = 500
/** Zoom 0 shows the whole world; each level doubles the scale. */
export const MAX_ZOOM = 4

/** One search result as the map takes it; a result without coordinates (or with impossible ones) is not placed. */
export interface MapPoint {
  id: string
  title: string
  url: string
  latitude?: number | null
  longitude?: number | null
}

/** The view asked for: zoom 0..MAX_ZOOM and the centre in world pixels. */
export interface MapViewParams {
  zoom: number
  x: number
  y: number
}

/** What a link to another view of the map carries; the screen turns it into its own URL (hrefFor). */
export interface MapHrefParams {
  map_zoom: number
  map_x: number
  map_y: number
}

export interface MapMember {
  id: string
  title: string
  url: string
}

export interface MapCluster {
  /** Mean position of the members, world pixels. */
  x: number
  y: number
  count: number
  /** The first few members, in the order the results came. */
  members: MapMember[]
  /** A closer view centred on the members, far enough in to split them (or the deepest zoom). */
  zoomHref: MapHrefParams
}

export interface MapViewResult {
  /** `minX minY width height` of the visible window, world pixels. */
  viewBox: string
  /** The centre after clamping. */
  x: number
  y: number
  width: number
  height: number
  zoom: number
  clusters: MapCluster[]
  /** Points skipped for missing or impossible coordinates. */
  unplaced: number
}
