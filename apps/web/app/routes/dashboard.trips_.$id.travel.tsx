import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import {
  acceptedChoices,
  DomainError,
  getChatContact,
  listTripParty,
  planTimeZone,
  standingChoices,
  getItinerary,
  getTrip,
  listBookings,
  listItineraries,
  listMessages,
  postMessage,
  requireTraveler,
} from '@meridian/core'
import { pageClientKey } from '../components/chat/chat.server.ts'
import { catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { OFFLINE_MARK, offlineMark } from '../components/trip-view/offline-mark.server.ts'
import { OfflineBanner, useOfflineCopy, useOnline } from '../components/trip-view/offline.tsx'
import { TripChat } from '../components/trip-view/trip-chat.tsx'
import { ItineraryDays, TripBookings } from '../components/trip-view/trip-sections.tsx'
import { formatRange } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'
import type { ServiceContext } from '@meridian/core'

/** Messages of the conversation shown on the trip (the whole history is on the chat screen). */
const RECENT_MESSAGES = 20

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Your trip: ${d.trip.title}` : 'Your trip'} · Meridian Travel` }]

/** The mark is the loader's; documents and Remix's data requests carry it alike (single fetch reads this export). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const mark = loaderHeaders.get(OFFLINE_MARK)
  const out: Record<string, string> = {}
  if (mark) out[OFFLINE_MARK] = mark
  return out
}

/** The conversation with the trip's expert the traveler already has (the chat's own contact lookup), or null. */
async function expertConversation(ctx: ServiceContext, expertId: number | null) {
  if (expertId === null) return null
  const contact = await getChatContact(ctx, expertId)
  return contact?.conversation_id ?? null
}

/**
 * How the plan reads, fetched together: the zone its times are in (its own, else the trip's place's), who travels
 * (items for some of them), and the options chosen on accepting its proposal (still options of the plan).
 */
async function planReading(ctx: ServiceContext, itinerary: Parameters<typeof standingChoices>[0] & { id: number; time_zone: string }, tripId: number) {
  const [zone, party, accepted] = await Promise.all([
    planTimeZone(ctx.db, { timeZone: itinerary.time_zone, tripId }),
    listTripParty(ctx, tripId),
    acceptedChoices(ctx.db, itinerary.id),
  ])
  return { zone, party, chosen: standingChoices(itinerary, accepted) }
}

