import { Anchor, Badge, Button, Group, List, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { changeItineraryStatus, compareItineraryVersions, DomainError, getItinerary, listItineraryVersions, restoreItineraryVersion } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { ITINERARY_MOVES, ITINERARY_STATUS_LABELS, type ItineraryStatus } from '@meridian/validators/itinerary-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { backWithToast, type CatalogueFailure, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { FlashNotice } from '../components/quiz-review/flash-notice.tsx'
import { timeAgo } from '../components/shell/time-ago.ts'
import { formatMoney } from '../components/trips/format.ts'
import { ItineraryStatusBadge } from '../components/itinerary/status-badge.tsx'
import { requireUser } from '../utils/auth.server.ts'

/*
 * The itinerary's versions (docs/itineraries.md "The versions page"): who saved each and what changed, a comparison of
 * any two (a GET form), status moves and restore (POST forms). Every form works without JavaScript.
 */

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && !loaded.denied ? `Versions of ${loaded.itinerary.title}` : 'Itinerary versions'} · Meridian Travel` },
]

const builderOf = (id: string | number) => `/dashboard/itineraries/${id}`

/** The moves this screen offers: the legal ones (ITINERARY_MOVES) the viewer may make, as changeItineraryStatus decides. */
const MOVE_LABELS: Record<string, string> = {
  'draft>review': 'Send for review',
  'review>approved': 'Approve',
  'review>draft': 'Send back to draft',
  'approved>draft': 'Reopen as draft',
}
const MOVE_DONE: Record<string, string> = {
  review: 'Itinerary sent for review.',
  draft: 'Itinerary moved back to draft.',
}
function movesFor(status: string, can: { save: boolean; approve: boolean }) {
  const from = status as ItineraryStatus
  return (ITINERARY_MOVES[from] ?? [])
    .filter((to) => (to === 'approved' || from === 'review' ? can.approve : can.save))
    .map((to) => ({ to, label: MOVE_LABELS[`${from}>${to}`] ?? ITINERARY_STATUS_LABELS[to] }))
}

/** A query value as the version the user picked, or the default when absent. */
const picked = (value: string | null, fallback: number | null) => (value === null || value === '' ? fallback : value)

/** A refusal with field errors (a comparison's version numbers, a status move's version) as one line, naming the field. */
const FIELD_LABELS: Record<string, string> = { from: 'From: ', to: 'To: ', version: 'Version: ' }
function fieldsMessage(error: DomainError) {
  if (!error.fields) return error.message
  return Object.entries(error.fields)
    .map(([field, messages]) => `${FIELD_LABELS[field] ?? ''}${messages.join(' ')}`)
    .join(' ')
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const url = new URL(request.url)
  try {
    // First, alone: it answers 403 to those who may not see versions (travelers, the editor) before anything else.
    const versions = await listItineraryVersions(ctx, params.id)
    const itinerary = await getItinerary(ctx, params.id)
    const previous = versions.find((v) => v.version < itinerary.version)?.version ?? null
    const from = picked(url.searchParams.get('from'), previous)
    const to = picked(url.searchParams.get('to'), itinerary.version)
    const currencyOf = async (n: number) =>
      n === itinerary.version ? itinerary.budget.currency : (await getItinerary(ctx, params.id, { version: n })).budget.currency
    let comparison = null
    let compareError: string | null = null
    let status = 200
    if (from !== null) {
      try {
        const result = await compareItineraryVersions(ctx, params.id, { from, to })
        const [fromCurrency, toCurrency] = await Promise.all([currencyOf(result.from), currencyOf(result.to)])
        comparison = { ...result, currency: { from: fromCurrency, to: toCurrency } }
      } catch (error) {
        if (!(error instanceof DomainError) || (error.code !== 'invalid' && error.code !== 'not_found')) throw error
        compareError = fieldsMessage(error)
        status = error.code === 'invalid' ? 400 : 404
      }
    }
    return data(
      {
        denied: false as const,
        now: new Date().toISOString(),
        itinerary: {
          id: itinerary.id,
          title: itinerary.title,
          status: itinerary.status,
          version: itinerary.version,
          approved_version: itinerary.approved_version,
          currency: itinerary.budget.currency,
          can: itinerary.can,
        },
        versions,
        selected: { from: from === null ? '' : String(from), to: String(to) },
        comparison,
        compareError,
      },
      { status },
    )
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return data({ denied: true as const, message: error.message }, { status: 403 })
    return notFoundResponse(error)
  }
}

/** A refused restore or approval (409: saved since the page was drawn) reloads the list, as the page without JavaScript does. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

type Answer = CatalogueFailure & { confirm?: { version: string; based_on: string } }

/**
 * intent=restore (asked first, then `confirmed`), otherwise a status move: one service call each. Approve sends the
 * version the page showed, so a version saved since is refused (409) instead of approved unseen.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const here = `${url.pathname}${url.search}`
  try {
    if (values.intent === 'restore') {
      if (values.confirmed !== 'yes') {
        // Ask before restoring, but only someone who may restore.
        const { can } = await getItinerary(ctx, params.id)
        if (!can.save) return data<Answer>({ message: STATUS_MESSAGES[403], fields: {}, values }, { status: 403 })
        return data<Answer>({ message: null, fields: {}, values, confirm: { version: values.version ?? '', based_on: values.based_on ?? '' } })
      }
      const restored = await restoreItineraryVersion(ctx, params.id, { version: values.version ?? '', based_on: values.based_on ?? '' })
      return backWithToast(builderOf(restored.id), `Version ${Number(values.version)} restored as version ${restored.version}.`)
    }
    const moved = await changeItineraryStatus(ctx, params.id, { status: values.status ?? '', ...(values.version === undefined ? {} : { version: values.version }) })
    const done = moved.status === 'approved' ? `Itinerary approved (version ${moved.approved_version}).` : MOVE_DONE[moved.status]
    return backWithToast(here, done ?? 'Status changed.')
  } catch (error) {
    // A status move has no field on the page to show an error beside (a page drawn before approvals named a version).
    if (values.intent !== 'restore' && error instanceof DomainError && error.fields) {
      return data<Answer>({ message: fieldsMessage(error), fields: {}, values }, { status: 400 })
    }
    return catalogueFailure(error, values)
  }
}

const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })} UTC`
const money = (amount: string | null, currency: string) => (amount === null ? 'no cost' : formatMoney(amount, currency))

