import { Alert, Button, Stack } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, Outlet, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  bulkUpdateStatus,
  DomainError,
  getUserStats,
  isSuperadminLevel,
  LIST_PAGE_MAX,
  listManagedUsers,
  roleSelectOptions,
  USER_MANAGEMENT_MESSAGES as M,
} from '@meridian/core'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { AccessDenied } from '../components/users/access-denied.tsx'
import { IconUserPlus } from '../components/users/icons.tsx'
import { RoleDistribution, StatsCards } from '../components/users/user-stats.tsx'
import { type ListFilters, PAGE_SIZES, UserFilters } from '../components/users/user-filters.tsx'
import { Pager, UsersTable } from '../components/users/users-table.tsx'
import { backToList } from '../components/users/users.server.ts'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'

export const meta: MetaFunction = () => [{ title: 'User Management · Meridian Travel' }]

const STATUSES = ['all', 'active', 'inactive', 'staff'] as const

/** The list's filters from the address; `pageSize` is the user's setting, which an explicit `?page_size=` overrides. */
function readFilters(params: URLSearchParams, pageSize: number): ListFilters {
  const status = params.get('status') ?? 'all'
  const size = Number(params.get('page_size'))
  const page = Number(params.get('page') ?? 1)
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    role: params.get('role') ?? '',
    status: (STATUSES as readonly string[]).includes(status) ? (status as ListFilters['status']) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    page_size: PAGE_SIZES.includes(size) ? size : pageSize,
    cursor: params.get('cursor') || undefined,
  }
}

/** The list's filters as the service's query (3-back-office.md §7: search, role, is_active, is_staff). */
function toQuery(f: ListFilters) {
  return {
    search: f.search,
    role: f.role,
    page: f.page,
    page_size: f.page_size,
    cursor: f.cursor,
    ...(f.status === 'active' ? { is_active: true } : f.status === 'inactive' ? { is_active: false } : {}),
    ...(f.status === 'staff' ? { is_staff: true } : {}),
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!isSuperadminLevel(actor)) {
    const debug = { username: actor.username, role: actor.role, is_superuser: actor.isSuperuser, profile_is_superadmin: actor.profileIsSuperadmin }
    return data({ denied: debug, list: null, loadError: null }, { status: 403 })
  }
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  const filters = readFilters(new URL(request.url).searchParams, pageSize)
  try {
    const [page, stats, roles] = await Promise.all([listManagedUsers(ctx, toQuery(filters)), getUserStats(ctx), roleSelectOptions(ctx)])
    return { denied: null, list: { page, stats, roles, filters, currentUserId: actor.id }, loadError: null }
  } catch (error) {
    // A page past the end (the list shrank) or a cursor that cannot be read: the first page instead.
    if (error instanceof DomainError && error.code === 'not_found' && (filters.page > 1 || filters.cursor)) {
      const url = new URL(request.url)
      url.searchParams.delete('page')
      url.searchParams.delete('cursor')
      throw redirect(`${url.pathname}${url.search}`)
    }
    if (error instanceof DomainError) throw error
    // The catalogue's banner instead of an error screen: the page, its filters and Create User stay usable.
    console.error('[users] loading the list failed:', error)
    return data({ denied: null, list: null, loadError: M.loadFailed }, { status: 500 })
  }
}

/** Bulk Activate / Deactivate of the ticked users. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const action = intent === 'activate' || intent === 'deactivate' ? intent : 'update'
  try {
    const result = await bulkUpdateStatus(ctx, { action: intent, user_ids: form.getAll('user_ids').map(String) })
    return backToList(request, result.detail)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const detail = error.fields?.user_ids?.[0] === 'This list may not be empty.' ? M.noUsersSelected : Object.values(error.fields ?? {})[0]?.[0] ?? error.message
    return data({ error: `${M.bulkFailed(action)}: ${detail}` }, { status: error.code === 'forbidden' ? 403 : 400 })
  }
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { search } = useLocation()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setError(result?.error ?? null), [result])
  if (loaded.denied) return <AccessDenied debug={loaded.denied} />
  if (!loaded.list) {
    return (
      <Stack gap="lg" maw={1280} mx="auto">
        <PageHeader title="User Management" description="Everyone with an account: roles, status and access." />
        <Alert color="red" variant="light" role="alert">
          {loaded.loadError}
        </Alert>
      </Stack>
    )
  }
  const { page, stats, roles, filters, currentUserId } = loaded.list
  const pages = Math.max(1, Math.ceil(page.count / page.page_size))
  const filtered = Boolean(filters.search || filters.role || filters.status !== 'all')

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <PageHeader title="User Management" description="Everyone with an account: roles, status and access.">
        <Button component={Link} to={`/dashboard/users/new${search}`} leftSection={<IconUserPlus />} preventScrollReset>
          Create User
        </Button>
      </PageHeader>
      {error ? (
        <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <StatsCards stats={stats} />
      <RoleDistribution stats={stats} />
      <UserFilters filters={filters} roles={roles} />
      <UsersTable users={page.results} filtered={filtered} currentUserId={currentUserId} />
      {page.count > 0 ? <Pager page={page.page} pages={pages} count={page.count} /> : null}
      <Outlet />
    </Stack>
  )
}
