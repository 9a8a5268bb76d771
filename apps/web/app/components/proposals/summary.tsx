import { Alert, Anchor, Box, Button, Divider, Group, List, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { ProposalDto } from '@meridian/core'
import type { ProposalTotals } from '@meridian/validators/proposal-math'
import { fieldError } from '../kit/banners.tsx'
import { Facts } from '../kit/facts.tsx'
import { formatDay, formatMoney, plural } from '../trips/format.ts'
import { changeText, dayOf, signedMoney } from './format.ts'
import { answerFor, type FormAnswer } from './threads.tsx'

/*
 * The round's total with the options chosen, and the traveler's answers to it: accept (the choices and the round
 * number posted), or ask for changes. Without JavaScript the radios are submitted with "Update total" (a GET of the
 * same form) and the server quotes them; with it, the total follows the radios at once.
 */

export const CHOICES_FORM = 'proposal-choices'

const BREAKDOWN_LABELS: Record<string, string> = { accommodation: 'Stays', activities: 'Activities', meals: 'Meals', transport: 'Transport' }

function useBusy() {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
}

/** Messages of a refused accept: the service's, or the first choice that was not an option. */
function acceptMessage(answer: FormAnswer | undefined) {
  if (!answer) return null
  return answer.message ?? Object.values(answer.fields)[0]?.join(' ') ?? null
}

export function TotalsPanel({
  p,
  totals,
  payers,
  edited,
  hydrated,
  traveler,
  answer,
}: {
  p: ProposalDto
  totals: ProposalTotals
  payers: number
  /** The radios differ from the choices the server quoted (JavaScript recomputed the total). */
  edited: boolean
  hydrated: boolean
  traveler: boolean
  answer?: FormAnswer
}) {
  const busy = useBusy()
  const accepted = p.status === 'accepted'
  const canChoose = !accepted && p.slots.length > 0
  const refused = answerFor(answer, { intents: ['accept'] })
  const breakdown = Object.entries(totals.breakdown).filter(([, amount]) => /[1-9]/.test(amount))
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-title" id="summary" style={{ scrollMarginTop: 80 }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="summary-title">
          {accepted ? 'Accepted total' : traveler ? 'Your total' : 'Total'}
        </Title>
        <div aria-live="polite" aria-atomic="true">
          <Text fz={30} fw={700} lh={1.1} data-testid="proposal-total">
            {formatMoney(totals.total, p.currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {accepted
              ? 'With the options accepted'
              : edited
                ? 'Updated for the options you chose'
                : p.slots.length
                  ? 'With the options shown as chosen'
                  : 'Everything in this plan'}
          </Text>
        </div>
        <Facts
          rows={[
            [`Per person (${plural(payers, 'paying traveler', 'paying travelers')})`, formatMoney(totals.per_person, p.currency)],
            [`Per day (${plural(p.days.length, 'day', 'days')})`, formatMoney(totals.per_day, p.currency)],
          ]}
        />
        {breakdown.length > 1 ? (
          <Box component="dl" m={0} fz="sm">
            {breakdown.map(([kind, amount]) => (
              <Group key={kind} justify="space-between" gap="xs">
                <Text component="dt" size="sm" c="dimmed">
                  {BREAKDOWN_LABELS[kind] ?? kind}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {formatMoney(amount, p.currency)}
                </Text>
              </Group>
            ))}
          </Box>
        ) : null}
        <Text size="xs" c="dimmed">
          Priced on {formatDay(p.priced_on)} in {p.currency}.
        </Text>
        {acceptMessage(refused) ? (
          <Alert color="red" variant="light" role="alert">
            {acceptMessage(refused)}
          </Alert>
        ) : null}
        {canChoose || p.can.accept ? (
          <Form method={p.can.accept ? 'post' : 'get'} id={CHOICES_FORM} aria-label="Your choices" preventScrollReset>
            {p.can.accept ? <input type="hidden" name="round" value={p.round} /> : null}
            <Stack gap="xs">
              {/* With JavaScript the total follows the radios; without it, this asks the server. */}
              {canChoose && !hydrated ? (
                <Button type="submit" formMethod="get" variant="default" fullWidth>
                  Update total
                </Button>
              ) : null}
              {p.can.accept ? (
                <>
                  <Button type="submit" name="intent" value="accept" fullWidth disabled={busy}>
                    Accept round {p.round} for {formatMoney(totals.total, p.currency)}
                  </Button>
                  <Text size="xs" c="dimmed">
                    Accepting books the {p.slots.length ? 'options you chose' : 'plan'} at these prices. The bookings wait for confirmation.
                  </Text>
                </>
              ) : null}
            </Stack>
          </Form>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** The traveler asks for changes (the message, when written, starts a thread on the whole proposal). */
export function RequestChanges({ p, answer }: { p: ProposalDto; answer?: FormAnswer }) {
  const busy = useBusy()
  const mine = answerFor(answer, { intents: ['request_changes'] })
  const asked = p.status === 'changes_requested'
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="changes-title">
      <Form method="post" preventScrollReset aria-label="Request changes" key={p.changes_requested_at ?? 'none'}>
        <input type="hidden" name="intent" value="request_changes" />
        <Stack gap="xs">
          <Title order={2} size="h4" id="changes-title">
            Request changes
          </Title>
          <Text size="sm" c="dimmed">
            {asked
              ? `You asked for changes on ${formatDay(dayOf(p.changes_requested_at ?? p.sent_at))}. Your expert will send a new round; you can still accept this one meanwhile.`
              : 'Tell your expert what to change. Your open comments go with it.'}
          </Text>
          {mine?.message ? (
            <Alert color="red" variant="light" role="alert">
              {mine.message}
            </Alert>
          ) : null}
          <Textarea
            name="message"
            label="What would you like changed? (optional)"
            autosize
            minRows={3}
            maxRows={10}
            defaultValue={mine?.values.message ?? ''}
            error={fieldError(mine?.fields, 'message')}
          />
          <Button type="submit" variant="default" disabled={busy}>
            {asked ? 'Ask for more changes' : 'Request changes'}
          </Button>
        </Stack>
      </Form>
    </Paper>
  )
}

interface AcceptedLine {
  key: string
  day: string
  title: string
  converted_cost: string | null
  booking: string | null
}
interface Accepted {
  lines: AcceptedLine[]
  bookings: string[]
  total: string
  per_person: string
}

/** What acceptance froze: the lines with their prices and booking references, the total. */
export function AcceptedPanel({ p, traveler }: { p: ProposalDto; traveler: boolean }) {
  const accepted = p.accepted as unknown as Accepted | null
  if (!accepted) return null
  const when = p.accepted_at ? formatDay(dayOf(p.accepted_at)) : ''
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="accepted-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="accepted-title">
          {traveler ? 'You accepted this proposal' : `Accepted by ${p.accepted_by?.name ?? 'the traveler'}`}
        </Title>
        <Text size="sm">
          Accepted on {when} at <strong>{formatMoney(accepted.total, p.currency)}</strong> ({formatMoney(accepted.per_person, p.currency)} per person). The
          prices below hold; the bookings wait for confirmation.
        </Text>
        <Table verticalSpacing={6} aria-labelledby="accepted-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" ta="right">
                Price
              </Table.Th>
              <Table.Th scope="col">Booking</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accepted.lines.map((line) => (
              <Table.Tr key={line.key}>
                <Table.Td>{formatDay(line.day)}</Table.Td>
                <Table.Td>{line.title}</Table.Td>
                <Table.Td ta="right">{line.converted_cost === null ? '—' : formatMoney(line.converted_cost, p.currency)}</Table.Td>
                <Table.Td>{line.booking ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to="/dashboard/bookings" size="sm">
          {accepted.bookings.length ? `See the ${plural(accepted.bookings.length, 'booking', 'bookings')} in Bookings` : 'Go to Bookings'}
        </Anchor>
        {accepted.bookings.length ? (
          // The bookings of an accepted proposal are one package: paid and cancelled together (docs/bookings.md).
          <Anchor component={Link} to={`/dashboard/bookings/packages/P-${p.id}`} size="sm">
            Pay or cancel them together: package P-{p.id}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** "What changed since round N": each line and the total's change. */
export function ChangesPanel({ changes, currency }: { changes: NonNullable<ProposalDto['changes']>; currency: string }) {
  const total = signedMoney(changes.total.difference, currency)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="what-changed">
      <Title order={2} size="h4" id="what-changed" mb="xs">
        What changed since round {changes.since_round}
      </Title>
      {changes.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing in the plan changed.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {changes.lines.map((line, i) => {
            const diff = signedMoney(line.difference, currency)
            return (
              <List.Item key={`${line.key}-${line.change}-${i}`}>
                {changeText(line, currency)}
                {diff ? ` (${diff})` : ''}
              </List.Item>
            )
          })}
        </List>
      )}
      <Divider my="xs" />
      <Text size="sm">
        Total on the recommended options: {formatMoney(changes.total.from, currency)} → <strong>{formatMoney(changes.total.to, currency)}</strong>
        {total ? ` (${total})` : ' (unchanged)'}
      </Text>
    </Paper>
  )
}

export function IncludedLists({ included, notIncluded }: { included: string[]; notIncluded: string[] }) {
  if (!included.length && !notIncluded.length) return null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="What the price includes">
      <Stack gap="sm">
        {included.length ? (
          <div>
            <Title order={2} size="h5" mb={4}>
              Included
            </Title>
            <List size="sm" spacing={2}>
              {included.map((line, i) => (
                <List.Item key={i}>{line}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {notIncluded.length ? (
          <div>
            <Title order={2} size="h5" mb={4}>
              Not included
            </Title>
            <List size="sm" spacing={2}>
              {notIncluded.map((line, i) => (
                <List.Item key={i}>{line}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** On a phone the total stays in view at the bottom of the screen, with a way to the summary and its buttons. */
export function StickyTotal({ total, perPerson, currency, action }: { total: string; perPerson: string; currency: string; action: string }) {
  return (
    <Box
      hiddenFrom="md"
      py="xs"
      px="sm"
      style={{ position: 'sticky', bottom: 0, zIndex: 5, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fw={700} data-testid="proposal-total-bar">
            {formatMoney(total, currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatMoney(perPerson, currency)} per person
          </Text>
        </div>
        <Button component="a" href="#summary" size="xs" variant="light">
          {action}
        </Button>
      </Group>
    </Box>
  )
}