export default function ItineraryVersions() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as Answer | undefined
  const navigation = useNavigation()
  const { pathname, search } = useLocation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={loaded.message} />
  const { itinerary: it, versions, now } = loaded
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const moves = movesFor(it.status, it.can)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap="xs">
        <Anchor component={Link} to={builderOf(it.id)} size="sm">
          Back to builder
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} fz={{ base: 26, sm: 30 }}>
                {it.title}
              </Title>
              <ItineraryStatusBadge status={it.status} />
            </Group>
            <Text c="dimmed">
              Versions · current version {it.version}
              {it.approved_version === null ? '' : ` · approved version ${it.approved_version}`}
            </Text>
          </Stack>
          {moves.length ? (
            <Group gap="xs" role="group" aria-label="Status actions">
              {moves.map((m) => (
                <Form method="post" key={m.to}>
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="status" value={m.to} />
                  {/* An approval names the version this page shows: one saved since is refused, not approved unseen. */}
                  {m.to === 'approved' ? <input type="hidden" name="version" value={it.version} /> : null}
                  <Button type="submit" variant={m.to === 'draft' ? 'default' : 'filled'} disabled={busy}>
                    {m.to === 'approved' ? `${m.label} version ${it.version}` : m.label}
                  </Button>
                </Form>
              ))}
            </Group>
          ) : null}
        </Group>
      </Stack>
      <FlashNotice />
      <ErrorBanner message={answer?.confirm ? null : answer?.message ?? null} />
      {answer?.confirm ? (
        <RouteModal title={`Restore version ${answer.confirm.version}?`} closeTo={`${pathname}${search}`} size="md">
          <Form method="post" aria-label="Confirm restore">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="confirmed" value="yes" />
            <input type="hidden" name="version" value={answer.confirm.version} />
            <input type="hidden" name="based_on" value={answer.confirm.based_on} />
            <Stack gap="md">
              <Text>
                Version {answer.confirm.version}’s days and items, priced as they were then, become a new version. Nothing is lost: version{' '}
                {answer.confirm.based_on} stays in the list.
              </Text>
              <Group justify="flex-end">
                <Button component={Link} to={`${pathname}${search}`} variant="default" preventScrollReset>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Restore version {answer.confirm.version}
                </Button>
              </Group>
            </Stack>
          </Form>
        </RouteModal>
      ) : null}
      <VersionList versions={versions} current={it.version} canRestore={it.can.save} now={now} busy={busy} />
      <Comparison />
    </Stack>
  )
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { denied: false }>

