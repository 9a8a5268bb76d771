import { Stack } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { canManageCustomers, type CustomerDto, DomainError, LIST_PAGE_MAX, listCustomers, travelersToChatWith } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { CUSTOMER_STATUSES, type CustomerStatus } from '@meridian/validators/quiz-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList, EmptyState, LinkTabs } from '../components/kit/card-list.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { CustomerCard } from '../components/customers/customer-card.tsx'
import { CUSTOMER_STATUS_LABELS, shorten } from '../components/customers/format.ts'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Customer Profiles · Meridian Travel' }]

const BASE = '/dashboard/customers'
const LOAD_FAILED = 'Failed to load customers. Please try again.'
const TABS: { key: '' | CustomerStatus; label: string }[] = [{ key: '', label: 'All' }, ...CUSTOMER_STATUSES.map((s) => ({ key: s, label: CUSTOMER_STATUS_LABELS[s] }))]
const NO_COUNTERS = { all: 0, active: 0, pending: 0, inactive: 0 }

/**
 * Travelers for specialists, admins and the superadmin: newest first or by Total spent, by status and search, with
 * the counters of the search. A profile (/dashboard/customers/:id, a child route) draws the whole page in place of the list, so the
 * list is not read for it.
 */
/** A customer as its card shows it: with whether this user may chat with them. */
type CustomerRow = CustomerDto & { can_chat: boolean }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canManageCustomers(actor)) return data({ denied: true as const }, { status: 403 })
  if (params.id !== undefined) return { denied: false as const, list: null }
  const url = new URL(request.url)
  const search = url.searchParams.get('search') ?? ''
  const wanted = url.searchParams.get('status') ?? ''
  const status = (CUSTOMER_STATUSES as readonly string[]).includes(wanted) ? (wanted as CustomerStatus) : ''
  // Newest first unless Total spent is asked for (the select's two choices).
  const ordering = url.searchParams.get('ordering') === '-total_spent' ? '-total_spent' : ''
  const page = pageParam(url.searchParams)
  const { pageSize } = await listSettings(request, context, ctx, LIST_PAGE_MAX)
  const view = { search, status, ordering, page, pageSize }
  try {
    const found = await listCustomers(ctx, { search, status, ordering }, listWindow(url.searchParams, pageSize))
    // The list shows the start of each note; the profile has the whole of it.
    // Chat shows only on the cards of travelers this user may open a conversation with.
    const chattable = await travelersToChatWith(ctx, found.results.map((c) => c.id))
    const results: CustomerRow[] = found.results.map((c) => ({ ...c, notes: shorten(c.notes), can_chat: chattable.has(c.id) }))
    return { denied: false as const, list: { ...view, counters: found.counters, count: found.count, results, error: null } }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') {
      const message = Object.values(error.fields ?? {}).flat().join(' ') || STATUS_MESSAGES[400]
      return data({ denied: false as const, list: { ...view, counters: NO_COUNTERS, count: 0, results: [] as CustomerRow[], error: message } }, { status: 400 })
    }
    // Any other DomainError (the database unavailable …) gets its own status and screen from the route guard.
    if (error instanceof DomainError) throw error
    console.error('[customers] load failed:', error)
    return data({ denied: false as const, list: { ...view, counters: NO_COUNTERS, count: 0, results: [] as CustomerRow[], error: LOAD_FAILED } }, { status: 500 })
  }
}

export default function CustomersPage() {
  const loaded = useLoaderData<typeof loader>()
  const { search: query } = useLocation()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  if (!loaded.list) return <Outlet />
  const { search, status, ordering, page, pageSize, counters, count, results, error } = loaded.list
  const tabHref = (key: string) => {
    const params = new URLSearchParams()
    if (search) params.set('search', search)
    if (key) params.set('status', key)
    if (ordering) params.set('ordering', ordering)
    const qs = params.toString()
    return qs ? `${BASE}?${qs}` : BASE
  }
  const filtered = Boolean(search || status)
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title="Customer Profiles"
        description="Every traveler on Meridian: where they are with us, who plans their trips, and what the team knows about them."
      />
      <LinkTabs
        label="Customer status"
        tabs={TABS.map((t) => ({ to: tabHref(t.key), label: t.label, count: counters[t.key || 'all'], active: status === t.key }))}
      />
      <FilterBar
        search={search}
        placeholder="Search by name, username or e-mail..."
        selects={[
          {
            name: 'status',
            label: 'Status',
            value: status,
            options: [{ value: '', label: 'All statuses' }, ...CUSTOMER_STATUSES.map((s) => ({ value: s, label: CUSTOMER_STATUS_LABELS[s] }))],
          },
          {
            name: 'ordering',
            label: 'Sort by',
            value: ordering,
            options: [
              { value: '', label: 'Newest first' },
              { value: '-total_spent', label: 'Total spent (highest first)' },
            ],
          },
        ]}
      />
      <ErrorBanner message={error} />
      <CardList
        count={count}
        noun={['customer', 'customers']}
        error={error}
        label="Customers"
        empty={
          <EmptyState
            title="No customers found"
            hint={filtered ? 'Try another name or status, or clear the filters.' : 'Travelers appear here as soon as they create an account.'}
          />
        }
      >
        {results.map((c) => (
          <CustomerCard key={c.id} customer={c} profile={`${BASE}/${c.id}`} chat={c.can_chat ? `/dashboard/chat?with=${c.id}` : null} />
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={query} label="Customer pages" />
    </Stack>
  )
}
