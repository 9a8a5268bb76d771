import { Anchor, Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { addPartyMember, changeTripStatus, DomainError, getCalendarSubscription, getTrip, listItineraries, listTripParty, rateTrip, removePartyMember, requireTraveler, tripVoucherCount, wishlistLookup } from '@meridian/core'
import { TRIP_STATUS_COLORS, TRIP_STATUS_LABELS } from '@meridian/validators/trip-constants'
import { ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { formatDay, formatMoney, plural } from '../components/trips/format.ts'
import { SaveToggle } from '../components/wishlist/save-toggle.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/trips'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireTraveler(ctx)
    const trip = await getTrip(ctx, params.id)
    // The trip's itinerary, once there is one the traveler may see (an approved one): the newest.
    const [plans, saved, vouchers] = await Promise.all([
      listItineraries(ctx, { trip: trip.id }, { limit: 1 }),
      wishlistLookup(ctx, 'trip', [trip.id]),
      tripVoucherCount(ctx, trip.id),
    ])
    return {
      ...trip,
      itinerary_id: plans.results[0]?.id ?? null,
      // Who travels (an item can be for some of them), and the traveler's calendar feed for each one's own calendar.
      party: await listTripParty(ctx, trip.id),
      feedUrl: trip.traveler?.id === ctx.actor?.id ? (await getCalendarSubscription({ ...ctx, request: { ...ctx.request, linkOrigin: ctx.config.appOrigin ?? new URL(request.url).origin } })).url : null,
      // Whose eyes: the trip's own traveler is offered their calendar feed.
      viewer: ctx.actor?.id ?? null,
      vouchers,
      // Only one's own trips can be saved (a superadmin may look at anyone's).
      wishlist: { enabled: saved.enabled && trip.traveler?.id === ctx.actor?.id, itemId: saved.saved[trip.id] ?? null },
    }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/** Cancel Trip (a status move) and Rate this trip, from the details dialog. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, intent, ...values } = formValues(await request.formData())
  try {
    requireTraveler(ctx)
    if (intent === 'rate') {
      await rateTrip(ctx, params.id, { rating: values.rating ?? '', comment: values.comment ?? '' })
      return backWithToast(listTarget(BASE, back), 'Thank you for rating your trip.')
    }
    const here = `${BASE}/${params.id}${listTarget('', back)}`
    if (intent === 'party-add') {
      const added = await addPartyMember(ctx, params.id, { name: values.name ?? '' })
      return backWithToast(here, `${added.name} added to the party.`)
    }
    if (intent === 'party-remove') {
      // One of this trip's party only (another trip's member is not found here).
      if (!(await listTripParty(ctx, params.id)).some((m) => String(m.id) === values.member_id)) throw new DomainError('not_found', 'Not found.')
      await removePartyMember(ctx, values.member_id)
      return backWithToast(here, 'Removed from the party.')
    }
    // Only the Cancel Trip form cancels: any other post is refused, never taken as a cancellation.
    if (intent !== 'cancel') {
      // Another person's trip is not found before the form is judged.
      await getTrip(ctx, params.id)
      throw DomainError.invalid({ intent: ['Unknown action.'] })
    }
    const trip = await changeTripStatus(ctx, params.id, { status: 'cancelled', note: values.note ?? '' })
    const left = trip.bookings_to_decide.length
    const kept = left ? ` ${left} confirmed ${left === 1 ? 'booking is' : 'bookings are'} left for your expert to decide on.` : ''
    return backWithToast(listTarget(BASE, back), `Trip "${trip.title}" cancelled; its pending bookings were cancelled.${kept}`)
  } catch (error) {
    return catalogueFailure(error, values)
  }
}

export default function TripDetails() {
  const t = useLoaderData<typeof loader>()
  const viewer = t.viewer
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  const busy = navigation.state === 'submitting'
  const rows: [string, React.ReactNode][] = [
    ['Dates', `${formatDay(t.start_date)} – ${formatDay(t.end_date)}`],
    ['Duration', plural(t.days, 'day', 'days')],
    ['Travellers', String(t.travelers)],
    [
      'Status',
      <Badge key="status" color={TRIP_STATUS_COLORS[t.status]} variant="light">
        {TRIP_STATUS_LABELS[t.status]}
      </Badge>,
    ],
    ['Budget total', formatMoney(t.budget_total, t.currency)],
    ['Spent', formatMoney(t.budget_spent, t.currency)],
    ['Remaining', formatMoney(t.budget_remaining, t.currency)],
    ['Expert', t.expert ? t.expert.name : 'Not assigned yet'],
  ]
  return (
    <RouteModal title={t.title} closeTo={`${BASE}${search}`}>
      <Stack gap="sm">
        <ErrorBanner message={failure?.message ?? null} />
        <SimpleGrid cols={2} spacing="xs" component="dl" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {t.description ? <Text>{t.description}</Text> : null}
        {t.bookings_to_decide.length ? (
          <Stack gap={4} aria-label="Confirmed bookings to decide on">
            <Text fw={600} size="sm">
              Confirmed bookings to decide on
            </Text>
            <Text size="xs" c="dimmed">
              The trip was cancelled; these bookings were confirmed with their suppliers, so staff cancel or keep each one.
            </Text>
            {t.bookings_to_decide.map((b) => (
              <Text key={b.id} size="sm">
                <Link to={`/dashboard/bookings/${b.id}`}>{b.reference}</Link> · {b.title} · {formatDay(b.date)} · {formatMoney(b.amount, b.currency)}
              </Text>
            ))}
          </Stack>
        ) : null}
        {t.traveler?.id === viewer && t.feedUrl ? (
          <TextInput
            label="Your calendar address"
            description="Every trip of yours, kept up to date in your calendar app. Keep it private; replace it in Settings."
            value={t.feedUrl}
            readOnly
          />
        ) : null}
        {t.traveler?.id === viewer ? <TripParty party={t.party} feedUrl={t.feedUrl} back={search} failure={failure} busy={busy} /> : null}
        {t.rating ? (
          <Text size="sm">
            Your rating: {t.rating} of 5{t.rating_comment ? ` · “${t.rating_comment}”` : ''}
          </Text>
        ) : null}
        {t.can.rate ? (
          <Form method="post">
            <input type="hidden" name="back" value={search} />
            <input type="hidden" name="intent" value="rate" />
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="rating"
                label="Rate this trip"
                data={['', '5', '4', '3', '2', '1'].map((v) => ({ value: v, label: v ? `${v} of 5` : 'Choose…' }))}
                error={fieldError(failure?.fields, 'rating')}
              />
              <Textarea name="comment" label="Comment (optional)" autosize minRows={1} style={{ flex: 1 }} />
              <Button type="submit" loading={busy}>
                Send rating
              </Button>
            </Group>
          </Form>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {t.wishlist.enabled ? <SaveToggle type="trip" objectId={t.id} itemId={t.wishlist.itemId} title={t.title} size="sm" /> : null}
          {t.can.moves.includes('cancelled') ? (
            <Form method="post">
              <input type="hidden" name="back" value={search} />
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" color="red" variant="light" loading={busy}>
                Cancel Trip
              </Button>
            </Form>
          ) : null}
          {t.vouchers > 0 ? (
            <Button component="a" href={`${BASE}/${t.id}/vouchers`} variant="light" download>
              Download all vouchers
            </Button>
          ) : null}
          <Button component={Link} to={`${BASE}/${t.id}/travel`} variant="light">
            Your trip
          </Button>
          {t.itinerary_id ? (
            <Button component={Link} to={`/dashboard/itineraries/${t.itinerary_id}`} variant="light">
              Itinerary
            </Button>
          ) : null}
          {t.traveler?.id === viewer && !t.feedUrl ? (
            <Button component={Link} to="/dashboard/settings#calendar" variant="subtle">
              Add to your calendar
            </Button>
          ) : null}
          <Button component={Link} to={`${BASE}${search}`} variant="default" preventScrollReset>
            Close
          </Button>
          {t.can.edit ? (
            <Button component={Link} to={`${BASE}/${t.id}/edit${search}`} preventScrollReset>
              Edit Trip
            </Button>
          ) : null}
        </Group>
      </Stack>
    </RouteModal>
  )
}

/**
 * Who travels (docs/traveler-app.md "Per traveler"): the party's names, each with Remove and, once the traveler has a
 * calendar address, a calendar of their own (what is for everyone and for them); Add someone. Plain forms.
 */
function TripParty({
  party,
  feedUrl,
  back,
  failure,
  busy,
}: {
  party: { id: number; name: string }[]
  feedUrl: string | null
  back: string
  failure: { fields?: Record<string, string[]>; values?: Record<string, string> } | undefined
  busy: boolean
}) {
  return (
    <Stack gap={4} aria-label="Who travels">
      <Text fw={600} size="sm">
        Who travels
      </Text>
      <Text size="xs" c="dimmed">
        Name your party so your expert can plan items for some of you (“Ana and Leo: cooking class”).
      </Text>
      {party.map((m) => (
        <Group key={m.id} gap="sm">
          <Text size="sm">{m.name}</Text>
          {feedUrl ? (
            <Anchor size="sm" href={`${feedUrl}?for=${m.id}`} c="inherit" underline="always">
              {m.name}’s calendar
            </Anchor>
          ) : null}
          <Form method="post">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="party-remove" />
            <input type="hidden" name="member_id" value={m.id} />
            <Button type="submit" size="xs" variant="subtle" color="red" aria-label={`Remove ${m.name}`}>
              Remove
            </Button>
          </Form>
        </Group>
      ))}
      <Form method="post">
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="intent" value="party-add" />
        <Group align="flex-end" gap="sm">
          <TextInput name="name" label="Add someone" placeholder="Name" maxLength={100} defaultValue={failure?.values?.name ?? ''} error={fieldError(failure?.fields, 'name')} />
          <Button type="submit" variant="default" loading={busy}>
            Add
          </Button>
        </Group>
      </Form>
    </Stack>
  )
}
