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
const ThreadInput = v.object({ id: v.unknown(), thread: v.optional(v.unknown()), resolved: v.optional(v.boolean()) })

export const proposals = {
  list: signedIn.list(core.listProposals, 20, {
    at: `GET ${base}/`,
    summary: 'Proposals: the rounds the signed-in user may read, newest first',
    query: core.ProposalFilters,
  }),
  get: signedIn.get(
    core.getProposal,
    {
      at: `GET ${base}/{id}/`,
      summary: 'One round of a proposal, with its totals for the options chosen',
      description:
        '`choices` names an option per slot (`group:item_key,…`); slots not named take their recommended option (an accepted round, its accepted ones). ' +
        "The traveler's first reading marks the round seen; `changes` is what changed since the last round they had seen.",
      query: ChoicesQuery,
    },
    { choices: optional },
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
    // The service reads the comment after the round: another person's round answers 404 whatever the body says.
    { optionalData: true },
  ),
  resolve: signedIn.custom(
    authedProcedure
      .input(ThreadInput)
      .mutation(({ ctx, input }) => core.resolveProposalThread(ctx.service, input.id, input.thread, { resolved: input.resolved ?? true })),
    {
      at: `POST ${base}/{id}/comments/{thread}/resolve/`,
      summary: 'Resolve (or reopen, with resolved: false) a comment thread',
      body: val.ResolveThreadInput,
      handler: async ({ ctx, params, body }) => ({ body: await core.resolveProposalThread(ctx, params.id, params.thread, await body()) }),
    },
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
