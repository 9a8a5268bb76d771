/**
 * Who may open each dashboard screen and each anchored section of the overview: the one table the screens' loaders
 * and services enforce (through the core helpers that call these rules) and the sidebar, the Quick Access cards and
 * the overview read (navigation.ts), so a link is never offered to someone its screen refuses. Browser-safe.
 *
 * Every rule reads the permission table (permissions.ts, 1-platform-core.md §6); a few screens also name roles
 * where their recorded decision does (transfers and flights: decision 015; media and activities: spec 2 §6). See
 * docs/departures.md for where this differs from the spec's navigation table.
 */
import { hasAnyPermission, hasAnyRole, hasPermission, type Permission, type PermissionHolder, ROLE_PERMISSIONS, type RoleName } from './permissions.ts'

/** A signed-in user as the rules see them: role, permissions and the two superadmin-level flags. */
export interface AccessHolder extends PermissionHolder {
  isSuperuser?: boolean
  /** The staff profile's superadmin flag (3-back-office.md §6). */
  profileIsSuperadmin?: boolean
  /** The staff flag (is_staff). */
  isStaff?: boolean
}

export type AccessRule = (user: AccessHolder) => boolean

const can = (user: AccessHolder, permission: Permission) => hasPermission(user, permission)
const canAny = (user: AccessHolder, permissions: readonly Permission[]) => hasAnyPermission(user, permissions)
const manageActivities: AccessRule = (u) => hasAnyRole(u, ['superadmin', 'admin', 'expert']) || can(u, 'manage_activities')
const manageMedia: AccessRule = (u) => hasAnyRole(u, ['superadmin', 'admin', 'expert']) || Boolean(u.isSuperuser) || can(u, 'manage_content')
const manageDestinations: AccessRule = (u) => can(u, 'manage_destinations')

/** The named rules; the core helpers of the same meaning call these (packages/core/src/…/access.ts). */
export const ACCESS = {
  signedIn: () => true,
  /** Staff: every role but traveler, or the staff / superuser flags. */
  staff: (u: Pick<AccessHolder, 'role' | 'isStaff' | 'isSuperuser'>) => Boolean(u.isStaff || u.isSuperuser) || u.role !== 'traveler',
  /** Superadmin-level: a superuser, a profile flagged superadmin, or the superadmin role (3-back-office.md §6). */
  superadminLevel: (u: Pick<AccessHolder, 'role' | 'isSuperuser' | 'profileIsSuperadmin'>) =>
    Boolean(u.isSuperuser || u.profileIsSuperadmin) || u.role === 'superadmin',
  /** Trips of one's own (My Trips, Book Trip, Wishlist): create_trips. */
  ownTrips: (u) => can(u, 'create_trips'),
  /** Travel quizzes opened from Trip Planning (1-platform-core.md §6): access_trip_planning. */
  tripPlanningQuizzes: (u) => can(u, 'access_trip_planning'),
  /** Any trip scope (docs/trips.md): every trip (manage_trips, view_assignments), assigned ones, or one's own. */
  tripScope: (u) => canAny(u, ['manage_trips', 'view_assignments', 'manage_assigned_trips', 'create_trips']),
  /** Proposals (docs/proposals.md): travelers (their trips'), experts (the trips they plan), staff with manage_trips. */
  proposals: (u) => canAny(u, ['manage_trips', 'manage_assigned_trips', 'create_trips']),
  /** Assigning experts: specialists (view_assignments), admins (manage_trips), superadmin. */
  assignExperts: (u) => canAny(u, ['view_assignments', 'manage_trips']),
  /** Trip Assignments: the expert's desk (manage_assigned_trips) or assigning. */
  assignments: (u) => canAny(u, ['manage_assigned_trips', 'view_assignments', 'manage_trips']),
  /** Every expert's performance (specialists, admins) or one's own (view_performance). */
  allPerformance: (u) => canAny(u, ['manage_trips', 'view_assignments']),
  performance: (u) => canAny(u, ['manage_trips', 'view_assignments', 'view_performance']),
  /** Chat (docs/chat.md): travelers, experts, specialists, admins (when asked in), the superadmin. */
  chat: (u) => canAny(u, ['manage_assigned_trips', 'review_quizzes', 'manage_trips', 'create_trips']),
  /** Bookings: all (manage_trips), handled (manage_assigned_trips), own (view_bookings). */
  bookings: (u) => canAny(u, ['manage_trips', 'manage_assigned_trips', 'view_bookings']),
  /** Keeping flights and transfers: superadmin, admin and expert by role, '*' too (decision 015). */
  flightManager: (u) => can(u, '*') || hasAnyRole(u, ['admin', 'expert']),
  flights: (u) => can(u, '*') || hasAnyRole(u, ['admin', 'expert']) || can(u, 'create_trips'),
  transfers: (u) => can(u, '*') || hasAnyRole(u, ['superadmin', 'admin', 'expert']),
  /** Activities (1-platform-core.md §6): superadmin, admin, expert, or manage_activities. */
  manageActivities,
  /** Media (spec 2 §6): superadmin, admin, expert, a superuser, or manage_content. */
  manageMedia,
  manageDestinations,
  /** Content Management: a hub of the content areas; for those who may open one of them. */
  content: (u) => manageActivities(u) || manageMedia(u) || manageDestinations(u),
  /** Supplier Management (decision 010): manage_suppliers, or view_suppliers read-only. */
  suppliers: (u) => canAny(u, ['manage_suppliers', 'view_suppliers']),
  manageCurrencies: (u) => can(u, 'manage_currencies'),
  reviewQuizzes: (u) => can(u, 'review_quizzes'),
  /** Customer Profiles: specialists (manage_customer_profiles), admins (manage_users), superadmin. */
  customers: (u) => canAny(u, ['manage_customer_profiles', 'manage_users']),
  /** Analytics (1-platform-core.md §6): view_analytics or '*'. */
  analytics: (u) => can(u, 'view_analytics'),
} satisfies Record<string, AccessRule>

