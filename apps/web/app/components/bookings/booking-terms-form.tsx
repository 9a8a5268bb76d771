import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { ErrorBanner } from '../kit/banners.tsx'
import { PolicyField, ScheduleFields } from './terms-fields.tsx'

interface Failure {
  message?: string | null
  fields?: Record<string, string[]>
  values?: Record<string, string>
}

/**
 * A booking's own terms, for staff handling it (docs/bookings.md "Payment schedules"): its schedule is cut again from
 * what is left to pay, its free-cancellation deadline worked out again. A plain form: it works without JavaScript.
 */
export function BookingTermsForm({
  booking,
  back,
  failure,
  busy,
  closeTo,
}: {
  booking: { schedule_terms: PaymentTerms | null; cancellation_policy?: CancellationPolicy | null; currency: string }
  back: string
  failure: Failure | null
  busy: boolean
  closeTo: string
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Form method="post" aria-label="Booking terms">
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="intent" value="terms" />
        <Stack gap="sm">
          <Title order={3} size="h5">
            This booking’s terms
          </Title>
          <Text size="sm" c="dimmed">
            Amounts in {booking.currency}. What is paid stays paid; what is left is scheduled again.
          </Text>
          <ErrorBanner message={failure?.fields ? (failure.message ?? null) : null} />
          <ScheduleFields terms={booking.schedule_terms} values={failure?.values} fields={failure?.fields} />
          <PolicyField policy={booking.cancellation_policy ?? null} values={failure?.values} fields={failure?.fields} />
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              Save terms
            </Button>
            <Button component={Link} to={closeTo} variant="default" preventScrollReset replace>
              Keep the terms
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  )
}
