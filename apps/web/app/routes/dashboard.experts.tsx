import { Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { canAssignExperts, DomainError, type ExpertDirectoryEntry, listExpertDirectory } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { EmptyState } from '../components/kit/card-list.tsx'
import { FilterBar } from '../components/kit/filter-bar.tsx'
import { ExpertsTable } from '../components/experts/experts-directory.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Expert Management · Meridian Travel' }]

const BASE = '/dashboard/experts'
const LOAD_FAILED = 'Failed to load experts. Please try again.'

/**
 * Every expert, active first, for those who match travelers with experts (specialists, admins, superadmin); `search`
 * narrows by name. An expert's profile (a child route) draws the whole page in place of the directory.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canAssignExperts(actor)) return data({ denied: true as const }, { status: 403 })
  if (params.id !== undefined) return { denied: false as const, directory: null }
  const search = new URL(request.url).searchParams.get('search') ?? ''
  try {
    return { denied: false as const, directory: { search, experts: await listExpertDirectory(ctx, { search }), error: null } }
  } catch (error) {
    if (error instanceof DomainError) throw error
    console.error('[experts] load failed:', error)
    return data({ denied: false as const, directory: { search, experts: [] as ExpertDirectoryEntry[], error: LOAD_FAILED } }, { status: 500 })
  }
}

export default function ExpertsPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  if (!loaded.directory) return <Outlet />
  const { search, experts, error } = loaded.directory
  const active = experts.filter((e) => e.is_active).length
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Expert Management"
        description="Every travel expert: the countries and kinds of trip they know, how busy they are and how quickly they answer."
      />
      <FilterBar search={search} placeholder="Search experts by name..." selects={[]} />
      <ErrorBanner message={error} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {experts.length === 1 ? '1 expert' : `${experts.length.toLocaleString('en-US')} experts`}
        {experts.length ? ` · ${active.toLocaleString('en-US')} active` : ''}
      </Text>
      {experts.length ? (
        <ExpertsTable experts={experts} base={BASE} />
      ) : error ? null : (
        <EmptyState
          title="No experts found"
          hint={search ? 'Try another name, or clear the search.' : 'Experts appear here once an administrator adds them in User Management.'}
        />
      )}
    </Stack>
  )
}