/**
 * Each screen a link of the dashboard can point at, with the rule its loader enforces. An anchor of the overview
 * (`/dashboard/overview#…`) is a section of that page, shown to those its rule lets in (listOverviewSections).
 */
export const SCREEN_ACCESS = {
  '/dashboard/overview': ACCESS.signedIn,
  '/dashboard/trips': ACCESS.ownTrips,
  '/dashboard/assignments': ACCESS.assignments,
  '/dashboard/overview#trip-management': (u) => can(u, 'manage_assigned_trips'),
  '/dashboard/overview#assignment-queue': (u) => canAny(u, ['manage_assigned_trips', 'view_assignments']),
  '/dashboard/overview#expert-assignments': (u) => can(u, 'view_assignments'),
  '/dashboard/overview#trip-planning': ACCESS.tripScope,
  '/dashboard/trip-planning': ACCESS.tripScope,
  '/dashboard/book-trip': ACCESS.ownTrips,
  '/dashboard/quizzes': ACCESS.tripPlanningQuizzes,
  '/dashboard/itineraries': ACCESS.tripScope,
  '/dashboard/proposals': ACCESS.proposals,
  '/dashboard/chat': ACCESS.chat,
  '/dashboard/chat/new': ACCESS.chat,
  '/dashboard/overview#communication-hub': ACCESS.chat,
  '/dashboard/flights': ACCESS.flights,
  '/dashboard/flight-management': ACCESS.flightManager,
  '/dashboard/transfers': ACCESS.transfers,
  '/dashboard/bookings': ACCESS.bookings,
  '/dashboard/destinations': ACCESS.signedIn,
  '/dashboard/search': ACCESS.signedIn,
  '/dashboard/activity-management': ACCESS.manageActivities,
  '/dashboard/destination-management': ACCESS.manageDestinations,
  '/dashboard/location-management': ACCESS.manageDestinations,
  '/dashboard/content': ACCESS.content,
  '/dashboard/media': ACCESS.manageMedia,
  '/dashboard/supplier-management': ACCESS.suppliers,
  '/dashboard/currency-management': ACCESS.manageCurrencies,
  '/dashboard/quiz-reviews': ACCESS.reviewQuizzes,
  '/dashboard/overview#quiz-review': ACCESS.reviewQuizzes,
  '/dashboard/customers': ACCESS.customers,
  '/dashboard/overview#customer-profiles': ACCESS.customers,
  '/dashboard/wishlist': ACCESS.ownTrips,
  '/dashboard/analytics': ACCESS.analytics,
  '/dashboard/overview#analytics': ACCESS.analytics,
  '/dashboard/performance': ACCESS.performance,
  '/dashboard/users': ACCESS.superadminLevel,
  '/dashboard/diagnostics': ACCESS.staff,
} satisfies Record<string, AccessRule>

export type ScreenPath = keyof typeof SCREEN_ACCESS

/** A role name stands for a user holding that role's default grant (the roles table starts from it). */
export function accessHolder(who: RoleName | AccessHolder): AccessHolder {
  return typeof who === 'string' ? { role: who, permissions: ROLE_PERMISSIONS[who] } : who
}

/** Whether this user may open the screen (or see the overview's section). */
export function mayOpen(who: RoleName | AccessHolder, screen: ScreenPath): boolean {
  return SCREEN_ACCESS[screen](accessHolder(who))
}