/**
 * The trip as its traveler reads it on the road (docs/traveler-app.md): the approved version of the itinerary, the
 * bookings with their references, confirmation numbers and vouchers, the expert and the latest of the chat with them.
 * The trip's own traveler gets it marked as one the browser may keep offline, with the plan's approved version; the
 * superadmin, who may open anyone's trip, never does.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  try {
    requireTraveler(ctx)
    const trip = await getTrip(ctx, params.id)
    const [plans, bookings, conversationId] = await Promise.all([
      listItineraries(ctx, { trip: trip.id }, { limit: 1 }),
      listBookings(ctx, { trip_id: String(trip.id) }, { limit: 100 }),
      expertConversation(ctx, trip.expert?.id ?? null),
    ])
    const plan = plans.results[0] ?? null
    // The traveler reads the approved version only (getItinerary answers it to them); anyone else asks for it by number.
    const current = plan ? await getItinerary(ctx, plan.id) : null
    const itinerary =
      current && current.approved_version !== null && current.version !== current.approved_version
        ? await getItinerary(ctx, current.id, { version: current.approved_version })
        : current && current.approved_version !== null
          ? current
          : null
    const chat = conversationId ? await listMessages(ctx, conversationId, { page_size: RECENT_MESSAGES }) : null
    const own = trip.traveler?.id === actor.id
    const version = itinerary?.approved_version ?? 0
    const headers: Record<string, string> = own ? { [OFFLINE_MARK]: offlineMark(trip.id, version) } : {}
    return data(
      {
        trip: {
          id: trip.id,
          title: trip.title,
          start_date: trip.start_date,
          end_date: trip.end_date,
          city: trip.city,
          country: trip.country,
          expert: trip.expert,
        },
        itinerary: itinerary ? { id: itinerary.id, version, days: itinerary.days, ...(await planReading(ctx, itinerary, trip.id)) } : null,
        // A voucher is there for every booking that is not cancelled (the voucher service's rule).
        bookings: bookings.results.map((b) => ({ ...b, voucher: b.status !== 'cancelled' })),
        conversationId,
        messages: chat?.results ?? [],
        me: actor.id,
        offline: own,
        clientKey: pageClientKey(),
        fetched_at: new Date().toISOString(),
      },
      { headers },
    )
  } catch (error) {
    return notFoundResponse(error)
  }
}

/**
 * Send a message to the expert. A form post comes back to the trip (post, redirect, get); the outbox's (`js=1`) gets
 * `{kind: 'sent'}`. The conversation is the page's own, looked up again: a post names no conversation.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const values = formValues(await request.formData())
  try {
    requireTraveler(ctx)
    const trip = await getTrip(ctx, params.id)
    const conversationId = await expertConversation(ctx, trip.expert?.id ?? null)
    // The trip is there; what is missing is the conversation, which Chat starts: a refusal of the form, not a 404.
    if (conversationId === null) throw new DomainError('conflict', 'Start a conversation with your expert in Chat first.')
    const { message } = await postMessage(ctx, conversationId, { content: values.content ?? '', client_key: values.client_key || null })
    if (values.js === '1') return { kind: 'sent' as const, id: message.id }
    return redirect(`/dashboard/trips/${trip.id}/travel#trip-chat`)
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden')) return notFoundResponse(error)
    return catalogueFailure(error, { content: values.content ?? '' })
  }
}

export default function TravelView() {
  const d = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const failure = answer && 'fields' in answer ? (Object.values(answer.fields).flat()[0] ?? answer.message) : null
  const online = useOnline()
  const self = `/dashboard/trips/${d.trip.id}/travel`
  const vouchers = d.bookings.some((b) => b.voucher) ? `/dashboard/trips/${d.trip.id}/vouchers` : null
  useOfflineCopy(d.offline, d.fetched_at, vouchers ? [vouchers] : [])
  const place = [d.trip.city, d.trip.country].filter(Boolean).join(', ')
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Your trip: {d.trip.title}
        </Title>
        <Text c="dimmed">
          {formatRange(d.trip.start_date, d.trip.end_date)}
          {place ? ` · ${place}` : ''}
        </Text>
        {d.offline ? (
          <Text size="sm" c="dimmed">
            Opened once with a connection, this page also works offline in this browser.
          </Text>
        ) : null}
      </Stack>
      <OfflineBanner fetchedAt={d.fetched_at} online={online} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <ItineraryDays
            days={d.itinerary?.days ?? null}
            version={d.itinerary?.version ?? null}
            itineraryId={d.itinerary?.id ?? null}
            zone={d.itinerary?.zone ?? ''}
            party={d.itinerary?.party ?? []}
          />
        </Stack>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trip-expert">
            <Stack gap={4}>
              <Title order={2} size="h4" id="trip-expert">
                Your expert
              </Title>
              {d.trip.expert ? (
                <Group gap="xs">
                  <Text>{d.trip.expert.name}</Text>
                  {d.conversationId ? null : (
                    <Anchor component={Link} to={`/dashboard/chat?with=${d.trip.expert.id}`} size="sm">
                      Start a conversation
                    </Anchor>
                  )}
                </Group>
              ) : (
                <Text c="dimmed" size="sm">
                  Not assigned yet.
                </Text>
              )}
            </Stack>
          </Paper>
          {d.conversationId ? (
            <TripChat
              conversationId={d.conversationId}
              messages={d.messages}
              me={d.me}
              action={self}
              clientKey={d.clientKey}
              online={online}
              failure={failure ?? null}
            />
          ) : null}
        </Stack>
      </SimpleGrid>
      <TripBookings bookings={d.bookings} allVouchers={vouchers} />
    </Stack>
  )
}
