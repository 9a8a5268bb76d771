/**
 * The dashboard's sidebar and Quick Access cards (1-platform-core.md §2, 3-back-office.md §6). Browser-safe.
 * The editor appears in no list of the spec; it gets the items its permissions cover (manage_content,
 * manage_activities, manage_destinations) plus the dashboard itself.
 */
import type { RoleName } from './permissions.ts'

export interface NavItem {
  label: string
  to: string
  roles: readonly RoleName[]
  /** A different label for some roles (travelers see 'Expert Communication'). */
  labelFor?: Partial<Record<RoleName, string>>
}

export interface NavSection {
  title: string
  items: NavItem[]
}

const ALL_FIVE = ['superadmin', 'admin', 'expert', 'specialist', 'traveler'] as const
const CATALOGUE = ['superadmin', 'admin', 'expert', 'editor'] as const

export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard/overview', roles: [...ALL_FIVE, 'editor'] },
      { label: 'My Trips', to: '/dashboard/trips', roles: ['traveler'] },
      { label: 'Trip Assignments', to: '/dashboard/assignments', roles: ['superadmin', 'expert', 'specialist'] },
      { label: 'Trip Management', to: '/dashboard/overview#trip-management', roles: ['superadmin', 'expert'] },
      { label: 'Assignment Queue', to: '/dashboard/overview#assignment-queue', roles: ['superadmin', 'expert', 'specialist'] },
      { label: 'Expert Assignments', to: '/dashboard/overview#expert-assignments', roles: ['superadmin', 'specialist'] },
    ],
  },
  {
    title: 'Travel Planning',
    items: [
      { label: 'Trip Planning', to: '/dashboard/overview#trip-planning', roles: ALL_FIVE },
      { label: 'Book Trip', to: '/dashboard/book-trip', roles: ['traveler'] },
      { label: 'Itineraries', to: '/dashboard/itineraries', roles: ['superadmin', 'expert', 'admin', 'traveler'] },
    ],
  },
  {
    title: 'Communication',
    items: [
      {
        label: 'Chat & Messages',
        to: '/dashboard/chat',
        roles: ['superadmin', 'expert', 'specialist', 'traveler'],
        labelFor: { traveler: 'Expert Communication' },
      },
      { label: 'Communication Hub', to: '/dashboard/overview#communication-hub', roles: ['superadmin', 'expert', 'specialist'] },
    ],
  },
  {
    title: 'Booking & Reservations',
    items: [
      { label: 'Flights', to: '/dashboard/flights', roles: ['superadmin', 'expert', 'admin', 'traveler'] },
      { label: 'Flight Management', to: '/dashboard/flight-management', roles: ['superadmin', 'admin', 'expert'] },
      { label: 'Transfers', to: '/dashboard/transfers', roles: ['superadmin', 'admin', 'expert'] },
      { label: 'Bookings', to: '/dashboard/bookings', roles: ['superadmin', 'expert', 'admin', 'traveler'] },
    ],
  },
  {
    title: 'Hotels',
    items: [{ label: 'Destinations', to: '/dashboard/destinations', roles: ['superadmin', 'expert', 'admin', 'traveler'] }],
  },
  {
    title: 'Activities',
    items: [
      { label: 'Search & Discovery', to: '/dashboard/search', roles: ALL_FIVE },
      { label: 'Activity Management', to: '/dashboard/activity-management', roles: CATALOGUE },
    ],
  },
  {
    title: 'Content & Resources',
    items: [
      { label: 'Destination Management', to: '/dashboard/destination-management', roles: CATALOGUE },
      { label: 'Location Management', to: '/dashboard/location-management', roles: CATALOGUE },
      { label: 'Content', to: '/dashboard/content', roles: CATALOGUE },
      { label: 'Media Library', to: '/dashboard/media', roles: CATALOGUE },
      { label: 'Supplier Management', to: '/dashboard/supplier-management', roles: ['superadmin', 'admin', 'expert'] },
    ],
  },
  {
    title: 'Financial Management',
    items: [{ label: 'Currency Management', to: '/dashboard/currency-management', roles: ['superadmin', 'admin'] }],
  },
  {
    title: 'Customer Management',
    items: [
      { label: 'Quiz Reviews', to: '/dashboard/quiz-reviews', roles: ['superadmin', 'specialist'] },
      { label: 'Quiz Review', to: '/dashboard/overview#quiz-review', roles: ['superadmin', 'specialist'] },
      { label: 'Customer Profiles', to: '/dashboard/overview#customer-profiles', roles: ['superadmin', 'expert', 'specialist', 'admin'] },
      { label: 'Wishlist', to: '/dashboard/wishlist', roles: ['traveler'] },
    ],
  },
  {
    title: 'Analytics & Reports',
    items: [
      { label: 'Analytics', to: '/dashboard/overview#analytics', roles: ['superadmin', 'admin', 'expert'] },
      { label: 'Performance', to: '/dashboard/performance', roles: ['superadmin', 'expert', 'specialist'] },
    ],
  },
  {
    title: 'Administration',
    items: [{ label: 'User Management', to: '/dashboard/users', roles: ['superadmin', 'admin'] }],
  },
]

