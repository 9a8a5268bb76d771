import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { getLocation } from '@meridian/core'
import { LOCATION_TYPE_LABELS, type LocationType } from '@meridian/validators/catalogue-constants'
import { Fact } from '../components/kit/facts.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/location-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { location: await getLocation(ctx, params.id).catch(notFoundResponse) }
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
          <Fact label="Country" value={l.country.name} />
          <Fact label="Region" value={l.region?.name} />
          <Fact label="Time zone" value={l.timezone} />
          <Fact label="Latitude" value={l.latitude} />
          <Fact label="Longitude" value={l.longitude} />
          <Fact label="Airport code" value={l.airport_code} />
          <Fact label="Population" value={l.population?.toLocaleString('en-US')} />
          <Fact label="Activities" value={l.activities_count} />
          <Fact label="Accommodations" value={l.accommodations_count} />
        </SimpleGrid>
        <Fact label="Description" value={l.description} />
        <Fact label="Address" value={l.address} />
        <Fact label="Local transportation" value={l.local_transportation} />
        <Fact label="Traveler tips" value={l.traveler_tips} />
        <Fact label="Best time to visit" value={l.best_time_to_visit} />
        <Group justify="flex-end">
          <Button component={Link} to={`${BASE}/${l.id}/edit${search}`} variant="light" preventScrollReset>
            Edit
          </Button>
        </Group>
      </Stack>
    </RouteModal>
  )
}
