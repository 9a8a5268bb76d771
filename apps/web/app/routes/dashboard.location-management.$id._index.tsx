import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { getLocation } from '@meridian/core'
import { LOCATION_TYPE_LABELS, type LocationType } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/location-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { location: await getLocation(ctx, params.id).catch(notFoundResponse) }
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

/** A location read-only. */
export default function ViewLocation() {
  const { location: l } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <RouteModal title={l.name} closeTo={`${BASE}${search}`} size="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="outline">{LOCATION_TYPE_LABELS[l.location_type as LocationType]}</Badge>
          <Badge color={l.is_active ? 'teal' : 'gray'} variant="light">
            {l.is_active ? 'Active' : 'Inactive'}
          </Badge>
          {l.is_featured ? <Badge color="grape">Featured</Badge> : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Field label="Country" value={l.country.name} />
          <Field label="Region" value={l.region?.name} />
          <Field label="Time zone" value={l.timezone} />
          <Field label="Latitude" value={l.latitude} />
          <Field label="Longitude" value={l.longitude} />
          <Field label="Airport code" value={l.airport_code} />
          <Field label="Population" value={l.population?.toLocaleString('en-US')} />
          <Field label="Activities" value={l.activities_count} />
          <Field label="Accommodations" value={l.accommodations_count} />
        </SimpleGrid>
        <Field label="Description" value={l.description} />
        <Field label="Address" value={l.address} />
        <Field label="Local transportation" value={l.local_transportation} />
        <Field label="Traveler tips" value={l.traveler_tips} />
        <Field label="Best time to visit" value={l.best_time_to_visit} />
        <Group justify="flex-end">
          <Button component={Link} to={`${BASE}/${l.id}/edit${search}`} variant="light" preventScrollReset>
            Edit
          </Button>
        </Group>
      </Stack>
    </RouteModal>
  )
}
