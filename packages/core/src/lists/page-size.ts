import { DEFAULT_PREFERENCES, PAGE_SIZES, type Preferences } from '@meridian/validators'

export type ListLayout = Preferences['view_mode']

/** The setting's largest choice (100): the maximum of a list that takes any setting (docs/preferences.md). */
export const LIST_PAGE_MAX: number = PAGE_SIZES[PAGE_SIZES.length - 1]!

/**
 * Rows on one page of a list screen: the size the address asks for when the list offers its own choice (users'
 * `?page_size=`), else the user's "Rows shown in lists" setting (3-back-office.md §9, default 20); never more than the
 * list's maximum (docs/preferences.md lists each list's). No preferences (a visitor) means the defaults.
 */
export function listPageSize(
  preferences: Pick<Preferences, 'items_per_page'> | null | undefined,
  max: number,
  requested?: number | null,
): number {
  const asked = requested != null && Number.isSafeInteger(requested) && requested >= 1 ? requested : null
  const wanted = asked ?? preferences?.items_per_page ?? DEFAULT_PREFERENCES.items_per_page
  return Math.max(1, Math.min(wanted, max))
}

/**
 * The layout of a list that has both a list and a grid: the address's `?view=` when it names one, else the user's
 * "How lists are laid out" setting (3-back-office.md §9, default list).
 */
export function listLayout(preferences: Pick<Preferences, 'view_mode'> | null | undefined, requested?: string | null): ListLayout {
  if (requested === 'list' || requested === 'grid') return requested
  return preferences?.view_mode ?? DEFAULT_PREFERENCES.view_mode
}
