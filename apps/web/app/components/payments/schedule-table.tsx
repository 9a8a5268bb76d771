import { Badge, Table, Text } from '@mantine/core'
import type { ScheduleLineKind, ScheduleLineStatus } from '@meridian/validators/booking-constants'
import { formatDay, formatMoney } from '../trips/format.ts'

export const LINE_KIND_LABELS: Record<ScheduleLineKind, string> = { deposit: 'Deposit', balance: 'Balance', full: 'Full amount' }
export const LINE_STATUS_LABELS: Record<ScheduleLineStatus, string> = { due: 'Due', paid: 'Paid', overdue: 'Overdue', waived: 'Waived' }
export const LINE_STATUS_COLORS: Record<ScheduleLineStatus, string> = { due: 'yellow', paid: 'green', overdue: 'red', waived: 'gray' }

export interface ScheduleView {
  lines: { id: number; kind: string; amount: string; currency: string; due_on: string; status: string; paid_at: string | null }[]
  paid: string
  outstanding: string
  next_due: { kind: string; amount: string; currency: string; due_on: string; status: string } | null
}

/** A booking's payment schedule (docs/bookings.md "Payment schedules"): each line, what is paid, what is due next. */
export function ScheduleTable({ schedule, total, currency }: { schedule: ScheduleView; total: string; currency: string }) {
  if (!schedule.lines.length) return <Text c="dimmed">No payment is scheduled yet: the booking is scheduled once it has a price.</Text>
  const next = schedule.next_due
  return (
    <>
      <Text size="sm" data-testid="schedule-summary">
        Paid {formatMoney(schedule.paid, currency)} of {formatMoney(total, currency)}
        {next
          ? `; next: ${LINE_KIND_LABELS[next.kind as ScheduleLineKind].toLowerCase()} of ${formatMoney(next.amount, next.currency)} ${next.status === 'overdue' ? 'was due' : 'due'} ${formatDay(next.due_on)}.`
          : '; nothing more is due.'}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="xs" aria-label="Payment schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">Due</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{LINE_KIND_LABELS[l.kind as ScheduleLineKind]}</Table.Td>
                <Table.Td>{formatMoney(l.amount, l.currency)}</Table.Td>
                <Table.Td>{formatDay(l.due_on)}</Table.Td>
                <Table.Td>
                  <Badge color={LINE_STATUS_COLORS[l.status as ScheduleLineStatus]} variant="light">
                    {LINE_STATUS_LABELS[l.status as ScheduleLineStatus]}
                    {l.status === 'paid' && l.paid_at ? ` ${l.paid_at.slice(0, 10)}` : ''}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  )
}
