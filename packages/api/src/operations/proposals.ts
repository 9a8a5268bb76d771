import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { authedProcedure, gatedProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * Proposals (docs/proposals.md): an itinerary's approved version sent to the traveler as rounds. The trip's traveler
 * reads, comments, chooses options, asks for changes and accepts; the trip's accepted expert and staff with
 * manage_trips send rounds and answer threads; anyone else gets 404. Ids are the services' to judge.
 */
const base = '/api/proposals'
const signedIn = operations(authedProcedure, { id: v.unknown() })
const planners = operations(gatedProcedure(core.requireTripScope), { id: v.unknown() })
const optional = v.optional(v.unknown())
/** The options chosen, as `group:key,group:key` (REST's query) or an object (tRPC). */
const ChoicesQuery = v.object({ choices: v.optional(v.string()) })

export const proposals = {
  list: signedIn.list(core.listProposals, 20, {
    at: `GET ${base}/`,
    summary: 'Proposals: the rounds the signed-in user may read, newest first',
    query: core.ProposalFilters,
  }),
  /** tRPC takes `choices` as an object (or the REST text); REST the query, `choices` or a form's `choice.{group}` fields. */
  get: signedIn.custom(
    authedProcedure.input(v.object({ id: v.unknown(), choices: optional })).query(({ ctx, input }) => core.getProposal(ctx.service, input.id, { choices: input.choices })),
    {
      at: `GET ${base}/{id}/`,
      summary: 'One round of a proposal, with its totals for the options chosen',
      description:
        '`choices` names an option per slot (`group:item_key,…`); slots not named take their recommended option (an accepted round, its accepted ones). ' +
        "The traveler's first reading marks the round seen; `changes` is what changed since the last round they had seen.",
      query: ChoicesQuery,
      handler: async ({ ctx, params, query }) => ({ body: await core.getProposal(ctx, params.id, Object.fromEntries(query)) }),
    },
  ),
  accept: signedIn.update(
    core.acceptProposal,
    {
      at: `POST ${base}/{id}/accept/`,
      summary: 'Accept a round: its chosen options and prices are frozen and booked',
      description:
        'Refused with 409 when the round was accepted already, was replaced by a newer round, or is past its quote expiry; and when a flight option has too few seats left (nothing is booked then).',
      body: val.AcceptProposalInput,
      errors: [409],
    },
    { optionalData: true },
  ),
  requestChanges: signedIn.update(
    core.requestProposalChanges,
    {
      at: `POST ${base}/{id}/request-changes/`,
      summary: 'Send a round back to the expert with its open comment threads',
      body: val.RequestChangesInput,
      errors: [409],
    },
    { optionalData: true },
  ),
  comments: signedIn.get(core.listProposalComments, { at: `GET ${base}/{id}/comments/`, summary: "A proposal's comment threads (every round's)" }),
  comment: signedIn.update(
    core.commentOnProposal,
    { at: `POST ${base}/{id}/comments/`, summary: 'Comment on an item or the whole proposal, or answer a thread', body: val.ProposalCommentInput, status: 201 },
    { optionalData: true },
  ),
  resolve: signedIn.update(
    core.resolveProposalThread,
    { at: `POST ${base}/{id}/resolve/`, summary: 'Resolve a comment thread (or reopen it with resolved: false)', body: val.ResolveThreadInput },
    { optionalData: true },
  ),
  rounds: planners.get(core.listItineraryProposals, {
    at: `GET /api/itineraries/{id}/proposals/`,
    summary: "An itinerary's proposal rounds and comment threads",
  }),
  publish: planners.update(
    core.publishProposal,
    {
      at: `POST /api/itineraries/{id}/proposals/`,
      summary: 'Send the approved version to the traveler as a new round, priced today',
      body: val.PublishProposalInput,
      status: 201,
      errors: [409],
    },
    { optionalData: true },
  ),
}