function VersionList({
  versions,
  current,
  canRestore,
  now,
  busy,
}: {
  versions: Loaded['versions']
  current: number
  canRestore: boolean
  now: string
  busy: boolean
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="versions-title">
      <Title order={2} size="h3" id="versions-title" mb="sm">
        Versions
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-labelledby="versions-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Version</Table.Th>
              <Table.Th scope="col">Saved by</Table.Th>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Changes</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((v) => (
              <Table.Tr key={v.version}>
                <Table.Th scope="row" fw={600}>
                  <Group gap={6} wrap="nowrap">
                    <span>Version {v.version}</span>
                    {v.current ? (
                      <Badge size="sm" variant="light" color="blue">
                        Current
                      </Badge>
                    ) : null}
                    {v.approved ? (
                      <Badge size="sm" variant="light" color="green">
                        Approved
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Th>
                <Table.Td>{v.created_by?.name ?? 'Unknown'}</Table.Td>
                <Table.Td>
                  <time dateTime={v.created_at}>{dateTime(v.created_at)}</time>
                  <Text size="xs" c="dimmed">
                    {timeAgo(v.created_at, new Date(now))}
                  </Text>
                </Table.Td>
                <Table.Td>{v.summary}</Table.Td>
                <Table.Td ta="right">
                  {canRestore && !v.current ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="version" value={v.version} />
                      <input type="hidden" name="based_on" value={current} />
                      <Button type="submit" size="xs" variant="light" disabled={busy} aria-label={`Restore version ${v.version}`}>
                        Restore
                      </Button>
                    </Form>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}

function Comparison() {
  const { versions, selected, comparison: c, compareError } = useLoaderData<typeof loader>() as Loaded
  const options = versions.map((v) => ({ value: String(v.version), label: `Version ${v.version}${v.current ? ' (current)' : ''}` }))
  const changes = c?.changes
  const sections: { title: string; rows: string[] }[] = changes
    ? [
        { title: 'Days added', rows: changes.days_added },
        { title: 'Days removed', rows: changes.days_removed },
        { title: 'Items added', rows: changes.items_added.map((i) => `${i.title} (${i.day})`) },
        { title: 'Items removed', rows: changes.items_removed.map((i) => `${i.title} (${i.day})`) },
        { title: 'Items moved', rows: changes.items_moved.map((i) => (i.from === i.to ? `${i.title}: within ${i.to}` : `${i.title}: ${i.from} → ${i.to}`)) },
        {
          title: 'Items re-priced',
          rows: changes.items_repriced.map((i) => `${i.title}: ${money(i.from, c.currency.from)} → ${money(i.to, c.currency.to)}`),
        },
      ].filter((s) => s.rows.length)
    : []
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compare-title">
      <Title order={2} size="h3" id="compare-title" mb="sm">
        Compare versions
      </Title>
      {versions.length < 2 ? (
        <Text c="dimmed">There is only one version so far: save the itinerary again to compare.</Text>
      ) : (
        <Stack gap="md">
          <Form method="get" aria-label="Compare versions">
            <Group align="flex-end" gap="sm">
              <NativeSelect name="from" label="From" data={options} defaultValue={selected.from} key={`from-${selected.from}`} />
              <NativeSelect name="to" label="To" data={options} defaultValue={selected.to} key={`to-${selected.to}`} />
              <Button type="submit" variant="default">
                Compare
              </Button>
            </Group>
          </Form>
          <ErrorBanner message={compareError} />
          {c ? (
            <Stack gap="sm" aria-label="Comparison" role="region">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Text>
                  Version {c.from} total: <strong>{formatMoney(c.totals.from, c.currency.from)}</strong>
                </Text>
                <Text>
                  Version {c.to} total: <strong>{formatMoney(c.totals.to, c.currency.to)}</strong>
                </Text>
              </SimpleGrid>
              {sections.length === 0 ? (
                <Text c="dimmed">
                  No differences in days or items between version {c.from} and version {c.to}.
                </Text>
              ) : (
                sections.map((s) => (
                  <div key={s.title}>
                    <Title order={3} size="h5">
                      {s.title} ({s.rows.length})
                    </Title>
                    <List size="sm" spacing={2}>
                      {s.rows.map((row, index) => (
                        <List.Item key={index}>{row}</List.Item>
                      ))}
                    </List>
                  </div>
                ))
              )}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Paper>
  )
}
