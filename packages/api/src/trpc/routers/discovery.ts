import { recommendFor, searchCatalogue } from '@meridian/core'
import * as v from 'valibot'
import { authedProcedure, router } from '../init.ts'

/** The search's parameters by their REST names (docs/discovery.md); the service judges every value. */
const searchInput = v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.array(v.string())])), {})

/** Search & Discovery (docs/discovery.md): the REST calls as procedures, the same shapes. */
export const discoveryRouter = router({
  search: authedProcedure.input(searchInput).query(({ ctx, input }) => searchCatalogue(ctx.service, input)),
  recommendations: authedProcedure.query(({ ctx }) => recommendFor(ctx.service)),
})
