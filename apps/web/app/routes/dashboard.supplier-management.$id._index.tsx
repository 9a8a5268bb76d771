import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { getSupplier } from '@meridian/core'
import { SUPPLIER_STATUS_LABELS, SUPPLIER_TYPE_LABELS, type SupplierStatus, type SupplierType } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  return { supplier: await getSupplier(ctx, params.id).catch(notFoundResponse) }
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </div>
  )
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
          <Field label="Company name" value={s.company_name} />
          <Field label="Contact person" value={s.contact_person} />
          <Field label="Email" value={s.email} />
          <Field label="Phone" value={s.phone} />
          <Field label="Website" value={s.website} />
          <Field label="License number" value={s.license_number} />
          <Field label="Address" value={s.address} />
          <Field label="City" value={s.city} />
          <Field label="State / province" value={s.state_province} />
          <Field label="Postal code" value={s.postal_code} />
          <Field label="Country" value={s.country?.name} />
          <Field label="Rating" value={`${s.rating.toFixed(1)} (${s.total_reviews} reviews)`} />
          <Field label="Activities" value={s.activities_count} />
          <Field label="API sync status" value={s.api_sync_status.replace('_', ' ')} />
          <Field
            label="External API ids"
            value={Object.entries(s.external_api_ids)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Services offered" value={list(s.services_offered)} />
          <Field label="Operating locations" value={list(s.operating_locations)} />
          <Field label="Languages supported" value={list(s.languages_supported)} />
          <Field label="Tags" value={list(s.tags)} />
          <Field label="Description" value={s.description} />
          <Field label="Payment terms" value={s.payment_terms} />
          <Field label="Notes" value={s.notes} />
        </SimpleGrid>
      </Stack>
    </RouteModal>
  )
}
