import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import {
  confirmPayment,
  createPaymentIntent,
  DomainError,
  findPayBooking,
  getPayScreen,
  markPaymentReceived,
  markRefundPaid,
  requirePaymentScope,
} from '@meridian/core'
import type { PaymentState } from '@meridian/validators/booking-constants'
import { ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { Facts } from '../components/kit/facts.tsx'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS } from '../components/payments/labels.ts'
import { ManualInstructions } from '../components/payments/manual-instructions.tsx'
import { PaymentHistory } from '../components/payments/payment-history.tsx'
import { ScheduleTable } from '../components/payments/schedule-table.tsx'
import { StripePayment } from '../components/payments/stripe-payment.tsx'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/bookings'

export const meta: MetaFunction = () => [{ title: 'Pay for a booking · Meridian Travel' }]

/** The pay screen (docs/bookings.md "Payments"): the booking's traveler and the staff handling it; others 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requirePaymentScope(ctx)
    return await getPayScreen(ctx, params.id)
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * start: the traveler's payment (manual: back here with the instructions; Stripe: the client secret for the card
 * form); confirm: Stripe's answer recorded; mark-received / mark-refunded: staff. Every one a plain form.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requirePaymentScope(ctx)
    await findPayBooking(ctx, params.id)
  } catch (error) {
    return notFoundResponse(error)
  }
  const { back, intent, ...values } = formValues(await request.formData())
  const here = `${BASE}/${params.id}/pay${listTarget('', back)}`
  try {
    if (intent === 'start') {
      const made = await createPaymentIntent(ctx, { booking_id: params.id })
      if (made.next_action.type === 'stripe_payment_element') {
        return { stripe: { client_secret: made.client_secret, payment_intent_id: made.payment_intent_id, publishable_key: made.next_action.publishable_key } }
      }
      return backWithToast(here, `Payment started: quote ${made.booking_reference} with your transfer or on site.`)
    }
    if (intent === 'confirm') {
      const done = await confirmPayment(ctx, { payment_intent_id: values.payment_intent_id ?? '' })
      const message =
        done.status === 'succeeded' ? 'Payment received. Your booking is confirmed.' : 'Your payment is being processed; this page shows when it is received.'
      return backWithToast(here, message)
    }
    if (intent === 'mark-received') {
      const done = await markPaymentReceived(ctx, values.payment_id, { method: values.method })
      return backWithToast(here, `Payment of ${formatMoney(done.amount, done.currency)} marked as received.`)
    }
    if (intent === 'mark-refunded') {
      const done = await markRefundPaid(ctx, values.payment_id, { refund_reference: values.refund_reference ?? '' })
      return backWithToast(here, `Refund of ${formatMoney(done.amount, done.currency)} marked as paid.`)
    }
    return catalogueFailure(new DomainError('invalid', 'Unknown action.'), values)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function PayBooking() {
  const s = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const busy = navigation.state === 'submitting'
  const b = s.booking
  const failed = failure && 'fields' in failure ? failure : null
  const rows: [string, React.ReactNode][] = [
    ['Reference', b.reference],
    ['Booking', b.title],
    ['Date', formatDay(b.date)],
    ['Amount', formatMoney(b.amount, b.currency)],
    [
      'Payment',
      <Badge key="payment" color={PAYMENT_STATE_COLORS[b.payment_status as PaymentState]} variant="light">
        {PAYMENT_STATE_LABELS[b.payment_status as PaymentState]}
      </Badge>,
    ],
    ['Booking status', b.status.charAt(0).toUpperCase() + b.status.slice(1)],
  ]
  const manual = s.next_action.type === 'manual' ? s.next_action : null
  return (
    <RouteModal title={`Pay for booking ${b.reference}`} closeTo={`${BASE}/${b.id}${search}`}>
      <Stack gap="md">
        <ErrorBanner message={failed?.message ?? (failed ? Object.values(failed.fields).flat()[0] : null) ?? null} />
        <Facts rows={rows} valueSize="md" />

        <Title order={3} size="h4">
          Payment schedule
        </Title>
        <ScheduleTable schedule={s.schedule} total={b.amount} currency={b.currency} />

        {s.not_payable && b.payment_status === 'unpaid' ? <Text>{s.not_payable}</Text> : null}

        {s.can.pay && manual ? (
          <>
            <ManualInstructions
              amount={s.schedule.next_due?.amount ?? b.amount}
              currency={s.schedule.next_due?.currency ?? b.currency}
              reference={manual.reference}
              bankDetails={manual.bank_details}
              supportEmail={s.support_email}
              started={s.live_payment !== null}
            />
            {s.live_payment ? null : (
              <Form method="post">
                <input type="hidden" name="back" value={search} />
                <input type="hidden" name="intent" value="start" />
                <Button type="submit" loading={busy}>
                  {s.schedule.next_due && s.schedule.next_due.kind !== 'full'
                    ? `Pay the ${s.schedule.next_due.kind} of ${formatMoney(s.schedule.next_due.amount, s.schedule.next_due.currency)} by bank transfer or on site`
                    : 'Pay by bank transfer or on site'}
                </Button>
              </Form>
            )}
          </>
        ) : null}
        {s.can.pay && !manual ? <StripePayment amount={s.schedule.next_due?.amount ?? b.amount} currency={s.schedule.next_due?.currency ?? b.currency} /> : null}

        {s.can.mark_received && s.live_payment ? (
          <Form method="post">
            <input type="hidden" name="back" value={search} />
            <input type="hidden" name="intent" value="mark-received" />
            <input type="hidden" name="payment_id" value={s.live_payment.id} />
            <Group align="flex-end" gap="sm">
              <NativeSelect name="method" label="How it was paid" data={s.methods} error={fieldError(failed?.fields, 'method')} />
              <Button type="submit" loading={busy}>
                Mark payment received
              </Button>
            </Group>
          </Form>
        ) : null}
        {s.can.mark_refunded && s.refund_due_payment_id ? (
          <Form method="post">
            <input type="hidden" name="back" value={search} />
            <input type="hidden" name="intent" value="mark-refunded" />
            <input type="hidden" name="payment_id" value={s.refund_due_payment_id} />
            <Group align="flex-end" gap="sm">
              <TextInput
                name="refund_reference"
                label="Refund reference (optional)"
                maxLength={100}
                error={fieldError(failed?.fields, 'refund_reference')}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={busy}>
                Mark refund paid
              </Button>
            </Group>
          </Form>
        ) : null}
        {!s.can.pay && !s.can.mark_received && b.payment_status === 'unpaid' && !s.not_payable ? (
          <Text c="dimmed">No payment has been started for this booking yet: its traveler starts one from this page.</Text>
        ) : null}

        <Title order={3} size="h4">
          Payments
        </Title>
        <PaymentHistory payments={s.payments} />
        <Group justify="flex-end">
          <Button component={Link} to={`${BASE}/${b.id}${search}`} variant="default" preventScrollReset>
            Close
          </Button>
        </Group>
      </Stack>
    </RouteModal>
  )
}
