import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import {
  DomainError,
  keepsWishlist,
  listWishlist,
  removeFromWishlist,
  requireWishlistOwner,
  WISHLIST_MESSAGES,
  type WishlistItemDto,
  wishlistCounts,
} from '@meridian/core'
import { WISHLIST_TYPES, type WishlistType } from '@meridian/validators/booking-constants'
import { AccessDenied, ErrorBanner } from '../components/kit/banners.tsx'
import { CardList, EmptyState, LinkTabs } from '../components/kit/card-list.tsx'
import { Pager } from '../components/kit/filter-bar.tsx'
import { backWithToast, listTarget } from '../components/kit/form-action.server.ts'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { WishlistCard } from '../components/wishlist/wishlist-card.tsx'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'My Wishlist · Meridian Travel' }]

const BASE = '/dashboard/wishlist'
/** The most cards a page holds (four rows of three); the "Rows shown in lists" setting may ask for fewer. */
const MAX_PAGE_SIZE = 12
/** The filter of 2-catalogue-content.md My Wishlist: all, destination, hotel, activity, trip. */
const FILTERS: { key: '' | WishlistType; label: string }[] = [
  { key: '', label: 'All' },
  { key: 'destination', label: 'Destinations' },
  { key: 'hotel', label: 'Hotels' },
  { key: 'activity', label: 'Activities' },
  { key: 'trip', label: 'Trips' },
]

/** The traveler's saved items (1-platform-core §2: /dashboard/wishlist is the traveler's); other roles get 403. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!keepsWishlist(actor)) return data({ denied: true as const, message: WISHLIST_MESSAGES.travelersOnly }, { status: 403 })
  const url = new URL(request.url)
  const raw = url.searchParams.get('type') ?? ''
  const type = (WISHLIST_TYPES as readonly string[]).includes(raw) ? (raw as WishlistType) : ''
  const page = pageParam(url.searchParams)
  const canManageDestinations = mayOpen(actor, '/dashboard/destination-management')
  const { pageSize } = await listSettings(request, context, ctx, MAX_PAGE_SIZE)
  try {
    const [list, counts] = await Promise.all([listWishlist(ctx, { type }, listWindow(url.searchParams, pageSize)), wishlistCounts(ctx)])
    return { denied: false as const, type, page, pageSize, counts, count: list.count, results: list.results, error: null, canManageDestinations }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return {
      denied: false as const,
      type,
      page,
      pageSize,
      counts: null,
      count: 0,
      results: [] as WishlistItemDto[],
      error: WISHLIST_MESSAGES.loadFailed,
      canManageDestinations,
    }
  }
}

/** Remove, from a card (a plain form: works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    requireWishlistOwner(ctx)
  } catch (error) {
    if (error instanceof DomainError) throw new Response(error.message, { status: 403 })
    throw error
  }
  const form = await request.formData()
  const back = form.get('back')
  try {
    if (form.get('intent') !== 'remove') throw DomainError.invalid({ intent: ['Choose remove.'] })
    await removeFromWishlist(ctx, String(form.get('item_id') ?? ''))
    return backWithToast(listTarget(BASE, back), WISHLIST_MESSAGES.removedItem)
  } catch (error) {
    if (!(error instanceof DomainError) || (error.code !== 'not_found' && error.code !== 'invalid')) throw error
    return backWithToast(listTarget(BASE, back), error.code === 'not_found' ? WISHLIST_MESSAGES.notFound : error.message, 'error')
  }
}

export default function WishlistPage() {
  const loaded = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (loaded.denied) return <AccessDenied message={loaded.message} />
  const { type, counts, count, results, page, pageSize, error, canManageDestinations } = loaded
  const filterHref = (key: string) => (key ? `${BASE}?type=${key}` : BASE)
  const figures = [
    { label: 'Total Saved', value: counts?.total ?? 0 },
    { label: 'Destinations', value: counts?.destination ?? 0 },
    { label: 'Hotels', value: counts?.hotel ?? 0 },
    { label: 'Activities', value: counts?.activity ?? 0 },
  ]
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title="My Wishlist" description="Destinations, hotels, activities and trips you have saved for later.">
        <Group gap="xs">
          <Button component={Link} to="/dashboard/search" variant="light">
            Search & Discover
          </Button>
          <Button component={Link} to="/dashboard/destinations" variant="light">
            Browse Destinations
          </Button>
          {canManageDestinations ? (
            <Button component={Link} to="/dashboard/destination-management" variant="default">
              Destination Management
            </Button>
          ) : null}
        </Group>
      </PageHeader>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {figures.map((f) => (
          <Paper key={f.label} withBorder radius="md" p="md" role="group" aria-label={f.label}>
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            <Text fz={28} fw={700}>
              {f.value.toLocaleString('en-US')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <LinkTabs
        label="Saved item type"
        tabs={FILTERS.map((f) => ({ to: filterHref(f.key), label: f.label, count: counts ? counts[f.key || 'total'] : 0, active: type === f.key }))}
      />
      <ErrorBanner message={error} />
      <CardList
        count={count}
        noun={['saved item', 'saved items']}
        error={error}
        label="Saved items"
        empty={
          <EmptyState
            title="No saved items found"
            hint={type ? 'Nothing of this type is saved yet.' : 'Save destinations, hotels, activities and trips to find them here.'}
          >
            <Group gap="xs" mt="sm" justify="center">
              <Button component={Link} to="/dashboard/destinations" size="xs" variant="light">
                Browse Destinations
              </Button>
              <Button component={Link} to="/dashboard/search" size="xs" variant="default">
                Search & Discover
              </Button>
            </Group>
          </EmptyState>
        }
      >
        {results.map((item) => (
          <WishlistCard key={item.id} item={item} back={search} />
        ))}
      </CardList>
      <Pager page={page} pageSize={pageSize} count={count} base={BASE} search={search} />
    </Stack>
  )
}
