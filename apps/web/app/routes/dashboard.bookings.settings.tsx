import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BOOKING_MESSAGES, DomainError, getBookingSettings, requireSettingsAdmin, updateBookingSettings } from '@meridian/core'
import { termsFromForm } from '@meridian/validators/booking-terms'
import { AccessDenied, ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { PolicyField, ScheduleFields } from '../components/bookings/terms-fields.tsx'
import { backWithToast, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Booking settings · Meridian Travel' }]

const BASE = '/dashboard/bookings'

/** Admins' and the superadmin's (manage_trips); others get the Access Denied panel. */
function allowed(ctx: Parameters<typeof requireSettingsAdmin>[0]) {
  try {
    requireSettingsAdmin(ctx)
    return true
  } catch (error) {
    if (error instanceof DomainError && error.code === 'forbidden') return false
    throw error
  }
}

/** The booking settings (docs/bookings.md "Payment schedules"): the defaults new bookings are made with. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  if (!allowed(ctx)) return data({ denied: true as const, message: BOOKING_MESSAGES.settingsDenied }, { status: 403 })
  return { denied: false as const, settings: await getBookingSettings(ctx) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  if (!allowed(ctx)) return data({ message: BOOKING_MESSAGES.settingsDenied, fields: {} as Record<string, string[]>, values: {} as Record<string, string> }, { status: 403 })
  const values = formValues(await request.formData())
  try {
    const { stepsError, ...terms } = termsFromForm(values)
    if (stepsError) throw DomainError.invalid({ 'cancellation_policy.steps': [stepsError] })
    const reminders = (values.reminder_days ?? '').split(/[\s,]+/).filter(Boolean)
    await updateBookingSettings(ctx, { ...terms, reminder_days: reminders })
    return backWithToast(BASE, 'Booking settings saved. New bookings follow them.')
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function BookingSettings() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  if (loaded.denied) return <AccessDenied message={loaded.message} />
  const s = loaded.settings
  const values = failure?.values
  return (
    <RouteModal title="Booking settings" closeTo={BASE}>
      <Form method="post" aria-label="Booking settings">
        <Stack gap="md">
          <ErrorBanner message={failure?.message ?? null} />
          <Text size="sm" c="dimmed">
            New bookings are made with these terms unless their supplier or the booking has its own. A booking keeps the terms it was made with.
          </Text>
          <Title order={3} size="h5">
            Payment schedule
          </Title>
          <Text size="sm">{s.schedule_text}</Text>
          <ScheduleFields terms={{ deposit_percent: s.deposit_percent, deposit_amount: s.deposit_amount, deposit_due: s.deposit_due, balance_days: s.balance_days }} values={values} fields={failure?.fields} />
          <Title order={3} size="h5">
            Cancellation policy
          </Title>
          <Text size="sm">{s.policy_text}</Text>
          <PolicyField policy={s.cancellation_policy} values={values} fields={failure?.fields} />
          <Title order={3} size="h5">
            Reminders
          </Title>
          <TextInput
            name="reminder_days"
            label="Remind travelers (days before each due date and free-cancellation deadline)"
            description="1 to 4 numbers, separated by commas."
            defaultValue={values?.reminder_days ?? s.reminder_days.join(', ')}
            error={Object.entries(failure?.fields ?? {}).find(([k]) => k.startsWith('reminder_days'))?.[1][0] ?? fieldError(failure?.fields, 'reminder_days')}
          />
          <Group justify="flex-end" gap="xs">
            <Button component={Link} to={BASE} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={navigation.state === 'submitting'}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteModal>
  )
}
