import { recommendFor, searchCatalogue } from '@meridian/core'
import * as v from 'valibot'
import { pageLink } from './pagination.ts'
import { queryObject } from '@meridian/validators/query-object'
import type { RouteTable } from './router.ts'

/**
 * The search's query parameters, for the OpenAPI document: the service reads them by hand with its own messages
 * (core discovery/search-input.ts parseCatalogueSearch). `type`, `categories` and `amenities` may repeat.
 */
const SearchQuery = v.object(
  Object.fromEntries(
    [
      'q',
      'location',
      'type',
      'categories',
      'price_min',
      'price_max',
      'rating',
      'date_from',
      'date_to',
      'travelers',
      'amenities',
      'currency',
      'sort',
      'page',
    ].map((name) => [name, v.optional(v.string())]),
  ),
)

/**
 * Search & Discovery (docs/discovery.md): the combined catalogue search, a page of twelve with links to the pages
 * beside it as DRF gives them, and the signed-in user's recommendations.
 */
export function discoveryRoutes(table: RouteTable) {
  table
    .add(
      'GET',
      '/api/search/',
      async ({ ctx, query, origin, req }) => {
        const page = await searchCatalogue(ctx, queryObject(query))
        const url = new URL(req.url ?? '/', origin).toString()
        return { body: { next: page.has_next ? pageLink(url, page.page + 1) : null, previous: page.page > 1 ? pageLink(url, page.page - 1) : null, ...page } }
      },
      {
        summary: 'Search the catalogue (destinations, activities, accommodations), twelve a page',
        query: SearchQuery,
        description: 'Pages of twelve with `next`/`previous` links beside the page fields.',
      },
      {
        summary: 'Search the catalogue (destinations, activities, accommodations)',
        description: 'Pages of twelve, with `next`/`previous` links beside the page fields.',
        query: SearchQuery,
      },
    )
    .add(
      'GET',
      '/api/search/recommendations/',
      async ({ ctx }) => ({ body: await recommendFor(ctx) }),
      { summary: "The signed-in user's recommendations" },
      { summary: "The signed-in user's recommendations" },
    )
}
