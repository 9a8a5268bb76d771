import { data, redirect } from '@remix-run/node'
import { commentOnProposal, DomainError, listItineraryProposals, publishProposal, resolveProposalThread, type ServiceContext } from '@meridian/core'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import { flashHeader } from '../../utils/flash.server.ts'
import { notFoundResponse } from '../kit/not-found.server.ts'

/** The builder's proposal forms: Send proposal, a reply in a thread, Resolve (or Reopen) a thread. */
export const PROPOSAL_INTENTS: readonly string[] = ['publish', 'comment', 'resolve']

export type ProposalAnswer =
  | { kind: 'sent'; intent: string; message: string; thread: number | null }
  | { kind: 'refused'; intent: string; message: string | null; fields: Record<string, string[]>; values: Record<string, string> }

export const PROPOSAL_DONE = { reply: 'Reply sent to the traveler.', resolved: 'Thread resolved.', reopened: 'Thread reopened.' } as const

/** Text of a form field, or left out when blank (so the service's default applies). */
const given = (values: Record<string, string>, name: string) => (values[name]?.trim() ? { [name]: values[name] } : {})

/**
 * One proposal form of the builder, for the itinerary's planners (publishProposal, commentOnProposal and
 * resolveProposalThread check who). A thread is answered on the latest round, whichever round it began on. With
 * JavaScript the answer is data for the form; without, a redirect back to the form's place (the thread, or the
 * proposal panel) with a toast. Refusals answer the form's values and field messages.
 */
export async function proposalAction(ctx: ServiceContext, itinerary: { id: number }, intent: string, values: Record<string, string>) {
  const js = values.js === '1'
  const day = Math.max(Number(values.day) || 1, 1)
  try {
    let message: string
    let thread: number | null = null
    if (intent === 'publish') {
      const round = await publishProposal(ctx, itinerary.id, {
        note: values.note ?? '',
        ...given(values, 'expires_on'),
        // Left blank, what is included is what the plan prices (the service's default).
        ...given(values, 'included'),
        not_included: values.not_included ?? '',
      })
      message = PROPOSAL_MESSAGES.published(round.round)
    } else {
      const latest = (await listItineraryProposals(ctx, itinerary.id)).results[0]
      if (!latest) throw new DomainError('not_found', PROPOSAL_MESSAGES.notFound)
      if (intent === 'comment') {
        thread = (await commentOnProposal(ctx, latest.id, { body: values.body ?? '', thread: values.thread || null })).id
        message = PROPOSAL_DONE.reply
      } else {
        const resolved = values.resolved !== 'false'
        thread = (await resolveProposalThread(ctx, latest.id, { thread: values.thread, resolved })).id
        message = resolved ? PROPOSAL_DONE.resolved : PROPOSAL_DONE.reopened
      }
    }
    if (js) return data<ProposalAnswer>({ kind: 'sent', intent, message, thread })
    const place = thread === null ? 'proposal' : `thread-${thread}`
    return redirect(`/dashboard/itineraries/${itinerary.id}?day=${day}#${place}`, {
      headers: { 'Set-Cookie': await flashHeader({ type: 'success', message }) },
    })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'forbidden') return notFoundResponse(error)
    const status = error.code === 'conflict' && !error.fields ? 409 : error.code === 'not_found' ? 404 : 400
    const { js: _js, ...typed } = values
    return data<ProposalAnswer>(
      { kind: 'refused', intent, message: error.fields ? null : error.message, fields: error.fields ?? {}, values: typed },
      { status },
    )
  }
}
