import * as v from 'valibot'

export const SIDEBAR_SECTIONS = [
  'Overview',
  'Travel Planning',
  'Communication',
  'Booking & Reservations',
  'Hotels',
  'Activities',
  'Content & Resources',
  'Financial Management',
  'Customer Management',
  'Analytics & Reports',
  'Administration',
] as const

/** Auto-refresh interval bounds, in seconds. */
export const REFRESH_MIN = 10
export const REFRESH_MAX = 3600
const REFRESH_MESSAGE = `Enter a whole number of seconds from ${REFRESH_MIN} to ${REFRESH_MAX}.`

export const THEMES = ['auto', 'light', 'dark'] as const
export const PAGE_SIZES = [10, 20, 50, 100] as const

/** Dashboard UI state kept per user (3-back-office.md §3, defaults §9). */
export const DEFAULT_PREFERENCES = {
  collapsed_sections: [] as string[],
  theme: 'auto' as (typeof THEMES)[number],
  items_per_page: 20,
  auto_refresh: true,
  refresh_interval: 30,
  notifications: true,
  view_mode: 'list' as 'list' | 'grid',
}
export type Preferences = typeof DEFAULT_PREFERENCES

export const UpdatePreferencesInput = v.object({
  collapsed_sections: v.optional(v.array(v.picklist(SIDEBAR_SECTIONS, 'Unknown section.'))),
  theme: v.optional(v.picklist(THEMES, 'Choose auto, light or dark.')),
  items_per_page: v.optional(
    v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.picklist(PAGE_SIZES, 'Choose 10, 20, 50 or 100.')),
  ),
  auto_refresh: v.optional(v.boolean()),
  refresh_interval: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.transform(Number))], REFRESH_MESSAGE),
      v.number(REFRESH_MESSAGE),
      v.integer(REFRESH_MESSAGE),
      v.minValue(REFRESH_MIN, REFRESH_MESSAGE),
      v.maxValue(REFRESH_MAX, REFRESH_MESSAGE),
    ),
  ),
  notifications: v.optional(v.boolean()),
  view_mode: v.optional(v.picklist(['list', 'grid'] as const)),
})
export type UpdatePreferencesInput = v.InferOutput<typeof UpdatePreferencesInput>
