import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useSubmit } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, listProposals } from '@meridian/core'
import { PROPOSAL_STATUSES, type ProposalStatus } from '@meridian/validators/proposal-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList, EmptyState } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { dayOf, openThreadsText, statusLabel } from '../components/proposals/format.ts'
import { ProposalStatusBadges } from '../components/proposals/status.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { formatDay, formatMoney, formatRange, plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

/*
 * Proposals (docs/proposals.md): the rounds the user may read, newest first: a traveler those of their trips, an expert
 * those of the trips they plan, staff every one. Each card opens its round.
 */

export const meta: MetaFunction = () => [{ title: 'Proposals · Meridian Travel' }]

const BASE = '/dashboard/proposals'
/** The most cards a page holds (four rows of three); the "Rows shown in lists" setting may ask for fewer. */
const MAX_PAGE_SIZE = 12
const LOAD_FAILED = 'Failed to load proposals'
const MAX_ID = 2_147_483_647
const DENIED = 'Proposals are for travelers and for those who plan their trips.'

type Row = Awaited<ReturnType<typeof listProposals>>['results'][number]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, actor } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/proposals')) return data({ denied: true as const, message: DENIED }, { status: 403 })
  const url = new URL(request.url)
  const rawStatus = url.searchParams.get('status') ?? ''
  // A status the list does not know is left out, as the other lists do with their filters.
  const status = (PROPOSAL_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ProposalStatus) : ''
  // A trip's rounds only, when the address names one (a link from the trip).
  const rawTrip = url.searchParams.get('trip') ?? ''
  const trip = /^[1-9]\d{0,9}$/.test(rawTrip) && Number(rawTrip) <= MAX_ID ? rawTrip : ''
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, MAX_PAGE_SIZE)
  // The labels speak to the traveler of the trips listed ("Waiting for you"); others read who has the round.
  const traveler = actor.role === 'traveler'
  try {
    const list = await listProposals(ctx, { status, trip }, listWindow(url.searchParams, pageSize))
    return { denied: false as const, status, trip, page, pageSize, traveler, count: list.count, results: list.results, error: null }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'unavailable') throw error
    return { denied: false as const, status, trip, page, pageSize, traveler, count: 0, results: [] as Row[], error: LOAD_FAILED }
  }
}

export default function Proposals() {
  const loaded = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const submit = useSubmit()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  const { status, trip, count, results, page, pageSize, traveler, error } = loaded
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Proposals"
        description={
          traveler
            ? 'The trip plans your expert sends you, priced for your dates: choose between options, comment, ask for changes or accept.'
            : 'The rounds sent to travelers from approved itineraries, with their totals, options and open comments.'
        }
      />
      {/* Without JavaScript the Filter button applies it; with it, the select applies at once. */}
      <Form method="get" role="search" aria-label="Filters" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        {trip ? <input type="hidden" name="trip" value={trip} /> : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="status"
            label="Status"
            defaultValue={status}
            data={[{ value: '', label: 'All statuses' }, ...PROPOSAL_STATUSES.map((s) => ({ value: s, label: statusLabel(s, traveler) }))]}
            style={{ flex: '0 1 240px' }}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <ErrorBanner message={error} />
      <CardList
        count={count}
        noun={['proposal', 'proposals']}
        error={error}
        label="Proposals"
        empty={
          <EmptyState
            title="No proposals yet"
            hint={
              status || trip
                ? 'No proposal matches these filters. Try another status.'
                : traveler
                  ? 'When your expert sends a plan for one of your trips, it appears here.'
                  : 'Rounds sent to travelers from approved itineraries appear here.'
            }
          />
        }
      >
        {results.map((r) => (
          <ProposalCard key={r.id} proposal={r} traveler={traveler} />
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}

function ProposalCard({ proposal: r, traveler }: { proposal: Row; traveler: boolean }) {
  const accepted = r.status === 'accepted' && r.accepted_total !== null
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${r.title}, round ${r.round}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`${BASE}/${r.id}`} fw={600}>
            {r.title}
          </Anchor>
          <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
            Round {r.round}
          </Badge>
        </Group>
        <ProposalStatusBadges status={r.status} expired={r.expired} traveler={traveler} />
        <Text size="sm">{r.trip_title ? `Trip: ${r.trip_title}` : [r.destination, formatRange(r.start_date, r.end_date)].filter(Boolean).join(' · ')}</Text>
        <Text size="sm" fw={600}>
          {accepted ? `Accepted at ${formatMoney(r.accepted_total!, r.currency)}` : `Total ${formatMoney(r.total, r.currency)}`}
        </Text>
        <Text size="sm" c="dimmed">
          {r.options === 0 ? 'No options to choose' : plural(r.options, 'choice to make', 'choices to make')} · {openThreadsText(r.open_threads)}
        </Text>
        <Text size="xs" c="dimmed" mt="auto">
          Sent {formatDay(dayOf(r.sent_at))}
          {r.status === 'accepted' || r.expired ? '' : ` · quote valid until ${formatDay(r.expires_on)}`}
        </Text>
      </Stack>
    </Card>
  )
}
