import { Checkbox, List, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { formatMoney } from '../trips/format.ts'

/** What cancelling costs, as the booking screen's loader hands it over (times already written in their zones). */
export interface CancellationView {
  fee: string
  refund: string
  paid: string
  currency: string
  fee_waived: boolean
  policy_text: string
  /** The deadline in the supplier's zone ("2027-02-18 00:00 (Pacific/Auckland)"), and the instant itself. */
  free_until: string | null
  free_until_local: string | null
  /** Whether the free-cancellation deadline has passed (when the page was made). */
  free_passed: boolean
  next_step_at: string | null
  next_step_local: string | null
  /** The same instants in UTC, shown until the browser says its own zone. */
  free_until_utc: string | null
  next_step_utc: string | null
}

/** An instant in the browser's own zone: "2027-02-17 03:00 (America/Los_Angeles)". */
function inBrowserZone(iso: string): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, p.value]),
    )
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${zone})`
  } catch {
    return null
  }
}

/** The instant in the viewer's zone once the browser runs (UTC until then, and with JavaScript off). */
function ViewerTime({ iso, utc }: { iso: string; utc: string }) {
  const [text, setText] = useState(utc)
  useEffect(() => setText(inBrowserZone(iso) ?? utc), [iso, utc])
  return <span data-testid="viewer-time">{text}</span>
}

/** The confirm step's terms: the fee now, what was paid and comes back, the free-cancellation deadline, the policy. */
export function CancellationTerms({ quote, staff }: { quote: CancellationView; staff: boolean }) {
  const money = (x: string) => formatMoney(x, quote.currency)
  return (
    <>
      <List size="sm" spacing={2} aria-label="Cancellation terms">
        <List.Item>
          {quote.fee_waived ? 'No cancellation fee: the flight was withdrawn. ' : null}
          Cancellation fee now: <strong data-testid="cancellation-fee">{money(quote.fee)}</strong>
        </List.Item>
        <List.Item>
          Paid so far: {money(quote.paid)}; refunded: <strong data-testid="cancellation-refund">{money(quote.refund)}</strong>
        </List.Item>
        {quote.free_until && quote.free_until_local && quote.free_until_utc ? (
          <List.Item>
            {quote.free_passed ? 'Free cancellation ended' : 'Free cancellation until'} {quote.free_until_local} — your time:{' '}
            <ViewerTime iso={quote.free_until} utc={quote.free_until_utc} />
          </List.Item>
        ) : (
          <List.Item>No deadline: cancelling is free until the day of the service.</List.Item>
        )}
        {quote.next_step_at && quote.next_step_local && quote.next_step_utc ? (
          <List.Item>
            The fee rises on {quote.next_step_local} — your time: <ViewerTime iso={quote.next_step_at} utc={quote.next_step_utc} />
          </List.Item>
        ) : null}
      </List>
      <Text size="xs" c="dimmed">
        Policy: {quote.policy_text}
      </Text>
      {staff && !quote.fee_waived && /[1-9]/.test(quote.fee) ? <Checkbox name="waive_fee" value="true" label="Waive the cancellation fee (staff)" /> : null}
    </>
  )
}
