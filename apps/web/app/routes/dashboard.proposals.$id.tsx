import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import {
  acceptProposal,
  commentOnProposal,
  DomainError,
  getProposal,
  type ProposalDto,
  requestProposalChanges,
  resolveProposalThread,
  visibleProposal,
} from '@meridian/core'
import { hasPermission } from '@meridian/auth/permissions'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import { proposalTotals } from '@meridian/validators/proposal-math'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { ProposalDays } from '../components/proposals/days.tsx'
import { choicesOf, choicesQuery, dayOf, travelersText } from '../components/proposals/format.ts'
import { ProposalStatusBadges } from '../components/proposals/status.tsx'
import { AcceptedPanel, ChangesPanel, CHOICES_FORM, IncludedLists, RequestChanges, StickyTotal, TotalsPanel } from '../components/proposals/summary.tsx'
import { type FormAnswer, NewComment, ThreadList } from '../components/proposals/threads.tsx'
import { FlashNotice } from '../components/quiz-review/flash-notice.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { formatDay, formatMoney, formatRange } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

/*
 * One round of a proposal (docs/proposals.md "Screens"): the plan with its options, the total for the options chosen,
 * the comment threads, and the traveler's answers (accept, request changes). Those who plan the trip read it and
 * answer threads. Every form works without JavaScript; with it, the total follows the radios without a round trip.
 */

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.proposal.title} · Round ${loaded.proposal.round}` : 'Proposal'} · Meridian Travel` },
]

const BASE = '/dashboard/proposals'

/** The choices' field errors (`choices.{group}`) by slot. */
function choiceErrorsOf(fields: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, messages] of Object.entries(fields ?? {})) if (field.startsWith('choices.')) out[field.slice(8)] = messages.join(' ')
  return out
}

