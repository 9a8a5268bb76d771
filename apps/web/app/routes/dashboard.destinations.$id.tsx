import { Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { getDestination } from '@meridian/core'
import { LOCATION_TYPE_LABELS, type LocationType } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { destination: await getDestination(ctx, params.id).catch(notFoundResponse) }
}

function Section({ title, text }: { title: string; text: string }) {
  if (!text) return null
  return (
    <div>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </div>
  )
}

/** One destination for a traveler: what to know, and its places. */
export default function DestinationDetail() {
  const { destination: d } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <RouteModal title={d.name} closeTo={`/dashboard/destinations${search}`} size="xl">
      <Stack gap="md">
        <Text c="dimmed">
          {d.continent}
          {d.capital ? ` · Capital ${d.capital}` : ''}
          {d.currency ? ` · ${d.currency}` : ''}
          {d.language ? ` · ${d.language}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Section title="Why visit" text={d.why_visit} />
          <Section title="Highlights" text={d.highlights} />
          <Section title="Best time to visit" text={d.best_time_to_visit} />
          <Section title="Visa requirements" text={d.visa_requirements} />
          <Section title="Entry requirements" text={d.entry_requirements} />
          <Section title="Safety" text={d.safety_info} />
          <Section title="Health" text={d.health_requirements} />
          <Section title="Local customs" text={d.local_customs} />
          <Section title="Tipping" text={d.tipping_guide} />
          <Section title="Getting around" text={d.transportation_overview} />
        </SimpleGrid>
        {d.main_airports.length ? (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              Main airports:
            </Text>
            {d.main_airports.map((a) => (
              <Badge key={a} variant="light">
                {a}
              </Badge>
            ))}
          </Group>
        ) : null}
        <div>
          <Title order={3} size="h5" mb={4}>
            Places ({d.locations_count})
          </Title>
          {d.locations.length ? (
            <List size="sm" spacing={2}>
              {d.locations.map((l) => (
                <List.Item key={l.id}>
                  {l.name} <Text span c="dimmed" size="xs">{LOCATION_TYPE_LABELS[l.location_type as LocationType]}</Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              No places listed yet.
            </Text>
          )}
        </div>
      </Stack>
    </RouteModal>
  )
}
