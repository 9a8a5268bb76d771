import { recommendFor, searchCatalogue } from '@meridian/core'
import { pageLink } from './pagination.ts'
import { queryObject } from './query.ts'
import type { RouteTable } from './router.ts'

/**
 * Search & Discovery (docs/discovery.md): the combined catalogue search, a page of twelve with links to the pages
 * beside it as DRF gives them, and the signed-in user's recommendations.
 */
export function discoveryRoutes(table: RouteTable) {
  table
    .add('GET', '/api/search/', async ({ ctx, query, origin, req }) => {
      const page = await searchCatalogue(ctx, queryObject(query))
      const url = new URL(req.url ?? '/', origin).toString()
      return { body: { next: page.has_next ? pageLink(url, page.page + 1) : null, previous: page.page > 1 ? pageLink(url, page.page - 1) : null, ...page } }
    })
    .add('GET', '/api/search/recommendations/', async ({ ctx }) => ({ body: await recommendFor(ctx) }))
}
