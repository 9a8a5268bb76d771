import { Anchor, Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { canAssignExperts, getExpertProfile } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { AccessDenied } from '../components/kit/banners.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { Facts, TripList } from '../components/customers/facts.tsx'
import { initials, listText } from '../components/customers/format.ts'
import { ExpertStatusBadge, yearsText } from '../components/experts/experts-directory.tsx'
import { DeskSection } from '../components/trip-desk/assignment-cards.tsx'
import { ExpertFiguresView } from '../components/trip-desk/performance-figures.tsx'
import { tripSummaryOf } from '../components/trip-desk/trip-summary.tsx'
import { plural } from '../components/trips/format.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && !loaded.denied ? loaded.expert.name : 'Expert'} · Meridian Travel` },
]

/** One expert for staff who match travelers with experts: the profile, the performance figures and their trips. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canAssignExperts(actor)) return data({ denied: true as const }, { status: 403 })
  try {
    const expert = await getExpertProfile(ctx, params.id)
    return { denied: false as const, expert: { ...expert, trips: expert.trips.map(tripSummaryOf) } }
  } catch (error) {
    return notFoundResponse(error)
  }
}

export default function ExpertProfile() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  const { expert: e } = loaded
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap="md">
        <Anchor component={Link} to="/dashboard/experts" size="sm">
          Back to experts
        </Anchor>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar size={56} radius="xl" color="grape" aria-hidden="true">
            {initials(e.name)}
          </Avatar>
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} fz={{ base: 26, sm: 30 }}>
                {e.name}
              </Title>
              <ExpertStatusBadge active={e.is_active} />
            </Group>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{e.username} · {e.email}
            </Text>
          </Stack>
        </Group>
        <Paper withBorder radius="md" p="md">
          <Facts
            cols={{ base: 1, sm: 2, md: 4 }}
            rows={[
              ['Countries', listText(e.countries.map((c) => c.name))],
              ['Specializations', listText(e.specializations)],
              ['Experience', yearsText(e.years_experience)],
              ['Current load', plural(e.open_trips, 'open trip', 'open trips')],
            ]}
          />
        </Paper>
      </Stack>
      <DeskSection title="Performance" description="Assignments and their answers, traveler ratings and trips by status.">
        <ExpertFiguresView figures={e.performance} />
      </DeskSection>
      <DeskSection title="Trips" description="The trips this expert plans, newest first.">
        <TripList trips={e.trips} show="traveler" empty="No trips assigned to this expert yet." />
      </DeskSection>
    </Stack>
  )
}
