import { describe, expect, it } from 'vitest'
import { mayOpen, PERMISSIONS, type Permission, ROLE_NAMES, ROLE_PERMISSIONS, type RoleName, type ScreenPath } from '@meridian/auth'
import { bookingScope } from './bookings/access.ts'
import { canReadDestinations, canReadSuppliers } from './catalogue/access.ts'
import { chatSide } from './chat/access.ts'
import type { Actor, ServiceContext } from './context.ts'
import { canManageCurrencies } from './currencies/access.ts'
import { canManageFlights, canSearchFlights } from './flights/access.ts'
import { canManageTransfers } from './transfers/access.ts'
import { requireAnalytics } from './analytics/report.ts'
import { requireQuizReviewer } from './quiz-review/access.ts'
import { tripScope } from './trips/access.ts'

/**
 * The sidebar, the Quick Access cards and the overview's sections offer a screen by its rule in
 * packages/auth/src/screen-access.ts. The screens whose services keep a rule of their own (a scope, a side, a role
 * list) must agree with that table for every kind of user, or a link would lead to a refusal (or hide a screen).
 */

function actor(role: RoleName, permissions: readonly string[], flags: Partial<Actor> = {}): Actor {
  return {
    id: 1,
    username: role,
    email: '',
    firstName: '',
    lastName: '',
    role,
    roleId: 1,
    roleDisplayName: role,
    roleDescription: '',
    permissions: [...permissions],
    isActive: true,
    isStaff: false,
    isSuperuser: false,
    profileIsSuperadmin: false,
    lastLogin: null,
    dateJoined: new Date(0),
    bio: '',
    phoneNumber: '',
    city: '',
    country: '',
    tokensValidAfter: new Date(0),
    ...flags,
  }
}

/** Every role with its default grant, with no permission, with each single permission, and flagged superuser. */
const USERS: Actor[] = ROLE_NAMES.flatMap((role) => [
  actor(role, ROLE_PERMISSIONS[role]),
  actor(role, []),
  actor(role, [], { isSuperuser: true, isStaff: true }),
  actor(role, [], { profileIsSuperadmin: true }),
  ...PERMISSIONS.map((p: Permission) => actor(role, [p])),
])

const passes = (check: (ctx: ServiceContext) => unknown, user: Actor) => {
  try {
    check({ actor: user } as ServiceContext)
    return true
  } catch {
    return false
  }
}

const SERVICE_RULES: [ScreenPath, (user: Actor) => boolean][] = [
  ['/dashboard/trip-planning', (u) => tripScope(u) !== null],
  ['/dashboard/itineraries', (u) => tripScope(u) !== null],
  ['/dashboard/overview#trip-planning', (u) => tripScope(u) !== null],
  ['/dashboard/chat', (u) => chatSide(u) !== null],
  ['/dashboard/bookings', (u) => bookingScope(u) !== null],
  ['/dashboard/flights', (u) => passes(canSearchFlights, u)],
  ['/dashboard/flight-management', (u) => passes(canManageFlights, u)],
  ['/dashboard/transfers', (u) => passes(canManageTransfers, u)],
  ['/dashboard/destination-management', (u) => passes(canReadDestinations, u)],
  ['/dashboard/supplier-management', (u) => passes(canReadSuppliers, u)],
  ['/dashboard/currency-management', (u) => passes(canManageCurrencies, u)],
  ['/dashboard/analytics', (u) => passes(requireAnalytics, u)],
  ['/dashboard/quiz-reviews', (u) => passes(requireQuizReviewer, u)],
]

describe('the access table (screen-access.ts) and the services', () => {
  it.each(SERVICE_RULES)('agree on %s for every role and grant', (screen, service) => {
    const disagree = USERS.filter((u) => mayOpen(u, screen) !== service(u)).map((u) => `${u.role} [${u.permissions.join(',')}]`)
    expect(disagree).toEqual([])
  })
})
