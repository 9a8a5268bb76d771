/** The activity catalogue's fixed lists and defaults (2-catalogue-content.md §9, 1-platform-core.md §3). Browser-safe. */

export const ACTIVITY_CATEGORIES = [
  'adventure',
  'culture',
  'culinary',
  'nature',
  'wellness',
  'entertainment',
  'sports',
  'education',
  'family',
  'luxury',
  'nightlife',
  'shopping',
] as const
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number]

/** The traveler view's labels (1-platform-core.md §3) for its six; the rest are named plainly. */
export const ACTIVITY_CATEGORY_LABELS: Record<ActivityCategory, string> = {
  adventure: 'Adventure & Outdoor',
  culture: 'Cultural & Heritage',
  culinary: 'Culinary & Food',
  nature: 'Nature & Wildlife',
  wellness: 'Wellness & Spa',
  entertainment: 'Entertainment & Shows',
  sports: 'Sports',
  education: 'Education',
  family: 'Family',
  luxury: 'Luxury',
  nightlife: 'Nightlife',
  shopping: 'Shopping',
}

export const ACTIVITY_DIFFICULTIES = ['easy', 'moderate', 'challenging', 'expert'] as const
export type ActivityDifficulty = (typeof ACTIVITY_DIFFICULTIES)[number]

export const EXPERIENCE_TYPES = ['guided', 'self_guided', 'private', 'group', 'hybrid'] as const
export type ExperienceType = (typeof EXPERIENCE_TYPES)[number]
export const EXPERIENCE_TYPE_LABELS: Record<ExperienceType, string> = {
  guided: 'Guided',
  self_guided: 'Self-guided',
  private: 'Private',
  group: 'Group',
  hybrid: 'Hybrid',
}

export const PRICING_MODELS = ['tiered', 'fixed'] as const
export type PricingModel = (typeof PRICING_MODELS)[number]

/** Days as the payload sends them: ISO weekdays, Monday 1 … Sunday 7 (a form's Sunday 0 is sent as 7, §5). */
export const WEEKDAYS = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 7, label: 'Sunday' },
] as const

/** §9: page size 12; Next is disabled when fewer come back. */
export const ACTIVITY_PAGE_SIZE = 12

/** §9 default activity. */
export const ACTIVITY_DEFAULTS = {
  category: 'adventure',
  difficulty: 'easy',
  experience_type: 'guided',
  pricing_model: 'tiered',
  currency: 'USD',
  duration_hours: '3',
  days_of_week: [1, 2, 3, 4, 5, 6, 7],
  is_active: true,
  instant_confirmation: true,
  booking_required: true,
} as const

export const ACTIVITY_TIER_MESSAGE =
  'Please fix tier values: min quantity must be at least 1 and price per person cannot be negative.'

/** §9 included-service options: the only values an activity's `features.included_services` may hold. */
export const INCLUDED_SERVICES = [
  'professional_guide',
  'hotel_pickup',
  'hotel_dropoff',
  'entrance_fees',
  'safety_equipment',
  'meals',
  'drinks',
  'transport',
  'photos',
  'insurance',
] as const
export type IncludedService = (typeof INCLUDED_SERVICES)[number]

/** How the form and the search filter name them (the spec gives the values only). */
export const INCLUDED_SERVICE_LABELS: Record<IncludedService, string> = {
  professional_guide: 'Professional guide',
  hotel_pickup: 'Hotel pickup',
  hotel_dropoff: 'Hotel drop-off',
  entrance_fees: 'Entrance fees',
  safety_equipment: 'Safety equipment',
  meals: 'Meals',
  drinks: 'Drinks',
  transport: 'Transport',
  photos: 'Photos',
  insurance: 'Insurance',
}
