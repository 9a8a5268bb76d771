import { Badge, Table, Text } from '@mantine/core'
import type { PaymentDto } from '@meridian/core'
import type { PaymentStatus } from '@meridian/validators/booking-constants'
import { formatMoney } from '../trips/format.ts'
import { METHOD_LABELS, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, PROVIDER_LABELS } from './labels.ts'

const when = (iso: string | null) => (iso ? iso.slice(0, 10) : '—')

/** The booking's payments, newest first: when, how much, how, where they stand. */
export function PaymentHistory({ payments }: { payments: PaymentDto[] }) {
  if (payments.length === 0) return <Text c="dimmed">No payments yet.</Text>
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Started</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">How</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Received</Table.Th>
            <Table.Th scope="col">Refund</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{when(p.created_at)}</Table.Td>
              <Table.Td>{formatMoney(p.amount, p.currency)}</Table.Td>
              <Table.Td>{METHOD_LABELS[p.method] ?? PROVIDER_LABELS[p.provider] ?? p.provider}</Table.Td>
              <Table.Td>
                <Badge color={PAYMENT_STATUS_COLORS[p.status as PaymentStatus]} variant="light">
                  {PAYMENT_STATUS_LABELS[p.status as PaymentStatus]}
                </Badge>
              </Table.Td>
              <Table.Td>{when(p.confirmed_at)}</Table.Td>
              <Table.Td>{p.refunded_at ? `${when(p.refunded_at)}${p.refund_reference ? ` · ${p.refund_reference}` : ''}` : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
