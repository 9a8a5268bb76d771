import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { stepsText, timeZoneChoices } from '@meridian/validators/booking-terms'
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
        error={first(fields, 'schedule.deposit_percent', 'schedule_terms.deposit_percent', 'deposit_percent')}
      />
      <TextInput
        name="deposit_amount"
        label="Deposit (fixed amount)"
        inputMode="decimal"
        description="In the booking’s currency; when set it counts instead of the percentage."
        defaultValue={values?.deposit_amount ?? terms?.deposit_amount ?? ''}
        error={first(fields, 'schedule.deposit_amount', 'schedule_terms.deposit_amount', 'deposit_amount', 'schedule')}
      />
      <NativeSelect
        name="deposit_due"
        label="Deposit due"
        data={[
          { value: 'acceptance', label: 'When the traveler accepts' },
          { value: 'booking', label: 'When it is booked' },
        ]}
        defaultValue={values?.deposit_due ?? terms?.deposit_due ?? 'acceptance'}
        error={first(fields, 'schedule.deposit_due', 'schedule_terms.deposit_due')}
      />
      <TextInput
        name="balance_days"
        label="Balance due (days before the start)"
        inputMode="numeric"
        required
        defaultValue={values?.balance_days ?? String(terms?.balance_days ?? 42)}
        error={first(fields, 'schedule.balance_days', 'schedule_terms.balance_days', 'balance_days')}
      />
    </SimpleGrid>
  )
}

/** The first error of the policy or any of its steps (`cancellation_policy.steps.1.percent` …), with the line it is on. */
function policyError(fields: Fields): string | undefined {
  const entry = Object.entries(fields ?? {}).find(([key]) => key.startsWith('cancellation_policy') || key.startsWith('cancellation_terms') || key === 'cancellation_steps')
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

/**
 * "Booking terms" of a supplier (payment terms, cancellation policy, time zone) or an activity (its cancellation policy):
 * each part with a "Use the default …" box that, ticked, leaves it to the defaults (null). Plain fields: works
 * without JavaScript. `values` as ownTermsFormValues writes them.
 */
export function OwnTermsFields({ values, fields, of }: { values: Record<string, string>; fields?: Fields; of: 'supplier' | 'activity' }) {
  const zones = timeZoneChoices()
  const zone = values.time_zone ?? ''
  const zoneData = [{ value: '', label: 'UTC (no zone of its own)' }, ...(zone && !zones.includes(zone) ? [zone] : []), ...zones]
  return (
    <Fieldset legend="Booking terms">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {of === 'supplier'
            ? 'New bookings of this supplier follow these terms instead of the booking settings’; a booking’s own terms still come first.'
            : 'New bookings of this activity follow this cancellation policy instead of its supplier’s or the booking settings’.'}
        </Text>
        {of === 'supplier' && (
          <>
            <Checkbox name="schedule_default" value="true" label="Use the default payment terms (the booking settings’)" defaultChecked={values.schedule_default === 'true'} />
            <ScheduleFields terms={null} values={values} fields={fields} />
          </>
        )}
        <Checkbox
          name="policy_default"
          value="true"
          label={of === 'supplier' ? 'Use the default cancellation policy (the booking settings’)' : 'Use the default cancellation policy (its supplier’s, else the booking settings’)'}
          defaultChecked={values.policy_default === 'true'}
        />
        <PolicyField policy={null} values={values} fields={fields} />
        {of === 'supplier' && (
          <NativeSelect
            name="time_zone"
            label="Time zone"
            description="Cancellation deadlines fall at midnight in this zone."
            data={zoneData}
            defaultValue={zone}
            error={first(fields, 'time_zone')}
          />
        )}
      </Stack>
    </Fieldset>
  )
}
