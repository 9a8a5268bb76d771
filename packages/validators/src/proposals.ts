/** Proposals (docs/proposals.md): what the expert sends, what the traveler answers. Browser-safe. */
import * as v from 'valibot'
import { MAX_COMMENT_LENGTH, MAX_QUOTE_DAYS } from './proposal-constants.ts'
import { TRIP_FORM_MESSAGES, wholeNumber } from './trips.ts'

export const PROPOSAL_MESSAGES = {
  notFound: 'Proposal not found.',
  notApproved: 'Approve the itinerary before sending it as a proposal.',
  expiryRange: `Enter a date from tomorrow to ${MAX_QUOTE_DAYS} days from today.`,
  expired: (date: string) => `This quote expired on ${date}. Ask your expert to re-price it.`,
  superseded: (round: number) => `A newer round of this proposal was sent (round ${round}). Review it before accepting.`,
  alreadyAccepted: 'This proposal has already been accepted.',
  closed: 'This proposal is closed: it was accepted or replaced by a newer round.',
  roundNumber: 'Send the number of the round you are accepting.',
  staleRound: (sent: number, current: number) => `You are accepting round ${sent}, but round ${current} is the latest. Review it before accepting.`,
  commentEmpty: 'Write a comment.',
  commentTooLong: `Ensure this field has no more than ${MAX_COMMENT_LENGTH} characters.`,
  unknownItem: (key: string) => `"${key}" is not an item of this proposal.`,
  unknownThread: 'Comment thread not found.',
  flightSeats: (flight: string, message: string) => `${flight}: ${message} Nothing was booked; ask your expert for another option.`,
  accepted: (round: number, total: string) => `Round ${round} accepted: ${total}. Your bookings are pending confirmation.`,
  published: (round: number) => `Round ${round} sent to the traveler.`,
  changesRequested: 'Your expert has been asked for changes.',
} as const

const body = v.pipe(
  v.string(PROPOSAL_MESSAGES.commentEmpty),
  v.trim(),
  v.nonEmpty(PROPOSAL_MESSAGES.commentEmpty),
  v.maxLength(MAX_COMMENT_LENGTH, PROPOSAL_MESSAGES.commentTooLong),
)
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(max, `Ensure this field has no more than ${max} characters.`)), '')
/** Lines of text: a list, or text with one per line. */
const lines = v.optional(
  v.pipe(
    v.union([v.array(v.string('Each line must be text.')), v.string('Enter text.')], 'Enter a list of lines.'),
    v.transform((x) => (Array.isArray(x) ? x : x.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean)),
    v.maxLength(30, 'Ensure this list has no more than 30 items.'),
    v.check((x) => x.every((s) => s.length <= 200), 'Ensure each line has no more than 200 characters.'),
  ),
)
const isoDate = v.pipe(
  v.string(TRIP_FORM_MESSAGES.date),
  v.trim(),
  v.check((x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x, TRIP_FORM_MESSAGES.date),
)

/**
 * Publish a round: a note, the quote's expiry (`expires_on`, or `valid_days` from today; 7 days by default), and what is
 * included and not (lines; what is included defaults to what the plan prices).
 */
export const PublishProposalInput = v.object({
  note: optionalText(5000),
  expires_on: v.optional(v.union([isoDate, v.literal('')], TRIP_FORM_MESSAGES.date)),
  valid_days: v.optional(
    v.pipe(
      wholeNumber(`Enter a whole number of days from 1 to ${MAX_QUOTE_DAYS}.`),
      v.minValue(1, `Enter a whole number of days from 1 to ${MAX_QUOTE_DAYS}.`),
      v.maxValue(MAX_QUOTE_DAYS, `Enter a whole number of days from 1 to ${MAX_QUOTE_DAYS}.`),
    ),
  ),
  included: lines,
  not_included: lines,
})
export type PublishProposalData = v.InferOutput<typeof PublishProposalInput>

/** Choices: `{group: item_key}` (a JSON object), or a form's `choice.{group}` fields (the pages read those). */
export const ChoicesInput = v.optional(v.record(v.string(), v.union([v.string(), v.number()], 'Choose an option.'), 'Expected an object of slot: option.'), {})

/** Accept a round: the options chosen (the recommended ones where none is named) and the round read. */
export const AcceptProposalInput = v.object({
  choices: ChoicesInput,
  round: v.optional(v.pipe(wholeNumber(PROPOSAL_MESSAGES.roundNumber), v.minValue(1, PROPOSAL_MESSAGES.roundNumber))),
})

/** A comment: on an item (`item_key`) or the whole proposal, starting a thread or answering one (`thread`). */
export const ProposalCommentInput = v.object({
  body,
  item_key: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(40, 'Ensure this field has no more than 40 characters.'))), null),
  thread: v.optional(v.nullable(v.pipe(wholeNumber(PROPOSAL_MESSAGES.unknownThread), v.minValue(1, PROPOSAL_MESSAGES.unknownThread))), null),
})

/** Request changes: a message for the expert (optional: the open threads say what). */
export const RequestChangesInput = v.object({ message: optionalText(MAX_COMMENT_LENGTH) })

/** Resolve (or reopen, `resolved: false`) a thread, by the id of its first comment. */
export const ResolveThreadInput = v.object({
  thread: v.pipe(wholeNumber(PROPOSAL_MESSAGES.unknownThread), v.minValue(1, PROPOSAL_MESSAGES.unknownThread)),
  resolved: v.optional(v.boolean('Enter true or false.'), true),
})
