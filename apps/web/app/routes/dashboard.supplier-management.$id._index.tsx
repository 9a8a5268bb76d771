import { Badge, Group, SimpleGrid, Stack } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { getSupplier } from '@meridian/core'
import { SUPPLIER_STATUS_LABELS, SUPPLIER_TYPE_LABELS, type SupplierStatus, type SupplierType } from '@meridian/validators/catalogue-constants'
import { Fact } from '../components/kit/facts.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { supplier: await getSupplier(ctx, params.id).catch(notFoundResponse) }
}

/** View mode: read-only, no submit button, no verified checkbox (2-catalogue-content.md §2). */
export default function ViewSupplier() {
  const { supplier: s } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const list = (items: string[]) => items.join(', ')
  return (
    <RouteModal title={s.name} closeTo={`${BASE}${search}`} size="xl">
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="outline">{SUPPLIER_TYPE_LABELS[s.supplier_type as SupplierType]}</Badge>
          <Badge variant="light">{SUPPLIER_STATUS_LABELS[s.status as SupplierStatus]}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Fact label="Company name" value={s.company_name} />
          <Fact label="Contact person" value={s.contact_person} />
          <Fact label="Email" value={s.email} />
          <Fact label="Phone" value={s.phone} />
          <Fact label="Website" value={s.website} />
          <Fact label="License number" value={s.license_number} />
          <Fact label="Address" value={s.address} />
          <Fact label="City" value={s.city} />
          <Fact label="State / province" value={s.state_province} />
          <Fact label="Postal code" value={s.postal_code} />
          <Fact label="Country" value={s.country?.name} />
          <Fact label="Rating" value={`${s.rating.toFixed(1)} (${s.total_reviews} reviews)`} />
          <Fact label="Activities" value={s.activities_count} />
          <Fact label="API sync status" value={s.api_sync_status.replace('_', ' ')} />
          <Fact
            label="External API ids"
            value={Object.entries(s.external_api_ids)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Services offered" value={list(s.services_offered)} />
          <Fact label="Operating locations" value={list(s.operating_locations)} />
          <Fact label="Languages supported" value={list(s.languages_supported)} />
          <Fact label="Tags" value={list(s.tags)} />
          <Fact label="Description" value={s.description} />
          <Fact label="Payment terms" value={s.payment_terms} />
          <Fact label="Notes" value={s.notes} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label="Booking terms">
          <Fact label="Payment schedule" value={s.schedule_text ?? 'The booking settings’ (default)'} />
          <Fact label="Cancellation policy" value={s.policy_text ?? 'The booking settings’ (default)'} />
          <Fact label="Time zone" value={s.time_zone || 'UTC'} />
        </SimpleGrid>
      </Stack>
    </RouteModal>
  )
}
