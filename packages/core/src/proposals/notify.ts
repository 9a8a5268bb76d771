/** Who hears of a proposal's events, in the bell and by mail (docs/proposals.md "Who hears what"). */
import { and, type Database, eq, inArray, sql, tripAssignments, users } from '@meridian/db'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { type NotificationInput, notify, recipients } from '../notifications/notify.ts'
import { tripFacts } from '../notifications/events.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export const proposalLink = (id: number, anchor = '') => `/dashboard/proposals/${id}${anchor}`

/** The specialist (or admin) who matched the trip's expert, from its accepted assignment. */
async function matcherOf(tx: Tx, tripId: number): Promise<number | null> {
  const [row] = await tx
    .select({ by: tripAssignments.assignedById })
    .from(tripAssignments)
    .where(and(eq(tripAssignments.tripId, tripId), eq(tripAssignments.status, 'accepted')))
    .limit(1)
  return row?.by ?? null
}

/** A notification to each and the same words by mail (the outbox, sent when SMTP is set up), except to `by`. */
async function tell(tx: Tx, to: (number | null | undefined)[], by: number, input: NotificationInput) {
  const ids = recipients(to, by)
  if (!ids.length) return
  await notify(tx, ids, input)
  const people = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.email} <> ''`))
  for (const p of people) {
    await enqueueMail(tx, { to: p.email, subject: input.title, body: `${input.body ?? ''}\n\nOpen it in Meridian: ${input.link}`.trim() })
  }
}

export async function notifyProposalSent(
  tx: Tx,
  p: { id: number; tripId: number; round: number; expiresOn: string; total: string; currency: string },
  by: number,
) {
  const facts = await tripFacts(tx, p.tripId, by)
  if (!facts) return
  await tell(tx, [facts.trip.travelerId], by, {
    kind: 'proposal.sent',
    title: p.round === 1 ? `Your proposal for “${facts.trip.title}” is ready` : `Round ${p.round} of your proposal for “${facts.trip.title}”`,
    body: `${facts.by} sent a proposal: ${p.total} ${p.currency} on the recommended options, quoted until ${p.expiresOn}.`,
    link: proposalLink(p.id),
  })
}

export async function notifyProposalComment(
  tx: Tx,
  p: { id: number; tripId: number; itineraryId: number },
  by: number,
  toTraveler: boolean,
  thread: number,
  text: string,
) {
  const facts = await tripFacts(tx, p.tripId, by)
  if (!facts) return
  const preview = text.replace(/\s+/g, ' ').trim()
  await notify(tx, recipients(toTraveler ? [facts.trip.travelerId] : [facts.trip.expertId], by), {
    kind: 'proposal.comment',
    title: `${facts.by} commented on the proposal for “${facts.trip.title}”`,
    body: preview.length > 140 ? `${preview.slice(0, 139)}…` : preview,
    link: toTraveler ? proposalLink(p.id, `#thread-${thread}`) : `/dashboard/itineraries/${p.itineraryId}#thread-${thread}`,
    subjectKey: `proposal-comments:${p.itineraryId}`,
  })
}

export async function notifyChangesRequested(
  tx: Tx,
  p: { id: number; tripId: number; itineraryId: number; round: number },
  by: number,
  openThreads: number,
  message: string,
) {
  const facts = await tripFacts(tx, p.tripId, by)
  if (!facts) return
  const threads = openThreads === 1 ? '1 open comment' : `${openThreads} open comments`
  await tell(tx, [facts.trip.expertId], by, {
    kind: 'proposal.changes',
    title: `${facts.traveler} asked for changes to round ${p.round} of “${facts.trip.title}”`,
    body: `${message ? `“${message}” ` : ''}${threads}.`,
    link: `/dashboard/itineraries/${p.itineraryId}`,
  })
}

export async function notifyProposalAccepted(
  tx: Tx,
  p: { id: number; tripId: number; itineraryId: number; round: number; total: string; currency: string },
  by: number,
) {
  const facts = await tripFacts(tx, p.tripId, by)
  if (!facts) return
  const told = {
    kind: 'proposal.accepted' as const,
    title: `${facts.traveler} accepted round ${p.round} of “${facts.trip.title}”`,
    body: `Accepted at ${p.total} ${p.currency}. The bookings wait for confirmation.`,
  }
  await tell(tx, [facts.trip.expertId], by, { ...told, link: proposalLink(p.id) })
  // The specialist who matched them reads the itinerary but not its proposals (docs/proposals.md "Who"): their link is
  // the itinerary, which shows the accepted round.
  const matcher = await matcherOf(tx, p.tripId)
  if (matcher !== facts.trip.expertId) await tell(tx, [matcher], by, { ...told, link: `/dashboard/itineraries/${p.itineraryId}` })
}
