import {
  ACTIVITY_MESSAGES,
  CATALOGUE_MESSAGES,
  CURRENCY_MESSAGES,
  MEDIA_MESSAGES,
  TRANSFER_MESSAGES,
  USER_MANAGEMENT_MESSAGES,
} from '@meridian/core/messages'

/** Each private screen's own sign-in text (the specs' "Please log in to access ..."), longest prefix first. */
const REASONS: [prefix: string, message: string][] = [
  ['/dashboard/users', USER_MANAGEMENT_MESSAGES.loginRequired],
  ['/dashboard/media', MEDIA_MESSAGES.authBody],
  ['/dashboard/currency-management', CURRENCY_MESSAGES.login],
  ['/dashboard/transfers', TRANSFER_MESSAGES.signIn],
  ['/dashboard/destination-management', CATALOGUE_MESSAGES.destinationsLogin],
  ['/dashboard/location-management', CATALOGUE_MESSAGES.locationsLogin],
  ['/dashboard/supplier-management', CATALOGUE_MESSAGES.suppliersLogin],
  ['/dashboard/activity-management', ACTIVITY_MESSAGES.login],
  ['/dashboard/accommodations', 'Please log in to access this page.'],
  ['/dashboard', 'Please log in to access the dashboard.'],
]

/**
 * Why the sign-in page was shown: a visitor sent there from a private page (redirectTo) reads that page's own text.
 * It is worked out from the address, so it shows with JavaScript off and whichever loader redirected first.
 */
export function loginReason(redirectTo: string | null): string | null {
  return reasonFor(redirectTo)?.[1] ?? null
}

/**
 * The spec's title above a screen's sign-in text, where it gives one: accommodation (2-catalogue-content.md), activity
 * and media management (§ Activities, Media) and user management (3-back-office.md §6).
 */
const TITLES: Record<string, string> = {
  '/dashboard/accommodations': 'Authentication Required',
  '/dashboard/activity-management': 'Authentication Required',
  '/dashboard/media': 'Authentication Required',
  '/dashboard/users': 'Authentication Required',
}

export function loginReasonTitle(redirectTo: string | null): string | null {
  const found = reasonFor(redirectTo)
  return found ? (TITLES[found[0]] ?? null) : null
}

function reasonFor(redirectTo: string | null): [string, string] | null {
  if (!redirectTo || !redirectTo.startsWith('/')) return null
  const path = redirectTo.split(/[?#]/)[0]!
  for (const [prefix, message] of REASONS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return [prefix, message]
  }
  return null
}
