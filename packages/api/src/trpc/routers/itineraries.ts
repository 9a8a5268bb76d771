import { RecordId } from '@meridian/validators'
import {
  changeItineraryStatus,
  compareItineraryVersions,
  createItinerary,
  exportItinerary,
  getItinerary,
  listItineraries,
  listItineraryVersions,
  requireTripScope,
  restoreItineraryVersion,
  saveItinerary,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Itineraries belong to trips: the trips' scope gates them; the services check the itinerary itself.
const scoped = gatedProcedure(requireTripScope)
const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: RecordId })
const withData = v.object({ id: RecordId, data: v.optional(data, {}) })

/** The /api/itineraries/… calls as procedures (docs/itineraries.md). */
export const itinerariesRouter = router({
  list: scoped.input(listInput(20)).query(({ ctx, input }) => listItineraries(ctx.service, input.filters, pageWindow(input, 20))),
  create: scoped.input(data).mutation(({ ctx, input }) => createItinerary(ctx.service, input)),
  get: scoped.input(byId).query(({ ctx, input }) => getItinerary(ctx.service, input.id)),
  save: scoped.input(withData).mutation(({ ctx, input }) => saveItinerary(ctx.service, input.id, input.data)),
  changeStatus: scoped.input(withData).mutation(({ ctx, input }) => changeItineraryStatus(ctx.service, input.id, input.data)),
  versions: scoped.input(byId).query(({ ctx, input }) => listItineraryVersions(ctx.service, input.id)),
  // The version numbers are the services' to check, after the itinerary's access (another's answers 404 first).
  version: scoped.input(v.object({ id: RecordId, version: v.optional(v.unknown()) })).query(({ ctx, input }) => getItinerary(ctx.service, input.id, { version: input.version ?? '' })),
  compare: scoped
    .input(v.object({ id: RecordId, from: v.optional(v.unknown()), to: v.optional(v.unknown()) }))
    .query(({ ctx, input }) => compareItineraryVersions(ctx.service, input.id, { from: input.from, to: input.to })),
  // The file as base64, to save or open; the format and version are the service's to check, after access.
  export: scoped.input(v.object({ id: RecordId, format: v.optional(v.unknown()), version: v.optional(v.unknown()) })).query(async ({ ctx, input }) => {
    const file = await exportItinerary(ctx.service, input.id, { format: input.format, version: input.version })
    return { filename: file.filename, content_type: file.contentType, base64: Buffer.from(file.body).toString('base64') }
  }),
  restore: scoped.input(withData).mutation(({ ctx, input }) => restoreItineraryVersion(ctx.service, input.id, input.data)),
})
