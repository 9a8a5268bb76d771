import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const routesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/app/routes')

/** What a `$id` (or a package's `$reference`) segment stands for, by the screen's first segments. */
export type RecordKind =
  | 'activity'
  | 'country'
  | 'location'
  | 'supplier'
  | 'transfer'
  | 'currency'
  | 'rate'
  | 'media'
  | 'user'
  | 'trip'
  | 'customer'
  | 'expert'
  | 'itinerary'
  | 'conversation'
  | 'flight'
  | 'booking'
  | 'proposal'
  | 'package'

export interface DashboardScreen {
  /** The route file, for messages. */
  file: string
  /** The path with `$id` (or `$reference`) still in it, e.g. /dashboard/users/$id/edit. */
  pattern: string
  /** Which record fills `$id`, when there is one. */
  kind: RecordKind | null
  /** Drawn inside the dashboard frame (`dashboard.…`), or a page of its own under /dashboard (`dashboard_.…`, print). */
  framed: boolean
}

function kindOf(segments: string[]): RecordKind | null {
  if (segments[0] === 'bookings' && segments[1] === 'packages' && segments[2] === '$reference') return 'package'
  if (!segments.includes('$id')) {
    const other = segments.find((s) => s.startsWith('$'))
    if (other) throw new Error(`dashboard screen ${segments.join('/')} has a ${other} the accessibility suite cannot fill: add it to kindOf`)
    return null
  }
  const [first, second] = segments
  if (first === 'currency-management') return second === 'rates' ? 'rate' : 'currency'
  // A booking, its payment; a trip booked as a package.
  if (first === 'bookings') return second === 'package' ? 'trip' : 'booking'
  const kinds: Record<string, RecordKind> = {
    'activity-management': 'activity',
    'destination-management': 'country',
    destinations: 'country',
    'location-management': 'location',
    'supplier-management': 'supplier',
    transfers: 'transfer',
    media: 'media',
    users: 'user',
    trips: 'trip',
    customers: 'customer',
    experts: 'expert',
    itineraries: 'itinerary',
    chat: 'conversation',
    flights: 'flight',
    activities: 'activity',
    'flight-management': 'flight',
    proposals: 'proposal',
  }
  const kind = first ? kinds[first] : undefined
  if (!kind) throw new Error(`dashboard screen ${segments.join('/')} has an $id the accessibility suite cannot fill: add it to kindOf`)
  return kind
}

/**
 * Every /dashboard screen, read from the route files (a route with a page, not a redirect, a resource or the layout),
 * framed by the dashboard or a page of its own (the printable itinerary), so a screen added tomorrow is checked without
 * touching the tests.
 */
export function dashboardScreens(): DashboardScreen[] {
  return fs
    .readdirSync(routesDir)
    .filter((file) => (file.startsWith('dashboard.') || file.startsWith('dashboard_.')) && file.endsWith('.tsx'))
    .filter((file) => /export default/.test(fs.readFileSync(path.join(routesDir, file), 'utf8')))
    .map((file) => {
      const framed = file.startsWith('dashboard.')
      const segments = file
        .slice(framed ? 'dashboard.'.length : 'dashboard_.'.length, -'.tsx'.length)
        .split('.')
        .filter((s) => s !== '_index')
        .map((s) => s.replace(/_$/, ''))
      return { file, pattern: `/dashboard/${segments.join('/')}`, kind: kindOf(segments), framed }
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern))
}
