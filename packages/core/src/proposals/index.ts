export { proposalAccess, type ProposalAccess, visibleProposal } from './access.ts'
export { acceptProposal, requestProposalChanges } from './accept.ts'
export { type RoundChanges, roundChanges } from './changes.ts'
export { defaultIncluded, type Plan, type PlanItem, planTotal, pricePlan } from './plan.ts'
export {
  getProposal,
  isExpired,
  listItineraryProposals,
  listProposals,
  ProposalFilters,
  type ProposalDto,
  publishProposal,
  quote,
  sentChoices,
} from './proposals.ts'
export { commentOnProposal, listProposalComments, openThreadCount, resolveProposalThread, type ThreadDto } from './threads.ts'