/** The sections and items one role sees (sections with no visible item are left out). */
export function navigationFor(role: RoleName): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    title: section.title,
    items: section.items
      .filter((item) => item.roles.includes(role))
      .map((item) => ({ ...item, label: item.labelFor?.[role] ?? item.label })),
  })).filter((section) => section.items.length > 0)
}

export interface QuickAccessCard {
  title: string
  description: string
  to: string
  roles: readonly RoleName[] | 'everyone'
}

export const QUICK_ACCESS: QuickAccessCard[] = [
  { title: 'Destinations', description: 'Explore countries and places', to: '/dashboard/destinations', roles: 'everyone' },
  { title: 'Media Library', description: 'Photos and videos', to: '/dashboard/media', roles: 'everyone' },
  { title: 'Communications', description: 'Messages with travelers and experts', to: '/dashboard/chat', roles: 'everyone' },
  { title: 'Activities', description: 'Find experiences to add to trips', to: '/dashboard/search', roles: 'everyone' },
  { title: 'Suppliers', description: 'Partners and their services', to: '/dashboard/supplier-management', roles: ['superadmin', 'admin', 'expert'] },
  { title: 'Locations', description: 'Cities, islands and resorts', to: '/dashboard/location-management', roles: ['superadmin', 'admin', 'expert'] },
  { title: 'Activity Management', description: 'Tiered pricing and supplier connections', to: '/dashboard/activity-management', roles: ['superadmin', 'admin', 'expert'] },
  { title: 'Analytics', description: 'Platform figures and trends', to: '/dashboard/analytics', roles: ['superadmin', 'admin', 'expert'] },
  { title: 'User Management', description: 'People, roles and access', to: '/dashboard/users', roles: ['superadmin', 'admin'] },
  { title: 'Currency', description: 'Currencies, rates and margin', to: '/dashboard/currency-management', roles: ['superadmin', 'admin'] },
  { title: 'System Diagnostics', description: 'Check the platform’s endpoints', to: '/dashboard/diagnostics', roles: ['superadmin', 'admin'] },
  { title: 'Trip Planning', description: 'Plan and follow trips', to: '/dashboard/trip-planning', roles: ['expert', 'specialist', 'traveler'] },
]

export function quickAccessFor(role: RoleName): QuickAccessCard[] {
  return QUICK_ACCESS.filter((card) => card.roles === 'everyone' || card.roles.includes(role))
}

/** Header buttons (1-platform-core.md §2 and §6). */
export const showsPlanTrip = (role: RoleName) => role === 'traveler'
export const showsNewChat = (role: RoleName) => role === 'expert' || role === 'specialist'
