import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { stepsText } from '@meridian/validators/booking-terms'
import { fieldError } from '../kit/banners.tsx'

type Fields = Record<string, string[]> | undefined

const first = (fields: Fields, ...keys: string[]) => keys.map((k) => fieldError(fields, k)).find(Boolean)

/**
 * The fields of payment terms (docs/bookings.md "Payment schedules"): a deposit as a percentage or an amount, when it
 * is due, and the balance's days before. Field errors come keyed `schedule.<field>` from the services.
 */
export function ScheduleFields({ terms, values, fields }: { terms: PaymentTerms | null; values?: Record<string, string>; fields?: Fields }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        name="deposit_percent"
        label="Deposit (% of the amount)"
        inputMode="decimal"
        description="Empty with no fixed amount: no deposit."
        defaultValue={values?.deposit_percent ?? terms?.deposit_percent ?? ''}
        error={first(fields, 'schedule.deposit_percent', 'deposit_percent')}
      />
      <TextInput
        name="deposit_amount"
        label="Deposit (fixed amount)"
        inputMode="decimal"
        description="In the booking’s currency; when set it counts instead of the percentage."
        defaultValue={values?.deposit_amount ?? terms?.deposit_amount ?? ''}
        error={first(fields, 'schedule.deposit_amount', 'deposit_amount', 'schedule')}
      />
      <NativeSelect
        name="deposit_due"
        label="Deposit due"
        data={[
          { value: 'acceptance', label: 'When the traveler accepts' },
          { value: 'booking', label: 'When it is booked' },
        ]}
        defaultValue={values?.deposit_due ?? terms?.deposit_due ?? 'acceptance'}
        error={first(fields, 'schedule.deposit_due')}
      />
      <TextInput
        name="balance_days"
        label="Balance due (days before the start)"
        inputMode="numeric"
        required
        defaultValue={values?.balance_days ?? String(terms?.balance_days ?? 42)}
        error={first(fields, 'schedule.balance_days', 'balance_days')}
      />
    </SimpleGrid>
  )
}

/** The first error of the policy or any of its steps (`cancellation_policy.steps.1.percent` …), with the line it is on. */
function policyError(fields: Fields): string | undefined {
  const entry = Object.entries(fields ?? {}).find(([key]) => key.startsWith('cancellation_policy') || key === 'cancellation_steps')
  if (!entry) return undefined
  const step = /steps\.(\d+)/.exec(entry[0])
  return step ? `Step ${Number(step[1]) + 1}: ${entry[1][0]}` : entry[1][0]
}

/** A cancellation policy's steps in a text area, one a line: “30 days: 25%”, “7 days: 150.00”. Empty: always free. */
export function PolicyField({ policy, values, fields }: { policy: CancellationPolicy | null; values?: Record<string, string>; fields?: Fields }) {
  return (
    <Stack gap={4}>
      <Textarea
        name="cancellation_steps"
        label="Cancellation fees"
        description="One step a line, from how many days before the start a fee applies: “30 days: 25%” or “7 days: 150.00”. Before the first step cancelling is free; empty: free until the start."
        autosize
        minRows={2}
        defaultValue={values?.cancellation_steps ?? stepsText(policy)}
        error={policyError(fields)}
      />
    </Stack>
  )
}
