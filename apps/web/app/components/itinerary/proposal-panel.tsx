import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { listItineraryProposals } from '@meridian/core'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import { PROPOSAL_STATUS_COLORS, PROPOSAL_STATUS_LABELS, type ProposalStatus } from '@meridian/validators/proposal-constants'
import { fieldError } from '../kit/banners.tsx'
import { formatDay, formatMoney } from '../trips/format.ts'
import { type DraftDay, locate } from './draft.ts'
import { dateTime, ProposalFormBase, type ProposalFailure, ProposalThread, useProposalForm } from './proposal-threads.tsx'

export type ItineraryProposals = Awaited<ReturnType<typeof listItineraryProposals>>

/** The quote's expiry the form offers: today + 7 by default, from tomorrow to today + 90 (the server's UTC day). */
export interface QuoteDates {
  min: string
  until: string
  max: string
}

/**
 * A round's state as its planner reads it: the traveler's own words for it, except that a round waiting for the
 * traveler is not waiting for "you".
 */
const statusLabel = (status: string) => (status === 'sent' ? 'Waiting for the traveler' : (PROPOSAL_STATUS_LABELS[status as ProposalStatus] ?? status))

/**
 * The builder's proposal panel (docs/proposals.md): Send proposal when the approved version may be sent, the rounds
 * sent so far with their state and totals, the traveler's change requests, and the comment threads not shown beside an
 * item of the day in view (on the whole proposal, on an item of another day, on an item no longer in the plan).
 */
export function ProposalPanel({
  proposals,
  itinerary,
  days,
  dayIndex,
  hydrated,
  failure,
  quote,
  versionsPath,
}: {
  proposals: ItineraryProposals
  itinerary: { version: number; approved_version: number | null }
  /** The working copy: where each item (and so each thread) is now. */
  days: DraftDay[]
  dayIndex: number
  hydrated: boolean
  /** A proposal form refused without JavaScript. */
  failure: ProposalFailure | null
  quote: QuoteDates
  versionsPath: string
}) {
  const rounds = proposals.results
  const accepted = rounds.find((r) => r.status === 'accepted')
  const dayOf = (key: string | null) => (key === null ? null : (locate(days, key)?.day ?? null))
  const whole = proposals.threads.filter((t) => t.item_key === null)
  const orphaned = proposals.threads.filter((t) => t.item_key !== null && dayOf(t.item_key) === null)
  const elsewhere = proposals.threads.filter((t) => t.open && t.item_key !== null && dayOf(t.item_key) !== null && dayOf(t.item_key) !== dayIndex)
  const threadFailure = (id: number) => (failure && failure.intent !== 'publish' && failure.values.thread === String(id) ? failure : null)
  const day = dayIndex + 1
  return (
    <Paper withBorder radius="md" p="lg" component="section" id="proposal" aria-labelledby="proposal-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="proposal-title">
          Proposal rounds
        </Title>
        {itinerary.approved_version === null ? (
          <Alert color="blue" variant="light">
            {PROPOSAL_MESSAGES.notApproved}{' '}
            <Anchor component={Link} to={versionsPath} c="inherit" underline="always" fw={600}>
              Versions
            </Anchor>
          </Alert>
        ) : null}
        {accepted ? (
          <Alert color="green" variant="light">
            The traveler accepted round {accepted.round}
            {accepted.accepted_at ? ` on ${formatDay(accepted.accepted_at.slice(0, 10))}` : ''}
            {accepted.accepted_total ? ` for ${formatMoney(accepted.accepted_total, accepted.currency)}` : ''}: its prices are frozen.
          </Alert>
        ) : null}
        {rounds
          .filter((r) => r.changes_requested_at)
          .map((r) => (
            <Alert key={r.id} color="orange" variant="light" title={`The traveler asked for changes to round ${r.round}`} data-changes-round={r.round}>
              <Stack gap={4}>
                <Text size="sm">{dateTime(r.changes_requested_at!)}</Text>
                {r.changes_message ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{r.changes_message}”
                  </Text>
                ) : (
                  <Text size="sm">No message: the open comment threads say what.</Text>
                )}
              </Stack>
            </Alert>
          ))}
        {rounds.length ? <Rounds rounds={rounds} /> : <Text c="dimmed">No proposal has been sent to the traveler yet.</Text>}
        {elsewhere.length ? (
          <Stack gap={4}>
            <Title order={3} size="h5">
              Open comments on other days
            </Title>
            {elsewhere.map((t) => {
              const d = dayOf(t.item_key)!
              return (
                <Text key={t.id} size="sm" id={`thread-${t.id}`}>
                  <Anchor component={Link} to={`?day=${d + 1}#thread-${t.id}`}>
                    {t.item_title ?? t.item_key} · {days[d]!.title}
                  </Anchor>
                  : {t.comments.at(-1)?.body.slice(0, 120)}
                </Text>
              )
            })}
          </Stack>
        ) : null}
        {[...whole, ...orphaned].length ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Comments on the whole proposal
            </Title>
            {[...whole, ...orphaned].map((t) => (
              <ProposalThread
                key={t.id}
                thread={t}
                about={t.item_key === null ? 'the whole proposal' : `${t.item_title ?? t.item_key} (no longer in the plan)`}
                day={day}
                hydrated={hydrated}
                anchor
                failure={threadFailure(t.id)}
              />
            ))}
          </Stack>
        ) : null}
        {proposals.can_publish ? (
          <SendProposal
            round={(rounds[0]?.round ?? 0) + 1}
            itinerary={itinerary}
            day={day}
            hydrated={hydrated}
            quote={quote}
            failure={failure?.intent === 'publish' ? failure : null}
          />
        ) : null}
      </Stack>
    </Paper>
  )
}

