/**
 * Trips and trip requests (1-platform-core.md §3, §9; 2-catalogue-content.md §4). The lists the specification names
 * are kept exactly; transport, accessibility and dietary values are not named there and are chosen here
 * (docs/decisions/023-trips.md). Browser-safe: the wizard shows these labels and the service checks these values.
 */

export const TRAVEL_STYLES = ['budget', 'comfort', 'luxury', 'ultra_luxury'] as const
export const TRIP_TYPES = ['romantic', 'family', 'adventure', 'business', 'solo', 'group'] as const
export const ACCOMMODATION_TYPES = ['hotel', 'resort', 'villa', 'apartment', 'boutique', 'eco'] as const
export const TRIP_ACTIVITIES = ['sightseeing', 'adventure', 'culture', 'food', 'wellness', 'shopping', 'nightlife', 'nature'] as const
export const DINING_PREFERENCES = ['local', 'fine_dining', 'street_food', 'international', 'vegetarian', 'seafood'] as const
export const TRANSPORT_PREFERENCES = ['private_transfer', 'rental_car', 'public_transport', 'train', 'domestic_flights', 'boat'] as const
export const BUDGET_INCLUDES = ['flights', 'accommodation', 'meals', 'activities', 'transport', 'insurance'] as const
export const ACCESSIBILITY_NEEDS = ['wheelchair', 'limited_mobility', 'step_free_rooms', 'hearing', 'visual', 'service_animal'] as const
export const DIETARY_RESTRICTIONS = ['vegetarian', 'vegan', 'gluten_free', 'lactose_free', 'nut_allergy', 'shellfish_allergy', 'halal', 'kosher'] as const
export const PRIORITY_LEVELS = ['standard', 'priority', 'urgent'] as const

export type TravelStyle = (typeof TRAVEL_STYLES)[number]
export type TripType = (typeof TRIP_TYPES)[number]
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number]

export const TRAVEL_STYLE_LABELS: Record<TravelStyle, string> = { budget: 'Budget', comfort: 'Comfort', luxury: 'Luxury', ultra_luxury: 'Ultra luxury' }
export const TRIP_TYPE_LABELS: Record<TripType, string> = {
  romantic: 'Romantic',
  family: 'Family',
  adventure: 'Adventure',
  business: 'Business',
  solo: 'Solo',
  group: 'Group',
}
/** The activities' own labels (the quiz's answers point to them too). */
export const TRIP_ACTIVITY_LABELS: Record<(typeof TRIP_ACTIVITIES)[number], string> = {
  sightseeing: 'Sightseeing',
  adventure: 'Adventure',
  culture: 'Culture',
  food: 'Food',
  wellness: 'Wellness',
  shopping: 'Shopping',
  nightlife: 'Nightlife',
  nature: 'Nature',
}
export const OPTION_LABELS: Record<string, string> = {
  ...TRIP_ACTIVITY_LABELS,
  hotel: 'Hotel',
  resort: 'Resort',
  villa: 'Villa',
  apartment: 'Apartment',
  boutique: 'Boutique',
  eco: 'Eco-lodge',
  local: 'Local cuisine',
  fine_dining: 'Fine dining',
  street_food: 'Street food',
  international: 'International',
  vegetarian: 'Vegetarian',
  seafood: 'Seafood',
  private_transfer: 'Private transfers',
  rental_car: 'Rental car',
  public_transport: 'Public transport',
  train: 'Train',
  domestic_flights: 'Domestic flights',
  boat: 'Boat',
  flights: 'Flights',
  accommodation: 'Accommodation',
  meals: 'Meals',
  activities: 'Activities',
  transport: 'Transport',
  insurance: 'Insurance',
  wheelchair: 'Wheelchair access',
  limited_mobility: 'Limited mobility',
  step_free_rooms: 'Step-free rooms',
  hearing: 'Hearing assistance',
  visual: 'Visual assistance',
  service_animal: 'Service animal',
  vegan: 'Vegan',
  gluten_free: 'Gluten-free',
  lactose_free: 'Lactose-free',
  nut_allergy: 'Nut allergy',
  shellfish_allergy: 'Shellfish allergy',
  halal: 'Halal',
  kosher: 'Kosher',
}

/** §9: display text only. */
export const PRIORITY_TEXTS: Record<PriorityLevel, { label: string; time: string; price: string }> = {
  standard: { label: 'Standard', time: '7-14 days', price: 'free' },
  priority: { label: 'Priority', time: '2-3 days', price: '+$99' },
  urgent: { label: 'Urgent', time: '24 hours', price: '+$299' },
}

/** §9 wizard defaults. */
export const WIZARD_DEFAULTS = {
  travelers: 1,
  travel_style: 'comfort',
  trip_type: 'romantic',
  budget_min: 1000,
  budget_max: 5000,
  priority_level: 'standard',
} as const

export const WIZARD_STEPS = 5

/** 2-catalogue-content.md §4: statuses and their badge colours. */
export const TRIP_STATUSES = ['planning', 'booked', 'active', 'completed', 'cancelled'] as const
export type TripStatus = (typeof TRIP_STATUSES)[number]
export const TRIP_STATUS_COLORS: Record<TripStatus, string> = { planning: 'yellow', booked: 'blue', active: 'green', completed: 'gray', cancelled: 'red' }
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  planning: 'Planning',
  booked: 'Booked',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/**
 * The status table (docs/trips.md): every legal move. The traveler may cancel their own trip while planning or
 * booked; the assigned expert moves it along the chain; admin and superadmin may make any legal move.
 */
export const TRIP_MOVES: Record<TripStatus, readonly TripStatus[]> = {
  planning: ['booked', 'cancelled'],
  booked: ['active', 'cancelled'],
  active: ['completed'],
  completed: [],
  cancelled: [],
}
/** The chain the assigned expert moves a trip along. */
export const EXPERT_MOVES: Record<TripStatus, readonly TripStatus[]> = {
  planning: ['booked'],
  booked: ['active'],
  active: ['completed'],
  completed: [],
  cancelled: [],
}
export const TRAVELER_MOVES: Record<TripStatus, readonly TripStatus[]> = {
  planning: ['cancelled'],
  booked: ['cancelled'],
  active: [],
  completed: [],
  cancelled: [],
}

export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number]

export const TRIPS_PAGE_SIZE = 12
export const ASSIGNMENTS_PAGE_SIZE = 20

/** Whole days between two ISO dates, rounded up (2-catalogue-content.md §9). */
export function tripDays(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 86_400_000)) : 0
}
