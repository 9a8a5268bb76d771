import { Anchor, Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { assignTravelerExpert, canAssignExperts, canManageCustomers, getCustomer, listExpertDirectory, saveCustomerNote, travelersToChatWith } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { QUIZ_REVIEW_MESSAGES } from '@meridian/validators/quiz-constants'
import { TRIP_TYPE_LABELS } from '@meridian/validators/trip-constants'
import { AccessDenied, ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, type CatalogueFailure, catalogueFailure, formValues } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { customerFacts } from '../components/customers/customer-card.tsx'
import { ExpertForm, NoteEditor, NoteHistory, QuizTable } from '../components/customers/customer-profile.tsx'
import { CustomerStatusBadge, Facts, TripList } from '../components/customers/facts.tsx'
import { initials, listText } from '../components/customers/format.ts'
import { DeskSection } from '../components/trip-desk/assignment-cards.tsx'
import { tripSummaryOf } from '../components/trip-desk/trip-summary.tsx'
import { plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && !loaded.denied ? loaded.customer.name : 'Customer Profile'} · Meridian Travel` },
]

const BASE = '/dashboard/customers'

/** One traveler for the customer staff: figures, the note and its history, trips, quizzes and the expert choice. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canManageCustomers(actor)) return data({ denied: true as const }, { status: 403 })
  const canAssign = canAssignExperts(actor)
  try {
    const [customer, directory] = await Promise.all([getCustomer(ctx, params.id), canAssign ? listExpertDirectory(ctx, {}) : []])
    const experts = directory.filter((e) => e.is_active).map((e) => ({ id: e.id, name: e.name, open_trips: e.open_trips }))
    // Chat only where a conversation can be opened with this traveler by this user.
    const canChat = (await travelersToChatWith(ctx, [customer.id])).has(customer.id)
    return { denied: false as const, canAssign, canChat, experts, customer: { ...customer, trips: customer.trips.map(tripSummaryOf) } }
  } catch (error) {
    return notFoundResponse(error)
  }
}

/** Save Note (intent=note) or Set expert (intent=expert): one service call, then back to the profile with a toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canManageCustomers(actor)) return data<CatalogueFailure>({ message: STATUS_MESSAGES[403], fields: {}, values: {} }, { status: 403 })
  const values = formValues(await request.formData())
  const back = `${BASE}/${params.id}`
  try {
    if (values.intent === 'note') {
      await saveCustomerNote(ctx, params.id, { body: values.body ?? '' })
      return backWithToast(back, QUIZ_REVIEW_MESSAGES.noteSaved)
    }
    if (values.intent === 'expert') {
      const set = await assignTravelerExpert(ctx, { customer_id: params.id, expert_id: values.expert_id ?? '', trip_type: values.trip_type ?? '' })
      const moved = set.assigned_trips.length ? ` ${plural(set.assigned_trips.length, 'open trip', 'open trips')} assigned to them.` : ''
      return backWithToast(back, `${set.message}${moved}`)
    }
  } catch (error) {
    return catalogueFailure(error, values)
  }
  return data<CatalogueFailure>({ message: 'Unknown action.', fields: {}, values }, { status: 400 })
}

export default function CustomerProfile() {
  const loaded = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  const { customer: c, experts, canAssign } = loaded
  const failed = (intent: string) => (failure && failure.values.intent === intent ? failure : null)
  // A refused traveler (deactivated since the page was drawn) is not a field of the form: it goes in the banner.
  const banner = failure?.message ?? fieldError(failure?.fields, 'customer_id') ?? null
  const tripExperts = [...new Set(c.trips.map((t) => t.expert?.name).filter((n): n is string => Boolean(n)))]
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap="md">
        <Anchor component={Link} to={BASE} size="sm">
          Back to customers
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar size={56} radius="xl" color="teal" aria-hidden="true">
              {initials(c.name)}
            </Avatar>
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} fz={{ base: 26, sm: 30 }}>
                  {c.name}
                </Title>
                <CustomerStatusBadge status={c.status} />
              </Group>
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                @{c.username} · {c.email}
                {c.phone ? ` · ${c.phone}` : ''}
              </Text>
            </Stack>
          </Group>
          {loaded.canChat ? (
            <Button component={Link} to={`/dashboard/chat?with=${c.id}`} aria-label={`Chat with ${c.name}`}>
              Chat
            </Button>
          ) : null}
        </Group>
        <ErrorBanner message={banner} />
        <Paper withBorder radius="md" p="md">
          <Facts cols={{ base: 2, sm: 3, md: 4 }} rows={[...customerFacts(c), ['Preferred destinations', listText(c.preferred_destinations)]]} />
        </Paper>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DeskSection title="Notes" description="Shared with everyone who looks after this traveler.">
          <NoteEditor key={c.notes_updated_at ?? 'none'} note={c.notes} failure={failed('note')} />
          <NoteHistory edits={c.note_history} />
        </DeskSection>
        <DeskSection title="Expert" description="The travel expert who plans this traveler's trips.">
          <Facts
            cols={1}
            rows={[
              [
                c.experts.length > 1 ? 'Current experts' : 'Current expert',
                c.experts.length
                  ? c.experts.map((e) => `${e.name} · ${e.trip_type ? `${TRIP_TYPE_LABELS[e.trip_type]} trips` : 'all trip types'}`).join('; ')
                  : 'Not matched yet',
              ],
              ['Experts on their trips', listText(tripExperts)],
            ]}
          />
          {!canAssign ? null : c.status === 'inactive' ? (
            <Text size="sm" c="dimmed">
              This account is deactivated. Reactivate it in User Management before choosing an expert.
            </Text>
          ) : (
            <ExpertForm key={c.assigned_expert ? `${c.assigned_expert.id}-${c.assigned_expert.trip_type}` : 'none'} experts={experts} failure={failed('expert')} />
          )}
        </DeskSection>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DeskSection title="Trips" description="Their latest trips, newest first.">
          <TripList trips={c.trips} show="expert" empty="No trips yet. Trips appear here once they book one or an expert plans one for them." />
        </DeskSection>
        <DeskSection title="Quiz submissions" description="Their travel style quizzes, newest first.">
          <QuizTable quizzes={c.quizzes} />
        </DeskSection>
      </SimpleGrid>
    </Stack>
  )
}
