import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Itineraries (2-catalogue-content.md §7 Itineraries; docs/itineraries.md). The list, create, read and save are the
 * spec's; status, versions, compare, restore and export are this product's own. Itineraries belong to trips: the trips'
 * scope gates them; the services check the itinerary itself, and the version numbers and formats after its access
 * (another's answers 404 first).
 */
const base = '/api/itineraries'
const scope = gatedProcedure(core.requireTripScope)
const scoped = operations(scope)
/** The read's and the export's query, as the REST handlers pass them on (for the OpenAPI document). */
const VersionQuery = v.object({ version: v.optional(v.string()) })
const ExportQuery = v.object({ format: v.picklist(['pdf', 'ics']), version: v.optional(v.string()) })
const optional = v.optional(v.unknown())

export const itineraries = {
  list: scoped.list(core.listItineraries, 20, { at: `GET ${base}/`, summary: 'Itineraries', query: core.ItineraryFilters }),
  create: scoped.create(core.createItinerary, { at: `POST ${base}/`, summary: 'Create an itinerary for a trip', body: val.CreateItineraryInput }),
  get: scoped.get(
    core.getItinerary,
    { at: `GET ${base}/{id}/`, summary: 'One itinerary (or one of its versions)', query: VersionQuery },
    { version: optional },
  ),
  save: scoped.update(
    core.saveItinerary,
    {
      at: `PATCH ${base}/{id}/`,
      summary: "Save an itinerary's days and items (a new version)",
      body: val.SaveItineraryInput,
      readOnly: ['trip_id', 'total_days', 'total_cost', 'over_budget', 'status', 'approved_version', 'approved_by', 'approved_at', 'created_by', 'created_at'],
      errors: [409],
    },
    { optionalData: true },
  ),
  changeStatus: scoped.update(
    core.changeItineraryStatus,
    {
      at: `POST ${base}/{id}/status/`,
      summary: "Move an itinerary's status (draft, review, approved)",
      description:
        '`version` is the version the caller has read. Approving must name it (400 `{"version": ["This field is required."]}` without it); ' +
        'when a later version has been saved since, the move answers 409 and nothing changes.',
      body: core.ItineraryStatusInput,
      errors: [409],
    },
    { optionalData: true },
  ),
  versions: scoped.get(core.listItineraryVersions, { at: `GET ${base}/{id}/versions/`, summary: "An itinerary's versions" }),
  version: custom(
    scope
      .input(v.object({ id: val.RecordId, version: optional }))
      .query(({ ctx, input }) => core.getItinerary(ctx.service, input.id, { version: input.version ?? '' })),
  ),
  compare: scoped.get(
    core.compareItineraryVersions,
    { at: `GET ${base}/{id}/compare/`, summary: 'What changed between two versions', query: core.CompareVersionsQuery },
    { from: optional, to: optional },
  ),
  /** REST answers the file; tRPC answers it as base64, to save or open. */
  export: custom(
    scope.input(v.object({ id: val.RecordId, format: optional, version: optional })).query(async ({ ctx, input }) => {
      const file = await core.exportItinerary(ctx.service, input.id, { format: input.format, version: input.version })
      return { filename: file.filename, content_type: file.contentType, base64: Buffer.from(file.body).toString('base64') }
    }),
    {
      at: `GET ${base}/{id}/export/`,
      summary: 'The itinerary as a PDF or an iCalendar file',
      query: ExportQuery,
      produces: ['application/pdf', 'text/calendar'],
      handler: async ({ ctx, params, query }) => {
        const file = await core.exportItinerary(ctx, params.id, { format: query.get('format') ?? undefined, version: query.get('version') ?? undefined })
        return { raw: true, body: file.body, headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"` } }
      },
    },
  ),
  restore: scoped.update(
    core.restoreItineraryVersion,
    { at: `POST ${base}/{id}/restore/`, summary: 'Restore a version (as a new version)', body: core.RestoreVersionInput, errors: [409] },
    { optionalData: true },
  ),
}
