import * as core from '@meridian/core'
import { queryObject } from '@meridian/validators/query-object'
import * as v from 'valibot'
import { pageLink } from '../rest/pagination.ts'
import { authedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Search & Discovery (docs/discovery.md): the combined catalogue search, a page of twelve (on REST with links to the
 * pages beside it as DRF gives them), and the signed-in user's recommendations.
 */
const signedIn = operations(authedProcedure)

/**
 * The search's query parameters, for the OpenAPI document: the service reads them by hand with its own messages
 * (core discovery/search-input.ts parseCatalogueSearch). `type`, `categories` and `amenities` may repeat.
 */
const SearchQuery = v.object(
  Object.fromEntries(
    'q location type categories price_min price_max rating date_from date_to travelers amenities currency sort page'
      .split(' ')
      .map((name) => [name, v.optional(v.string())]),
  ),
)

export const discovery = {
  /** tRPC takes the parameters by their REST names; the service judges every value. */
  search: custom(
    authedProcedure
      .input(v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.array(v.string())])), {}))
      .query(({ ctx, input }) => core.searchCatalogue(ctx.service, input)),
    {
      at: 'GET /api/search/',
      summary: 'Search the catalogue (destinations, activities, accommodations), twelve a page',
      query: SearchQuery,
      description: 'Pages of twelve with `next`/`previous` links beside the page fields.',
      handler: async ({ ctx, query, origin, req }) => {
        const page = await core.searchCatalogue(ctx, queryObject(query))
        const url = new URL(req.url ?? '/', origin).toString()
        const next = page.has_next ? pageLink(url, page.page + 1) : null
        const previous = page.page > 1 ? pageLink(url, page.page - 1) : null
        return { body: { next, previous, ...page } }
      },
    },
  ),
  recommendations: signedIn.read(core.recommendFor, { at: 'GET /api/search/recommendations/', summary: "The signed-in user's recommendations" }),
}
