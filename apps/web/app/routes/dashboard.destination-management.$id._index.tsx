import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { getCountry } from '@meridian/core'
import { DESTINATION_CATEGORY_LABELS, type DestinationCategory } from '@meridian/validators/catalogue-constants'
import { Fact } from '../components/kit/facts.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/destination-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { country: await getCountry(ctx, params.id).catch(notFoundResponse) }
}

/** A destination read-only: every field, no inputs. */
export default function ViewDestination() {
  const { country: c } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const object = (o: Record<string, unknown>) =>
    Object.keys(o).length
      ? Object.entries(o)
          .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join('\n')
      : ''
  return (
    <RouteModal title={c.name} closeTo={`${BASE}${search}`} size="xl">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={c.is_active ? 'teal' : 'gray'} variant="light">
            {c.is_active ? 'Active' : 'Inactive'}
          </Badge>
          {c.is_promoted_destination ? <Badge color="grape">Promoted</Badge> : null}
          {c.destination_category ? <Badge variant="outline">{DESTINATION_CATEGORY_LABELS[c.destination_category as DestinationCategory]}</Badge> : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Fact label="Continent" value={c.continent} />
          <Fact label="Capital" value={c.capital} />
          <Fact label="Currency" value={c.currency} />
          <Fact label="Language" value={c.language} />
          <Fact label="Population" value={c.population.toLocaleString('en-US')} />
          <Fact label="Locations" value={c.locations_count} />
          <Fact label="Activities" value={c.activities_count} />
          <Fact label="Main airports" value={c.main_airports.join(', ')} />
          <Fact label="Main ports" value={c.main_ports.join(', ')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Why visit" value={c.why_visit} />
          <Fact label="Highlights" value={c.highlights} />
          <Fact label="Best time to visit" value={c.best_time_to_visit} />
          <Fact label="Visa requirements" value={c.visa_requirements} />
          <Fact label="Entry requirements" value={c.entry_requirements} />
          <Fact label="Safety information" value={c.safety_info} />
          <Fact label="Health requirements" value={c.health_requirements} />
          <Fact label="Local customs" value={c.local_customs} />
          <Fact label="Tipping guide" value={c.tipping_guide} />
          <Fact label="Transportation overview" value={c.transportation_overview} />
          <Fact label="Travel seasons" value={object(c.travel_seasons)} />
          <Fact label="Emergency contacts" value={object(c.emergency_contacts)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button component={Link} to={`${BASE}/${c.id}/edit${search}`} variant="light" preventScrollReset>
            Edit
          </Button>
        </Group>
      </Stack>
    </RouteModal>
  )
}
