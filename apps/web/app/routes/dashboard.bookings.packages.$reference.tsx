import { Alert, Badge, Button, Checkbox, Code, Group, Stack, Table, Text, Textarea } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { cancelPackage, confirmPayment, DomainError, getPackage, markPackageReceived, payPackage, requireBookingScope } from '@meridian/core'
import type { BookingStatus, PaymentState, ScheduleLineKind } from '@meridian/validators/booking-constants'
import { ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues, listTarget, withCheckboxes } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { BOOKING_STATUS_COLORS, BOOKING_STATUS_LABELS } from '../components/bookings/labels.ts'
import { PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS } from '../components/payments/labels.ts'
import { LINE_KIND_LABELS } from '../components/payments/schedule-table.tsx'
import { StripePayment } from '../components/payments/stripe-payment.tsx'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/bookings'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Package ${d.pkg.reference}` : 'Package'} · Meridian Travel` }]

/** The list's own query (its filters and page), without this screen's `cancel` step. */
const listQuery = (search: string) => {
  const params = new URLSearchParams(search)
  params.delete('cancel')
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

/** Amounts by currency, as one line of text. */
const moneyList = (rows: { currency: string; amount: string }[]) => rows.map((r) => formatMoney(r.amount, r.currency)).join(' + ')

/**
 * A package over the bookings list (docs/bookings.md "Packages: paid and cancelled in one step"): its bookings, what
 * they come to, the open schedule by due date, "Pay all due now" (its traveler; by card, Stripe's form for the sum),
 * "Mark all received" (staff) and "Cancel the whole package" with a confirm step that shows the total fee and refund.
 * Plain forms throughout (a card payment needs JavaScript, as on a booking's pay screen).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx, actor } = await requireUser(request, context)
  try {
    requireBookingScope(ctx)
    const pkg = await getPackage(ctx, params.reference)
    return { pkg, mine: pkg.bookings.some((b) => b.traveler.id === actor.id) }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * pay (the traveler: every line due next, by transfer), start and confirm (the same by card: Stripe's form, then its
 * answer recorded), received (staff: every transfer awaited) or cancel (the whole, with a reason).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBookingScope(ctx)
  } catch (error) {
    return catalogueFailure(error, {})
  }
  const { back, intent, ...values } = withCheckboxes(formValues(await request.formData()), ['waive_fee'])
  const here = `${BASE}/packages/${encodeURIComponent(params.reference ?? '')}${listTarget('', back)}`
  try {
    if (intent === 'pay') {
      const made = await payPackage(ctx, params.reference, {})
      return backWithToast(here, `Pay ${moneyList(made.totals)} by bank transfer quoting ${made.reference}.`)
    }
    if (intent === 'start') {
      // By card: the first intent still to pay (one per currency), for Stripe's card form.
      const made = await payPackage(ctx, params.reference, {})
      const open = made.intents.find((i) => !i.paid && i.client_secret)
      if (open && made.next_action.type === 'stripe_payment_element') {
        return { stripe: { client_secret: open.client_secret, payment_intent_id: open.payment_intent_id, publishable_key: made.next_action.publishable_key } }
      }
      return backWithToast(here, `Payment of ${moneyList(made.totals)} received.`)
    }
    if (intent === 'confirm') {
      const done = await confirmPayment(ctx, { payment_intent_id: values.payment_intent_id ?? '' })
      return backWithToast(
        here,
        done.status === 'succeeded' ? 'Payment received for every booking it covers.' : 'Your payment is being processed; this page shows when it is received.',
      )
    }
    if (intent === 'received') {
      await markPackageReceived(ctx, params.reference, { method: values.method ?? '' })
      return backWithToast(here, `Payments of package ${params.reference} marked received.`)
    }
    if (intent === 'cancel') {
      const done = await cancelPackage(ctx, params.reference, { reason: values.reason ?? '', waive_fee: values.waive_fee ?? false })
      const fees = done.bookings.filter((b) => /[1-9]/.test(b.cancellation_fee ?? '')).map((b) => ({ amount: b.cancellation_fee!, currency: b.currency }))
      return backWithToast(here, `Package ${done.reference} cancelled.${fees.length ? ` Fees ${moneyList(fees)}.` : ''}`)
    }
    // Another person's package is not found before the form is judged.
    await getPackage(ctx, params.reference)
    throw DomainError.invalid({ intent: ['Choose pay, received or cancel.'] })
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function PackageDetails() {
  const { pkg, mine } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  // The card form's own answers (start, confirm) go to its fetchers; this is a refusal of a plain form.
  const failure = answer && 'fields' in answer ? answer : null
  const navigation = useNavigation()
  const { search } = useLocation()
  const busy = navigation.state === 'submitting'
  const back = listQuery(search)
  const step = new URLSearchParams(search).get('cancel') === '1'
  const self = `${BASE}/packages/${encodeURIComponent(pkg.reference)}`
  const stepHref = (on: boolean) => {
    const params = new URLSearchParams(back)
    if (on) params.set('cancel', '1')
    const qs = params.toString()
    return `${self}${qs ? `?${qs}` : ''}`
  }
  const cost = pkg.cancellation
  const card = pkg.next_action.type === 'stripe_payment_element'
  const transfers = pkg.awaiting_payments.filter((p) => p.provider === 'manual')
  const staff = !mine
  return (
    <RouteModal title={`Package ${pkg.reference}`} closeTo={`${BASE}${back}`}>
      <Stack gap="sm">
        <ErrorBanner message={failure?.message ?? null} />
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs" aria-label="Bookings of the package">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Booking</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Payment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pkg.bookings.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Link to={`${BASE}/${b.id}`}>{b.reference}</Link> {b.title}
                  </Table.Td>
                  <Table.Td>{formatDay(b.date)}</Table.Td>
                  <Table.Td>{formatMoney(b.amount, b.currency)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={BOOKING_STATUS_COLORS[b.status as BookingStatus]}>
                      {BOOKING_STATUS_LABELS[b.status as BookingStatus]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={PAYMENT_STATE_COLORS[b.payment_status as PaymentState]}>
                      {PAYMENT_STATE_LABELS[b.payment_status as PaymentState]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pkg.totals.length ? (
          <Text size="sm" data-testid="package-totals">
            Total {moneyList(pkg.totals)}; paid {moneyList(pkg.totals.map((t) => ({ amount: t.paid, currency: t.currency })))}; still to pay{' '}
            {moneyList(pkg.totals.map((t) => ({ amount: t.outstanding, currency: t.currency })))}.
          </Text>
        ) : (
          <Text size="sm">Every booking of this package is cancelled.</Text>
        )}
        {pkg.schedule.length ? (
          <Stack gap={4} aria-label="Package schedule section">
            <Text fw={600} size="sm">
              Payment schedule
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" aria-label="Package schedule">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Due</Table.Th>
                    <Table.Th scope="col">Amount</Table.Th>
                    <Table.Th scope="col">Lines</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pkg.schedule.map((g) => (
                    <Table.Tr key={`${g.due_on}-${g.currency}`}>
                      <Table.Td>
                        {formatDay(g.due_on)}
                        {g.overdue ? (
                          <Badge ml="xs" color="red" variant="light">
                            Overdue
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{formatMoney(g.amount, g.currency)}</Table.Td>
                      <Table.Td>{g.lines.map((l) => `${LINE_KIND_LABELS[l.kind as ScheduleLineKind]} of ${l.booking_reference}`).join(', ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        {transfers.length ? (
          <Alert color="yellow" variant="light" title="Awaiting payment">
            <Text size="sm">
              {moneyList(transfers)} awaited by bank transfer or on site, quoting <Code>{pkg.reference}</Code>.
            </Text>
          </Alert>
        ) : null}
        {pkg.can.pay && pkg.next_due && card ? (
          <Stack gap={4} aria-label="Pay the package by card">
            <Text size="sm">
              Due {formatDay(pkg.next_due.due_on)}: {moneyList(pkg.next_due.totals)}
              {pkg.next_due.totals.length > 1 ? ' (one card payment per currency)' : ''}
            </Text>
            <StripePayment amount={pkg.next_due.totals[0]!.amount} currency={pkg.next_due.totals[0]!.currency} />
          </Stack>
        ) : null}
        {pkg.can.pay && pkg.next_due && !card ? (
          <Form method="post" aria-label="Pay the package">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="pay" />
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                Due {formatDay(pkg.next_due.due_on)}: {moneyList(pkg.next_due.totals)}
              </Text>
              <Button type="submit" loading={busy && navigation.formData?.get('intent') === 'pay'}>
                Pay all due now
              </Button>
            </Group>
          </Form>
        ) : null}
        {pkg.can.mark_received ? (
          <Form method="post" aria-label="Mark the package's payments received">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="received" />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={busy && navigation.formData?.get('intent') === 'received'}>
                Mark all received
              </Button>
            </Group>
          </Form>
        ) : null}
        {cost && step ? (
          <Alert color="red" variant="light" title="Cancel the whole package?">
            <Form method="post">
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="intent" value="cancel" />
              <Stack gap="xs">
                <Text size="sm" data-testid="package-cancel-cost">
                  Cancelling every booking now costs {moneyList(cost.totals.map((t) => ({ amount: t.fee, currency: t.currency })))} in fees; refund{' '}
                  {moneyList(cost.totals.map((t) => ({ amount: t.refund, currency: t.currency })))}.
                </Text>
                <Table verticalSpacing={4} aria-label="Cancellation of each booking">
                  <Table.Tbody>
                    {cost.bookings.map((b) => (
                      <Table.Tr key={b.id}>
                        <Table.Td>{b.reference}</Table.Td>
                        <Table.Td>Fee {formatMoney(b.fee, b.currency)}</Table.Td>
                        <Table.Td>Refund {formatMoney(b.refund, b.currency)}</Table.Td>
                        <Table.Td>{b.refusal ?? ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Text size="sm">Every booking is cancelled, or none. This cannot be undone.</Text>
                <Textarea
                  name="reason"
                  label="Reason (optional)"
                  autosize
                  minRows={2}
                  maxLength={500}
                  defaultValue={failure?.values?.reason ?? ''}
                  error={fieldError(failure?.fields, 'reason')}
                />
                {staff ? <Checkbox name="waive_fee" value="true" label="Waive the cancellation fees" error={fieldError(failure?.fields, 'waive_fee')} /> : null}
                <Group gap="xs">
                  <Button type="submit" color="red" loading={busy && navigation.formData?.get('intent') === 'cancel'} disabled={!pkg.can.cancel}>
                    Yes, cancel the whole package
                  </Button>
                  <Button component={Link} to={stepHref(false)} variant="default" preventScrollReset replace>
                    Keep package
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {cost && !step ? (
            <Button component={Link} to={stepHref(true)} color="red" variant="light" preventScrollReset replace>
              Cancel the whole package
            </Button>
          ) : null}
          <Button component={Link} to={`${BASE}${back}`} variant="default" preventScrollReset>
            Close
          </Button>
        </Group>
      </Stack>
    </RouteModal>
  )
}
