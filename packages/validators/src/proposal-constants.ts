/** Proposals (docs/proposals.md): states and limits. Browser-safe, no dependencies. */

/**
 * A round's state:
 * - `sent`: waiting for the traveler;
 * - `changes_requested`: the traveler asked for changes (it can still be accepted while it is the latest round);
 * - `accepted`: the traveler accepted it, frozen;
 * - `superseded`: a later round was sent.
 * A quote past its expiry date reads `expired` beside its state.
 */
export const PROPOSAL_STATUSES = ['sent', 'changes_requested', 'accepted', 'superseded'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  sent: 'Waiting for you',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
  superseded: 'Replaced by a newer round',
}
export const PROPOSAL_STATUS_COLORS: Record<ProposalStatus, string> = { sent: 'blue', changes_requested: 'orange', accepted: 'green', superseded: 'gray' }

/** Options of one slot, at most: two or three hotels, a choice of excursions, economy or business. */
export const MAX_SLOT_OPTIONS = 5

/** A quote holds for 7 days unless the expert says otherwise (1 to 90). */
export const DEFAULT_QUOTE_DAYS = 7
export const MAX_QUOTE_DAYS = 90
export const MAX_COMMENT_LENGTH = 2000
