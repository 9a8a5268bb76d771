import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useOutlet } from '@remix-run/react'
import {
  cancelBooking,
  cancellationQuote,
  type CancellationQuoteAnswer,
  confirmBooking,
  DomainError,
  getBooking,
  inZone,
  quoteCurrencies,
  rebookBooking,
  rebookOptions,
  recordSupplierConfirmation,
  requireBookingScope,
  setBookingTerms,
} from '@meridian/core'
import { termsFromForm } from '@meridian/validators/booking-terms'
import { BookingTermsForm } from '../components/bookings/booking-terms-form.tsx'
import { AWAITING_CONFIRMATION, type BookingStatus, type BookingType, type PaymentState } from '@meridian/validators/booking-constants'
import { SUPPLIER_CONFIRMATION_MAX, SUPPLIER_NOTES_MAX } from '@meridian/validators'
import { ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { ScheduleTable } from '../components/payments/schedule-table.tsx'
import { Facts } from '../components/kit/facts.tsx'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { awaitsPayment, BOOKING_STATUS_COLORS, BOOKING_STATUS_LABELS, BOOKING_TYPE_LABELS, toBeQuoted } from '../components/bookings/labels.ts'
import { PAYMENT_STATE_COLORS, PAYMENT_STATE_LABELS } from '../components/payments/labels.ts'
import { CancellationTerms, type CancellationView } from '../components/bookings/cancellation-terms.tsx'
import { formatDay, formatMoney } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/bookings'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Booking ${d.booking.reference}` : 'Booking'} · Meridian Travel` }]

/** The list's own query (its filters and page), without this screen's `cancel` step. */
const listQuery = (search: string) => {
  const params = new URLSearchParams(search)
  params.delete('cancel')
  params.delete('terms')
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

/** The quote with its times written in the supplier's zone and in UTC (the viewer's zone replaces UTC in the browser). */
function cancellationView(q: CancellationQuoteAnswer): CancellationView {
  const at = (iso: string | null, zone: string) => (iso ? inZone(new Date(iso), zone) : null)
  return {
    ...q,
    free_until_local: at(q.free_until, q.time_zone),
    free_passed: q.free_until !== null && Date.parse(q.free_until) <= Date.now(),
    free_until_utc: at(q.free_until, 'UTC'),
    next_step_local: at(q.next_step_at, q.time_zone),
    next_step_utc: at(q.next_step_at, 'UTC'),
  }
}

/**
 * One booking over the list: its details, Cancel (with a confirm step that shows the fee, the refund and the
 * free-cancellation deadline), for staff Confirm (with the quote of a stay) and, on a withdrawn flight, Rebook.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx, actor } = await requireUser(request, context)
  try {
    requireBookingScope(ctx)
    const booking = await getBooking(ctx, params.id)
    const mine = booking.traveler.id === actor.id
    const currencies = booking.can.quote ? await quoteCurrencies(ctx) : []
    const step = new URL(request.url).searchParams.get('cancel') === '1'
    const quote = step && booking.can.cancel ? cancellationView(await cancellationQuote(ctx, params.id)) : null
    // Staff see the flights a booking of a withdrawn flight can move to (none offered otherwise).
    const rebook =
      !mine && booking.type === 'flight' && booking.status !== 'cancelled'
        ? await rebookOptions(ctx, params.id).catch((error: unknown) => {
            if (error instanceof DomainError) return null
            throw error
          })
        : null
    return { booking, currencies, mine, quote, rebook }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * confirm (staff; a stay with its amount and currency), cancel (with a reason) or supplier (staff: the supplier's
 * confirmation number and notes), back to the booking with a toast.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireBookingScope(ctx)
  } catch (error) {
    return catalogueFailure(error, {})
  }
  const { back, intent, ...values } = formValues(await request.formData())
  const here = `${BASE}/${params.id}${listTarget('', back)}`
  try {
    if (intent === 'confirm') {
      const done = await confirmBooking(ctx, params.id, { amount: values.amount ?? '', currency: values.currency ?? '' })
      return backWithToast(here, `Booking ${done.reference} confirmed.`)
    }
    if (intent === 'cancel') {
      const done = await cancelBooking(ctx, params.id, { reason: values.reason ?? '', waive_fee: values.waive_fee ?? false })
      const fee = /[1-9]/.test(done.cancellation_fee ?? '') ? ` Fee ${done.cancellation_fee} ${done.currency}.` : ''
      const refund = /[1-9]/.test(done.refund_owed ?? '') ? ` ${done.refund_owed} ${done.currency} to be refunded.` : ''
      return backWithToast(here, `Booking ${done.reference} cancelled.${fee}${refund}`)
    }
    if (intent === 'rebook') {
      const made = await rebookBooking(ctx, params.id, { flight_id: values.flight_id ?? '' })
      return backWithToast(`${BASE}/${made.id}${listTarget('', back)}`, `Rebooked as ${made.reference} at the price paid.`)
    }
    if (intent === 'terms') {
      const { stepsError, ...terms } = termsFromForm(values)
      if (stepsError) throw DomainError.invalid({ 'cancellation_policy.steps': [stepsError] })
      const done = await setBookingTerms(ctx, params.id, terms)
      return backWithToast(here, `Terms of booking ${done.reference} saved.`)
    }
    if (intent === 'supplier') {
      const done = await recordSupplierConfirmation(ctx, params.id, {
        supplier_confirmation: values.supplier_confirmation ?? '',
        supplier_notes: values.supplier_notes ?? '',
      })
      return backWithToast(here, `Supplier confirmation saved for ${done.reference}.`)
    }
    // Another person's booking is not found before the form is judged.
    await getBooking(ctx, params.id)
    throw DomainError.invalid({ intent: ['Choose confirm, cancel or rebook.'] })
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function BookingDetails() {
  const outlet = useOutlet()
  const { booking: b, currencies, mine, quote, rebook } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  // A nested screen (the payment) is drawn alone over the list.
  if (outlet) return outlet
  const busy = navigation.state === 'submitting'
  const back = listQuery(search)
  const step = new URLSearchParams(search).get('cancel') === '1'
  const stepHref = (on: boolean) => {
    const params = new URLSearchParams(back)
    if (on) params.set('cancel', '1')
    const qs = params.toString()
    return `${BASE}/${b.id}${qs ? `?${qs}` : ''}`
  }
  const rows: [string, React.ReactNode][] = [
    ['Reference', b.reference],
    ['Type', BOOKING_TYPE_LABELS[b.type as BookingType]],
    [
      'Status',
      <Badge key="status" variant="light" color={BOOKING_STATUS_COLORS[b.status as BookingStatus]}>
        {BOOKING_STATUS_LABELS[b.status as BookingStatus]}
      </Badge>,
    ],
    [
      'Payment',
      <Badge key="payment" variant="light" color={PAYMENT_STATE_COLORS[b.payment_status as PaymentState]}>
        {PAYMENT_STATE_LABELS[b.payment_status as PaymentState]}
      </Badge>,
    ],
    ['Date', b.end_date && b.end_date !== b.date ? `${formatDay(b.date)} – ${formatDay(b.end_date)}` : formatDay(b.date)],
    [b.type === 'flight' ? 'Passengers' : b.type === 'hotel' ? 'Guests' : 'Travellers', String(b.party_size)],
    ['Amount', toBeQuoted(b) ? 'To be quoted' : formatMoney(b.amount, b.currency)],
    ['Trip', b.trip ? b.trip.title : '—'],
  ]
  if (b.rooms) rows.push(['Rooms', String(b.rooms)])
  if (b.package_reference) {
    rows.push([
      'Package',
      <Link key="package" to={`${BASE}/packages/${encodeURIComponent(b.package_reference)}${back}`}>
        Part of package {b.package_reference}
      </Link>,
    ])
  }
  if (!mine) rows.push(['Traveler', b.traveler.name])
  if (b.cancel_reason) rows.push(['Reason for cancelling', b.cancel_reason])
  if (b.status !== 'cancelled') rows.push(['Supplier confirmation', b.supplier_confirmation || AWAITING_CONFIRMATION])
  if (b.supplier_notes) rows.push(['Supplier notes', b.supplier_notes])
  if (b.status === 'cancelled' && b.cancellation_fee !== null) {
    rows.push(['Cancellation fee', formatMoney(b.cancellation_fee, b.currency)])
    rows.push(['Refund owed', formatMoney(b.refund_owed ?? '0.00', b.currency)])
  }
  return (
    <RouteModal title={b.title} closeTo={`${BASE}${back}`}>
      <Stack gap="sm">
        <ErrorBanner message={failure?.message ?? null} />
        <Facts rows={rows} valueSize="md" />
        {b.notes ? (
          <Text size="sm" c="dimmed">
            {b.notes}
          </Text>
        ) : null}
        {b.schedule.lines.length ? (
          <Stack gap={4} aria-label="Payment schedule section">
            <Text fw={600} size="sm">
              Payment schedule
            </Text>
            <ScheduleTable schedule={b.schedule} total={b.amount} currency={b.currency} />
          </Stack>
        ) : null}
        {b.can.terms && new URLSearchParams(search).get('terms') === '1' ? (
          <BookingTermsForm booking={b} back={back} failure={failure ?? null} busy={busy} closeTo={stepHref(false)} />
        ) : null}
        {b.can.confirm ? (
          <Form method="post" aria-label="Confirm booking">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="confirm" />
            <Group align="flex-end" gap="sm">
              {b.can.quote ? (
                <>
                  <TextInput
                    name="amount"
                    label="Quoted total"
                    inputMode="decimal"
                    placeholder="1250.00"
                    defaultValue={failure?.values?.amount ?? (toBeQuoted(b) ? '' : b.amount)}
                    error={fieldError(failure?.fields, 'amount')}
                    required={toBeQuoted(b)}
                  />
                  <NativeSelect
                    name="currency"
                    label="Currency"
                    data={currencies}
                    defaultValue={failure?.values?.currency ?? b.currency}
                    error={fieldError(failure?.fields, 'currency')}
                  />
                </>
              ) : null}
              <Button type="submit" loading={busy && navigation.formData?.get('intent') === 'confirm'}>
                Confirm booking
              </Button>
            </Group>
          </Form>
        ) : null}
        {b.can.supplier_confirmation ? (
          <Form method="post" aria-label="Supplier confirmation">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="supplier" />
            <Stack gap="xs">
              <TextInput
                name="supplier_confirmation"
                label="Supplier confirmation number"
                maxLength={SUPPLIER_CONFIRMATION_MAX}
                defaultValue={failure?.values?.supplier_confirmation ?? b.supplier_confirmation}
                error={fieldError(failure?.fields, 'supplier_confirmation')}
              />
              <Textarea
                name="supplier_notes"
                label="Supplier notes (on the voucher)"
                autosize
                minRows={2}
                maxLength={SUPPLIER_NOTES_MAX}
                defaultValue={failure?.values?.supplier_notes ?? b.supplier_notes}
                error={fieldError(failure?.fields, 'supplier_notes')}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="light" loading={busy && navigation.formData?.get('intent') === 'supplier'}>
                  Save supplier confirmation
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
        {rebook ? (
          <Alert color="orange" variant="light" title="This flight was withdrawn">
            <Stack gap="xs">
              <Form method="post" aria-label="Rebook on another flight">
                <input type="hidden" name="back" value={back} />
                <input type="hidden" name="intent" value="rebook" />
                <Group align="flex-end" gap="sm">
                  <NativeSelect
                    name="flight_id"
                    label="Rebook on another flight"
                    data={[
                      { value: '', label: rebook.length ? 'Choose a flight' : 'No flight of this route has seats' },
                      ...rebook.map((f) => ({
                        value: String(f.id),
                        label: `${f.flight_number} · ${f.departure_at.slice(0, 16).replace('T', ' ')} UTC · ${f.seats_left} seats`,
                      })),
                    ]}
                    defaultValue={failure?.values?.flight_id ?? ''}
                    error={fieldError(failure?.fields, 'flight_id')}
                  />
                  <Button type="submit" disabled={!rebook.length} loading={busy && navigation.formData?.get('intent') === 'rebook'}>
                    Rebook at the price paid
                  </Button>
                </Group>
              </Form>
              {b.can.cancel && !step ? (
                <Button component={Link} to={stepHref(true)} color="red" variant="light" preventScrollReset replace>
                  Cancel with full refund
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {b.can.cancel && step ? (
          <Alert color="red" variant="light" title="Cancel this booking?">
            <Form method="post">
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="intent" value="cancel" />
              <Stack gap="xs">
                {quote ? <CancellationTerms quote={quote} staff={!mine} /> : null}
                <Text size="sm">
                  {quote && /[1-9]/.test(quote.refund) ? 'The refund is arranged once it is cancelled. ' : ''}
                  {b.type === 'flight' ? 'The seats go back on sale. ' : ''}This cannot be undone.
                </Text>
                <Textarea
                  name="reason"
                  label="Reason (optional)"
                  autosize
                  minRows={2}
                  maxLength={500}
                  defaultValue={failure?.values?.reason ?? ''}
                  error={fieldError(failure?.fields, 'reason')}
                />
                <Group gap="xs">
                  <Button type="submit" color="red" loading={busy}>
                    Yes, cancel booking
                  </Button>
                  <Button component={Link} to={stepHref(false)} variant="default" preventScrollReset replace>
                    Keep booking
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {b.can.terms && new URLSearchParams(search).get('terms') !== '1' ? (
            <Button component={Link} to={`${stepHref(false)}${stepHref(false).includes('?') ? '&' : '?'}terms=1`} variant="default" preventScrollReset replace>
              Change terms
            </Button>
          ) : null}
          {b.can.cancel && !step && !rebook ? (
            <Button component={Link} to={stepHref(true)} color="red" variant="light" preventScrollReset replace>
              Cancel booking
            </Button>
          ) : null}
          {b.can.voucher ? (
            <Button component="a" href={`${BASE}/${b.id}/voucher`} variant="light" download>
              Download voucher
            </Button>
          ) : null}
          {awaitsPayment(b) && mine ? (
            <Button component={Link} to={`${BASE}/${b.id}/pay${back}`}>
              Pay now
            </Button>
          ) : null}
          {b.trip && mine ? (
            <Button component={Link} to={`/dashboard/trips/${b.trip.id}`} variant="light">
              Trip
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
