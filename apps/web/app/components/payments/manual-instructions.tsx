import { Alert, Code, Stack, Text } from '@mantine/core'
import { formatMoney } from '../trips/format.ts'

/**
 * How to pay with the manual provider: by bank transfer quoting the booking's reference, or on site. Staff mark
 * the payment received when the money arrives, and the booking is then confirmed.
 */
export function ManualInstructions({
  amount,
  currency,
  reference,
  bankDetails,
  supportEmail,
  started,
}: {
  amount: string
  currency: string
  reference: string
  bankDetails: string
  supportEmail: string
  started: boolean
}) {
  return (
    <Alert color={started ? 'yellow' : 'blue'} variant="light" title={started ? 'Awaiting your payment' : 'Pay by bank transfer or on site'}>
      <Stack gap="xs">
        <Text size="sm">
          Pay {formatMoney(amount, currency)} by bank transfer, quoting your booking reference <Code>{reference}</Code>, or pay on site with the same reference.
        </Text>
        {bankDetails ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            Bank details: {bankDetails}
          </Text>
        ) : (
          <Text size="sm">For the bank details, ask your travel expert or write to {supportEmail}.</Text>
        )}
        <Text size="sm">Our team marks the payment received when the money arrives; your booking is then confirmed.</Text>
      </Stack>
    </Alert>
  )
}