function Rounds({ rounds }: { rounds: ItineraryProposals['results'] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Proposal rounds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Round</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Quote valid until</Table.Th>
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Accepted total</Table.Th>
            <Table.Th scope="col">Proposal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.map((r) => (
            <Table.Tr key={r.id} data-round={r.round}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                Round {r.round}
                <Text size="xs" c="dimmed" fw={400}>
                  version {r.version}
                </Text>
              </Table.Th>
              <Table.Td>
                {/* A badge may shrink to an ellipsis in a table cell: these keep their whole words. */}
                <Group gap={4} preventGrowOverflow={false}>
                  <Badge variant="light" color={PROPOSAL_STATUS_COLORS[r.status as ProposalStatus] ?? 'gray'} style={{ minWidth: 'max-content' }}>
                    {statusLabel(r.status)}
                  </Badge>
                  {r.expired ? (
                    <Badge variant="light" color="red" style={{ minWidth: 'max-content' }}>
                      Expired
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <time dateTime={r.sent_at}>{dateTime(r.sent_at)}</time>
                <Text size="xs" c="dimmed">
                  {r.seen_at ? `Opened ${dateTime(r.seen_at)}` : 'Not opened yet'}
                </Text>
              </Table.Td>
              <Table.Td>{r.expired ? `Expired ${formatDay(r.expires_on)}` : formatDay(r.expires_on)}</Table.Td>
              <Table.Td>{formatMoney(r.total, r.currency)}</Table.Td>
              <Table.Td>{r.accepted_total ? formatMoney(r.accepted_total, r.currency) : '—'}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/proposals/${r.id}`} aria-label={`Open round ${r.round}`}>
                  Open
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** Send proposal: the approved version to the traveler as the next round, priced today, with a note and the quote's expiry. */
function SendProposal({
  round,
  itinerary,
  day,
  hydrated,
  quote,
  failure,
}: {
  round: number
  itinerary: { version: number; approved_version: number | null }
  day: number
  hydrated: boolean
  quote: QuoteDates
  failure: ProposalFailure | null
}) {
  const form = useProposalForm()
  const refused = form.refused ?? failure
  const values = refused?.values ?? {}
  const err = (name: string) => fieldError(refused?.fields, name)
  return (
    <Paper withBorder radius="md" p="md" component="section" id="send-proposal" aria-labelledby="send-proposal-title">
      <form.fetcher.Form method="post" ref={form.ref}>
        <ProposalFormBase intent="publish" day={day} hydrated={hydrated} />
        <Stack gap="sm">
          <Title order={3} size="h4" id="send-proposal-title">
            Send proposal
          </Title>
          <Text size="sm" c="dimmed">
            Round {round}: approved version {itinerary.approved_version}, priced today, with its options as alternatives for the traveler.
            {itinerary.approved_version !== null && itinerary.version !== itinerary.approved_version
              ? ` Version ${itinerary.version} is not approved: its changes are not sent.`
              : ''}
          </Text>
          {refused?.message ? (
            <Alert color="red" variant="light" role="alert">
              {refused.message}
            </Alert>
          ) : null}
          <Textarea name="note" label="Note to the traveler" autosize minRows={2} defaultValue={values.note} error={err('note')} />
          <TextInput
            name="expires_on"
            type="date"
            label="Quote valid until"
            description="The traveler can accept the quote until the end of this day"
            min={quote.min}
            max={quote.max}
            defaultValue={values.expires_on ?? quote.until}
            error={err('expires_on')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea
              name="included"
              label="Included (one per line)"
              description="Left empty: what the plan prices"
              autosize
              minRows={3}
              defaultValue={values.included}
              error={err('included')}
            />
            <Textarea
              name="not_included"
              label="Not included (one per line)"
              description="Flights to the destination, insurance, tips…"
              autosize
              minRows={3}
              defaultValue={values.not_included}
              error={err('not_included')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              Send proposal
            </Button>
          </Group>
        </Stack>
      </form.fetcher.Form>
    </Paper>
  )
}
