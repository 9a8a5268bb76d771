import { Badge, Button, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { hasPermission, ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, listSuppliers, supplierStats } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import {
  CATALOGUE_PAGE_SIZE,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUSES,
  SUPPLIER_TYPE_LABELS,
  SUPPLIER_TYPES,
  type SupplierStatus,
  type SupplierType,
} from '@meridian/validators/catalogue-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { RowAction, RowActions } from '../components/kit/row-actions.tsx'
import { StatCard } from '../components/kit/stat-card.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Supplier Management · Meridian Travel' }]

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/supplier-management')) {
    return data({ denied: true as const, roleName: ROLE_DISPLAY_NAMES[actor.role] ?? 'No role' }, { status: 403 })
  }
  const url = new URL(request.url)
  const filters = {
    search: url.searchParams.get('search') ?? '',
    type: url.searchParams.get('type') ?? '',
    status: url.searchParams.get('status') ?? '',
  }
  const page = pageParam(url.searchParams)
  const canManage = hasPermission(actor, 'manage_suppliers')
  const { pageSize } = await listSettings(request, context, ctx, CATALOGUE_PAGE_SIZE)
  try {
    const [list, stats] = await Promise.all([
      listSuppliers(ctx, { search: filters.search, supplier_type: filters.type, status: filters.status }, listWindow(url.searchParams, pageSize)),
      supplierStats(ctx),
    ])
    return { denied: false as const, canManage, filters, page, pageSize, stats, ...list, error: null }
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[supplier-management] load failed:', error)
    const detail = error instanceof DomainError && error.fields ? Object.values(error.fields).flat().join(' ') : null
    return {
      denied: false as const,
      canManage,
      filters,
      page,
      pageSize,
      stats: null,
      count: 0,
      results: [],
      error: detail ?? CATALOGUE_MESSAGES.suppliersLoadFailed,
    }
  }
}

const STATUS_COLORS: Record<SupplierStatus, string> = { active: 'teal', inactive: 'gray', pending: 'yellow', suspended: 'red' }

export default function SupplierManagement() {
  const data = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (data.denied) {
    return (
      <AccessDenied title={CATALOGUE_MESSAGES.suppliersDeniedTitle} message={CATALOGUE_MESSAGES.suppliersDenied}>
        <Text size="sm" c="dimmed">
          Current role: {data.roleName}
        </Text>
        <Text size="sm" c="dimmed">
          {CATALOGUE_MESSAGES.suppliersRequired}
        </Text>
      </AccessDenied>
    )
  }
  const { filters, results, count, page, pageSize, error, stats, canManage } = data
  const to = (path: string) => `${BASE}${path}${search}`
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="Supplier Management" description="Tour operators, transport, stays and guides the team works with.">
        {canManage ? (
          <Button component={Link} to={to('/new')} preventScrollReset>
            Add Supplier
          </Button>
        ) : null}
      </PageHeader>
      {stats ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-label="Supplier figures">
          <StatCard label="Total suppliers" value={stats.total_suppliers} />
          <StatCard label="Active suppliers" value={stats.active_suppliers} />
          <StatCard label="Verified suppliers" value={stats.verified_suppliers} />
          <StatCard label="Average rating" value={stats.average_rating.toFixed(1)} />
        </SimpleGrid>
      ) : null}
      <FilterBar
        search={filters.search}
        placeholder="Search suppliers..."
        selects={[
          {
            name: 'type',
            label: 'Type',
            value: filters.type,
            options: [{ value: '', label: 'All types' }, ...SUPPLIER_TYPES.map((t) => ({ value: t, label: SUPPLIER_TYPE_LABELS[t] }))],
          },
          {
            name: 'status',
            label: 'Status',
            value: filters.status,
            options: [{ value: '', label: 'All statuses' }, ...SUPPLIER_STATUSES.map((s) => ({ value: s, label: SUPPLIER_STATUS_LABELS[s] }))],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <Outlet />
      {results.length === 0 && !error ? (
        <Text c="dimmed">No suppliers match these filters.</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Suppliers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Rating</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {s.name}
                    </Text>
                    {s.company_name ? (
                      <Text size="xs" c="dimmed">
                        {s.company_name}
                      </Text>
                    ) : null}
                    {s.verified ? (
                      <Badge size="xs" color="blue" variant="light">
                        Verified
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{SUPPLIER_TYPE_LABELS[s.supplier_type as SupplierType]}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[s.status as SupplierStatus]} variant="light">
                      {SUPPLIER_STATUS_LABELS[s.status as SupplierStatus]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.contact_person || '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {s.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.country?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {s.rating.toFixed(1)} ({s.total_reviews})
                  </Table.Td>
                  <Table.Td>
                    <RowActions name={s.name} to={(action) => to(`/${s.id}${action}`)} canManage={canManage} variant="subtle" gap={4} wrap="nowrap">
                      <RowAction to={to(`/${s.id}/status`)} variant="subtle" label={`Change status of ${s.name}`}>
                        Status
                      </RowAction>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