/**
 * The round, quoted for the options the address names (`choice.{group}`, as the choices form sends them without
 * JavaScript). A choice that is not an option is shown beside its slot, over the round read with its own choices.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx, actor } = await requireUser(request, context)
  // The words speak to the traveler ("Your total"), unless the reader is one who plans trips.
  const planner = hasPermission(actor, 'manage_trips') || hasPermission(actor, 'manage_assigned_trips')
  const query = choicesQuery(new URL(request.url).searchParams)
  try {
    try {
      const proposal = await getProposal(ctx, params.id, query)
      return data({ proposal, planner, choiceErrors: {} as Record<string, string>, choiceMessage: null as string | null })
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid' || !Object.keys(query).length) throw error
      const proposal = await getProposal(ctx, params.id)
      const choiceErrors = choiceErrorsOf(error.fields)
      const choiceMessage = Object.keys(choiceErrors).length
        ? 'Some of the options chosen are not offered: the recommended ones are shown instead.'
        : error.message
      return data({ proposal, planner, choiceErrors, choiceMessage }, { status: 400 })
    }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/** A refused answer reads the round again (another round may have been sent, or the quote expired meanwhile). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

const INTENTS = ['accept', 'request_changes', 'comment', 'resolve', 'reopen'] as const

/**
 * accept (the choices and the round shown), request_changes (a message), comment (a body, on an item or a thread),
 * resolve and reopen (a thread): one service call each, then back to the round with a toast.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const here = `${url.pathname}${url.search}`
  try {
    switch (values.intent) {
      case 'accept': {
        const done = await acceptProposal(ctx, params.id, { choices: choicesOf(values), ...(values.round ? { round: values.round } : {}) })
        return backWithToast(`${BASE}/${done.id}`, PROPOSAL_MESSAGES.accepted(done.round, formatMoney(done.accepted_total ?? done.totals.total, done.currency)))
      }
      case 'request_changes': {
        await requestProposalChanges(ctx, params.id, { message: values.message ?? '' })
        return backWithToast(here, PROPOSAL_MESSAGES.changesRequested)
      }
      case 'comment': {
        const thread = await commentOnProposal(ctx, params.id, {
          body: values.body ?? '',
          ...(values.item_key ? { item_key: values.item_key } : {}),
          ...(values.thread ? { thread: values.thread } : {}),
        })
        return backWithToast(`${here}#thread-${thread.id}`, values.thread ? 'Reply posted.' : 'Comment posted.')
      }
      case 'resolve':
      case 'reopen': {
        const thread = await resolveProposalThread(ctx, params.id, { thread: values.thread ?? '', resolved: values.intent === 'resolve' })
        return backWithToast(`${here}#thread-${thread.id}`, thread.open ? 'Thread reopened.' : 'Thread resolved.')
      }
      default:
        // Another person's round is not found before the form is judged.
        await visibleProposal(ctx, params.id)
        throw DomainError.invalid({ intent: [`Choose one of: ${INTENTS.join(', ')}.`] })
    }
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function ProposalRound() {
  const {
    proposal: p,
    planner,
    choiceErrors: loadedErrors,
    choiceMessage,
  } = useLoaderData<typeof loader>() as unknown as {
    proposal: ProposalDto
    planner: boolean
    choiceErrors: Record<string, string>
    choiceMessage: string | null
  }
  const answer = useActionData<typeof action>() as FormAnswer | undefined
  const hydrated = useHydrated()
  // The radios as the traveler sets them; back to the server's choices whenever it quotes others.
  const quoted = JSON.stringify(p.choices)
  const [choices, setChoices] = useState<Record<string, string>>(p.choices)
  useEffect(() => setChoices(JSON.parse(quoted) as Record<string, string>), [quoted, p.id])
  const payers = Math.max(1, p.travelers.adults + p.travelers.children)
  const edited = JSON.stringify(choices) !== quoted
  const totals = useMemo(() => (edited ? proposalTotals(p.days, choices, payers, p.places) : p.totals), [edited, p, choices, payers])
  const traveler = p.can.accept || p.can.request_changes || !planner
  const accepted = p.status === 'accepted'
  const asksForChanges = p.can.request_changes && !p.expired
  // A refusal whose form is not on the page (any more) is said at the top: a request for changes on a round that was
  // replaced meanwhile, an answer to a thread that is not there, a form of no known kind.
  const itemKeys = new Set(p.days.flatMap((d) => d.items.map((i) => i.key)))
  const threadShown = (id: string | undefined) => p.threads.some((t) => String(t.id) === id)
  const placed = (values: Record<string, string>) => {
    switch (values.intent) {
      case 'accept':
        return true
      case 'request_changes':
        return asksForChanges
      case 'resolve':
      case 'reopen':
        return p.can.resolve && threadShown(values.thread)
      case 'comment':
        if (!p.can.comment) return false
        if (values.thread) return threadShown(values.thread)
        return !values.item_key || itemKeys.has(values.item_key)
      default:
        return false
    }
  }
  const topMessage = answer && !placed(answer.values) ? (answer.message ?? Object.values(answer.fields).flat().join(' ')) : null
  const answerErrors = answer?.values.intent === 'accept' ? choiceErrorsOf(answer.fields) : {}
  const wholeThreads = p.threads.filter((t) => t.item_key === null)
  const goneThreads = p.threads.filter((t) => t.item_key !== null && !itemKeys.has(t.item_key))
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap="xs">
        <Anchor component={Link} to={BASE} size="sm">
          All proposals
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {p.title}
          </Title>
          <ProposalStatusBadges status={p.status} expired={p.expired} traveler={traveler} />
        </Group>
        <Text c="dimmed">{[p.destination, formatRange(p.start_date, p.end_date), travelersText(p.travelers)].filter(Boolean).join(' · ')}</Text>
        <Group gap="xs" component="nav" aria-label="Rounds">
          <Text size="sm" fw={600}>
            Round {p.round} of {p.rounds.length}
          </Text>
          {p.rounds.length > 1
            ? p.rounds.map((r) =>
                r.id === p.id ? (
                  <Text key={r.id} size="sm" aria-current="page" td="underline">
                    Round {r.round}
                  </Text>
                ) : (
                  <Anchor key={r.id} component={Link} to={`${BASE}/${r.id}`} size="sm">
                    Round {r.round}
                  </Anchor>
                ),
              )
            : null}
        </Group>
        <Text size="sm" c="dimmed">
          Sent by {p.sent_by?.name ?? 'your expert'} on {formatDay(dayOf(p.sent_at))}
          {accepted || p.expired ? '' : ` · Quote valid until ${formatDay(p.expires_on)}`}
        </Text>
      </Stack>
      <FlashNotice />
      <ErrorBanner message={choiceMessage} />
      <ErrorBanner message={topMessage} />
      {p.status === 'superseded' ? (
        <Alert color="gray" variant="light" title="A newer round was sent">
          Round {p.latest_round.round} replaces this one.{' '}
          <Anchor component={Link} to={`${BASE}/${p.latest_round.id}`} c="inherit" underline="always" fw={600}>
            Open round {p.latest_round.round}
          </Anchor>
        </Alert>
      ) : null}
      {p.expired ? <Expired p={p} /> : null}
      {p.note ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Note from your expert">
          <Text size="sm" fw={600} mb={4}>
            A note from {p.sent_by?.name ?? 'your expert'}
          </Text>
          <Text component="blockquote" m={0} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {p.note}
          </Text>
        </Paper>
      ) : null}
      {p.changes ? <ChangesPanel changes={p.changes} currency={p.currency} /> : null}
      {accepted ? <AcceptedPanel p={p} traveler={traveler} /> : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {p.description ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {p.description}
              </Text>
            ) : null}
            <ProposalDays
              days={p.days}
              slots={p.slots}
              choices={choices}
              differences={totals.differences}
              dayTotals={totals.days}
              currency={p.currency}
              formId={accepted ? null : CHOICES_FORM}
              onChoose={(group, key) => setChoices((c) => ({ ...c, [group]: key }))}
              threads={p.threads}
              canComment={p.can.comment}
              canResolve={p.can.resolve}
              answer={answer}
              choiceErrors={{ ...loadedErrors, ...answerErrors }}
            />
            <IncludedLists included={p.included} notIncluded={p.not_included} />
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whole-comments">
              <Title order={2} size="h4" id="whole-comments" mb="xs">
                Comments on the whole proposal
              </Title>
              <Stack gap="sm">
                <ThreadList threads={wholeThreads} canComment={p.can.comment} canResolve={p.can.resolve} answer={answer} />
                {goneThreads.length ? (
                  <>
                    <Text size="sm" fw={600}>
                      On items no longer in this round
                    </Text>
                    <ThreadList threads={goneThreads} canComment={p.can.comment} canResolve={p.can.resolve} answer={answer} />
                  </>
                ) : null}
                {!wholeThreads.length && !goneThreads.length ? (
                  <Text size="sm" c="dimmed">
                    No comments yet.
                  </Text>
                ) : null}
                {p.can.comment ? <NewComment itemKey={null} count={wholeThreads.length} answer={answer} /> : null}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 64px) + var(--mantine-spacing-md))' }}>
            <TotalsPanel p={p} totals={totals} payers={payers} edited={edited} hydrated={hydrated} traveler={traveler} answer={answer} />
            {asksForChanges ? <RequestChanges p={p} answer={answer} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <StickyTotal total={totals.total} perPerson={totals.per_person} currency={p.currency} action={p.can.accept ? 'Review and accept' : 'Details'} />
    </Stack>
  )
}

/** An expired quote: the traveler asks for a new one (a request for changes saying so). */
function Expired({ p }: { p: ProposalDto }) {
  return (
    <Alert color="red" variant="light" title="This quote has expired" role="status">
      <Stack gap="xs">
        <Text size="sm">
          The prices were valid until {formatDay(p.expires_on)}. {p.can.request_changes ? 'Ask your expert to price it again.' : ''}
        </Text>
        {p.can.request_changes ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="request_changes" />
            <input type="hidden" name="message" value={`Please send a new quote: this one expired on ${formatDay(p.expires_on)}.`} />
            <Button type="submit" size="sm">
              Ask for a new quote
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Alert>
  )
}
