import { worldOutlineSvg } from '../utils/world-map.server.ts'

/**
 * The land outline the results map draws its pins on (components/discovery/results-map.tsx). Public and cacheable:
 * it is the same picture for everyone, with nothing about the user or their results in it.
 */
export function loader() {
  return new Response(worldOutlineSvg(), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
