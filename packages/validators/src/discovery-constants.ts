/** Search & Discovery (docs/discovery.md): the kinds of results, sorts, limits and messages. Browser-safe: no imports. */

/** What one search looks through: activities, destinations (countries), their locations, and places to stay. */
export const SEARCH_KINDS = ['activity', 'destination', 'location', 'accommodation'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  activity: 'Activities',
  destination: 'Destinations',
  location: 'Places',
  accommodation: 'Places to stay',
}

/** The sort options of 2-catalogue-content.md "Search & Discovery". */
export const SEARCH_SORTS = ['relevance', 'price-low', 'price-high', 'rating'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  rating: 'Rating',
}

/** The price range of the filter (§9), in the currency the search is shown in. */
export const SEARCH_PRICE_RANGE = [0, 10_000] as const
export const SEARCH_PAGE_SIZE = 12
/** Pages a search can be turned to: relevance is worth little beyond this. */
export const SEARCH_MAX_PAGE = 20
export const SEARCH_MAX_TRAVELERS = 20
/** A date range longer than this is refused (every weekday is in it anyway after seven days). */
export const SEARCH_MAX_RANGE_DAYS = 365
export const SEARCH_DEBOUNCE_MS = 300
export const SEARCH_QUERY_MAX = 100
/** Recommendations shown at most. */
export const RECOMMENDATION_LIMIT = 6

export const DISCOVERY_MESSAGES = {
  searching: 'Searching for the best options...',
  noResults: 'No results match your search.',
  noResultsHint: 'Try fewer filters, another word, or check the spelling.',
  queryTooLong: `Ensure this field has no more than ${SEARCH_QUERY_MAX} characters.`,
  price: `Enter an amount from ${SEARCH_PRICE_RANGE[0]} to ${SEARCH_PRICE_RANGE[1].toLocaleString('en-US')}.`,
  priceOrder: 'The lowest price must not be above the highest.',
  rating: 'Choose a rating from 1 to 5.',
  category: 'Select a valid category.',
  kind: `Select a valid type: ${SEARCH_KINDS.join(', ')}.`,
  sort: `Select a valid sort: ${SEARCH_SORTS.join(', ')}.`,
  date: 'Enter a date as YYYY-MM-DD.',
  dateOrder: 'The end date must not be before the start date.',
  dateRange: `A date range covers at most ${SEARCH_MAX_RANGE_DAYS} days.`,
  travelers: `Travelers must be between 1 and ${SEARCH_MAX_TRAVELERS}.`,
  currency: 'Select an active currency.',
  page: `Choose a page from 1 to ${SEARCH_MAX_PAGE}.`,
  amenity: 'Ensure each amenity has no more than 100 characters, and choose at most 10.',
  loadFailed: 'Search failed. Please try again.',
} as const
