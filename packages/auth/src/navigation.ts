/**
 * The dashboard's sidebar and Quick Access cards (1-platform-core.md §2, 3-back-office.md §6): the spec's labels,
 * order and paths. Who sees an item is not listed here by role: an item shows to those who may open its screen
 * (screen-access.ts, the rule the screen's loader enforces), narrowed where `needs` says so, so a link never leads to
 * a screen that refuses. docs/departures.md lists where this differs from the spec's role lists. Browser-safe.
 */
import { hasAnyPermission, type Permission, type RoleName } from './permissions.ts'
import { type AccessHolder, accessHolder, mayOpen, type ScreenPath } from './screen-access.ts'

export interface NavItem {
  label: string
  to: ScreenPath
  /**
   * Narrower than the screen's own rule: one of these permissions is needed as well (the spec shows the item to
   * fewer people than the screen admits, and no decision widens it).
   */
  needs?: readonly Permission[]
  /** A different label for some roles (travelers see 'Expert Communication'). */
  labelFor?: Partial<Record<RoleName, string>>
}

export interface NavSection {
  title: string
  items: NavItem[]
}

export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard/overview' },
      { label: 'My Trips', to: '/dashboard/trips' },
      { label: 'Trip Assignments', to: '/dashboard/assignments', needs: ['manage_assigned_trips', 'view_assignments'] },
      { label: 'Trip Management', to: '/dashboard/overview#trip-management' },
      { label: 'Assignment Queue', to: '/dashboard/overview#assignment-queue' },
      { label: 'Expert Assignments', to: '/dashboard/overview#expert-assignments' },
    ],
  },
  {
    title: 'Travel Planning',
    items: [
      { label: 'Trip Planning', to: '/dashboard/overview#trip-planning' },
      { label: 'Book Trip', to: '/dashboard/book-trip' },
      { label: 'Itineraries', to: '/dashboard/itineraries' },
      { label: 'Proposals', to: '/dashboard/proposals' },
    ],
  },
  {
    title: 'Communication',
    items: [
      { label: 'Chat & Messages', to: '/dashboard/chat', labelFor: { traveler: 'Expert Communication' } },
      { label: 'Communication Hub', to: '/dashboard/overview#communication-hub', needs: ['manage_assigned_trips', 'review_quizzes'] },
    ],
  },
  {
    title: 'Booking & Reservations',
    items: [
      { label: 'Flights', to: '/dashboard/flights' },
      { label: 'Flight Management', to: '/dashboard/flight-management' },
      { label: 'Transfers', to: '/dashboard/transfers' },
      { label: 'Bookings', to: '/dashboard/bookings' },
    ],
  },
  {
    title: 'Hotels',
    items: [{ label: 'Destinations', to: '/dashboard/destinations' }],
  },
  {
    title: 'Activities',
    items: [
      { label: 'Search & Discovery', to: '/dashboard/search' },
      { label: 'Activity Management', to: '/dashboard/activity-management' },
    ],
  },
  {
    title: 'Content & Resources',
    items: [
      { label: 'Destination Management', to: '/dashboard/destination-management' },
      { label: 'Location Management', to: '/dashboard/location-management' },
      { label: 'Content', to: '/dashboard/content' },
      { label: 'Media Library', to: '/dashboard/media' },
      // Decision 010: the sidebar keeps the spec's managers; a specialist reads suppliers at the address.
      { label: 'Supplier Management', to: '/dashboard/supplier-management', needs: ['manage_suppliers'] },
    ],
  },
  {
    title: 'Financial Management',
    items: [{ label: 'Currency Management', to: '/dashboard/currency-management' }],
  },
  {
    title: 'Customer Management',
    items: [
      { label: 'Quiz Reviews', to: '/dashboard/quiz-reviews' },
      { label: 'Quiz Review', to: '/dashboard/overview#quiz-review' },
      { label: 'Customer Profiles', to: '/dashboard/overview#customer-profiles' },
      { label: 'Wishlist', to: '/dashboard/wishlist' },
    ],
  },
  {
    title: 'Analytics & Reports',
    items: [
      { label: 'Analytics', to: '/dashboard/overview#analytics' },
      { label: 'Performance', to: '/dashboard/performance', needs: ['view_performance', 'view_assignments'] },
    ],
  },
  {
    title: 'Administration',
    items: [{ label: 'User Management', to: '/dashboard/users' }],
  },
]

/** Whether the user sees a link: they may open its screen, and hold one of its `needs` if it has any. */
export function offers(who: RoleName | AccessHolder, link: { to: ScreenPath; needs?: readonly Permission[] }): boolean {
  const user = accessHolder(who)
  return mayOpen(user, link.to) && (!link.needs || hasAnyPermission(user, link.needs))
}

/** The sections and items one user sees (sections with no visible item are left out); a role name stands for its default grant. */
export function navigationFor(who: RoleName | AccessHolder): NavSection[] {
  const user = accessHolder(who)
  return NAV_SECTIONS.map((section) => ({
    title: section.title,
    items: section.items.filter((item) => offers(user, item)).map((item) => ({ ...item, label: item.labelFor?.[user.role] ?? item.label })),
  })).filter((section) => section.items.length > 0)
}

export interface QuickAccessCard {
  title: string
  description: string
  to: ScreenPath
  needs?: readonly Permission[]
}

/** 3-back-office.md §6's cards, in its order; each shows to those who may open its screen (and hold its `needs`). */
export const QUICK_ACCESS: QuickAccessCard[] = [
  { title: 'Destinations', description: 'Explore countries and places', to: '/dashboard/destinations' },
  { title: 'Media Library', description: 'Photos and videos', to: '/dashboard/media' },
  { title: 'Communications', description: 'Messages with travelers and experts', to: '/dashboard/chat' },
  { title: 'Activities', description: 'Find experiences to add to trips', to: '/dashboard/search' },
  { title: 'Suppliers', description: 'Partners and their services', to: '/dashboard/supplier-management', needs: ['manage_suppliers'] },
  { title: 'Locations', description: 'Cities, islands and resorts', to: '/dashboard/location-management' },
  { title: 'Activity Management', description: 'Tiered pricing and supplier connections', to: '/dashboard/activity-management' },
  { title: 'Analytics', description: 'Platform figures and trends', to: '/dashboard/analytics' },
  { title: 'User Management', description: 'People, roles and access', to: '/dashboard/users' },
  { title: 'Currency', description: 'Currencies, rates and margin', to: '/dashboard/currency-management' },
  // The screen opens for all staff; the card stays with the administrators, as in the spec.
  { title: 'System Diagnostics', description: 'Check the platform’s endpoints', to: '/dashboard/diagnostics', needs: ['manage_users'] },
  { title: 'Trip Planning', description: 'Plan and follow trips', to: '/dashboard/trip-planning' },
]

export function quickAccessFor(who: RoleName | AccessHolder): QuickAccessCard[] {
  const user = accessHolder(who)
  return QUICK_ACCESS.filter((card) => offers(user, card))
}

/** Header buttons (1-platform-core.md §2 and §6), offered only where their screen opens. */
export const showsPlanTrip = (who: RoleName | AccessHolder) => accessHolder(who).role === 'traveler' && offers(who, { to: '/dashboard/book-trip' })
export const showsNewChat = (who: RoleName | AccessHolder) => {
  const { role } = accessHolder(who)
  return (role === 'expert' || role === 'specialist') && offers(who, { to: '/dashboard/chat/new' })
}
