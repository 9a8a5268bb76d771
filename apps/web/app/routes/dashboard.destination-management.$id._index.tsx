import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { getCountry } from '@meridian/core'
import { DESTINATION_CATEGORY_LABELS, type DestinationCategory } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/destination-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { country: await getCountry(ctx, params.id).catch(notFoundResponse) }
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </div>
  )
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
          <Field label="Continent" value={c.continent} />
          <Field label="Capital" value={c.capital} />
          <Field label="Currency" value={c.currency} />
          <Field label="Language" value={c.language} />
          <Field label="Population" value={c.population.toLocaleString('en-US')} />
          <Field label="Locations" value={c.locations_count} />
          <Field label="Activities" value={c.activities_count} />
          <Field label="Main airports" value={c.main_airports.join(', ')} />
          <Field label="Main ports" value={c.main_ports.join(', ')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Why visit" value={c.why_visit} />
          <Field label="Highlights" value={c.highlights} />
          <Field label="Best time to visit" value={c.best_time_to_visit} />
          <Field label="Visa requirements" value={c.visa_requirements} />
          <Field label="Entry requirements" value={c.entry_requirements} />
          <Field label="Safety information" value={c.safety_info} />
          <Field label="Health requirements" value={c.health_requirements} />
          <Field label="Local customs" value={c.local_customs} />
          <Field label="Tipping guide" value={c.tipping_guide} />
          <Field label="Transportation overview" value={c.transportation_overview} />
          <Field label="Travel seasons" value={object(c.travel_seasons)} />
          <Field label="Emergency contacts" value={object(c.emergency_contacts)} />
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
