import { Alert, Badge, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useRevalidator, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { canManageMedia, deleteMediaItems, DomainError, getMediaStats, listMedia, assertCanManageMedia } from '@meridian/core'
import { MEDIA_PAGE_SIZE } from '@meridian/validators'
import { MediaAccessDenied } from '../components/media/access-notice.tsx'
import { MediaCard, MediaTable } from '../components/media/media-tile.tsx'
import { UploadPanel } from '../components/media/upload-panel.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { useHydrated } from '../components/shell/use-hydrated.ts'
import { MEDIA_MESSAGES } from '@meridian/core/messages'
import { requireUser } from '../utils/auth.server.ts'
import { listSettings } from '../utils/list-settings.server.ts'
import { flashHeader } from '../utils/flash.server.ts'
import { notify } from '../utils/notify.ts'

export const meta: MetaFunction = () => [{ title: 'Media Library · Meridian Travel' }]

const FILTERS = ['search', 'type', 'status', 'page', 'view'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!canManageMedia(actor)) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const q = Object.fromEntries(FILTERS.map((k) => [k, url.searchParams.get(k) ?? '']))
  // The grid's 24 (spec 2 §9) is the most a page holds; the settings give the page size and, unless ?view= names
  // one, the layout.
  const { pageSize, layout } = await listSettings(request, context, ctx, MEDIA_PAGE_SIZE, { view: q.view })
  const query = { search: q.search, type: q.type || 'all', status: q.status || 'all', page: q.page || '1', page_size: pageSize }
  // `?cursor=` (a page's next_cursor) reads the rows after it, at the same cost at any depth (decision 021).
  const cursor = url.searchParams.get('cursor') || undefined
  try {
    const [page, stats] = await Promise.all([listMedia(ctx, { ...query, cursor }), getMediaStats(ctx)])
    return { denied: false as const, page, stats, filters: { ...query, view: layout }, error: null }
  } catch (error) {
    if (!(error instanceof DomainError) || (error.code !== 'invalid' && error.code !== 'not_found')) throw error
    // A hand-typed bad filter or page: show the library's first page with the catalogue's message.
    const [page, stats] = await Promise.all([listMedia(ctx, { page_size: pageSize }), getMediaStats(ctx)])
    return { denied: false as const, page, stats, filters: { search: '', type: 'all', status: 'all', page: '1', page_size: pageSize, view: layout }, error: MEDIA_MESSAGES.loadFailed }
  }
}

/** Bulk delete: JavaScript asks first; without it the action asks (confirmed=1 comes back with the ids). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  assertCanManageMedia(ctx)
  const form = await request.formData()
  const ids = form.getAll('ids').map(Number).filter((n) => Number.isInteger(n) && n > 0)
  const back = `/dashboard/media${new URL(request.url).search}`
  if (form.get('intent') !== 'bulk-delete') return data({ confirm: null, error: 'Unknown action.' }, { status: 400 })
  if (ids.length === 0) return data({ confirm: null, error: 'Select at least one item.' }, { status: 400 })
  if (form.get('confirmed') !== '1') return { confirm: ids, error: null }
  try {
    const { deleted } = await deleteMediaItems(ctx, { ids })
    return redirect(back, { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message: `${deleted.length} media items deleted.` }) } })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ confirm: null, error: MEDIA_MESSAGES.bulkDeleteFailed }, { status: 400 })
  }
}

export default function MediaPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <MediaAccessDenied />
  return <MediaLibrary {...loaded} />
}

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { denied: true }>

function MediaLibrary({ page, stats, filters, error }: Loaded) {
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const revalidator = useRevalidator()
  const openRef = useRef<(() => void) | null>(null)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [banner, setBanner] = useState<string | null>(error)
  const filterForm = useRef<HTMLFormElement>(null)
  const searchTimer = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => setBanner(error ?? actionData?.error ?? null), [error, actionData])
  useEffect(() => setSelected((s) => new Set([...s].filter((id) => page.results.some((m) => m.id === id)))), [page])

  // While anything is waiting or being processed, follow it: pending → processing → ready.
  const busy = stats.processing_queue > 0 || page.results.some((m) => m.status === 'pending' || m.status === 'processing')
  useEffect(() => {
    if (!busy) return
    const timer = setInterval(() => document.visibilityState === 'visible' && revalidator.state === 'idle' && revalidator.revalidate(), 2000)
    return () => clearInterval(timer)
  }, [busy, revalidator])

  const onSelect = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const applyFilters = (delay = 0) => {
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => filterForm.current && submit(filterForm.current, { replace: true }), delay)
  }
  const pageNumber = Number(filters.page) || 1
  const pageLink = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(n))
    return `?${params}`
  }
  const viewLink = (view: string) => {
    const params = new URLSearchParams(location.search)
    params.set('view', view)
    return `?${params}`
  }
  const lastPage = Math.max(1, Math.ceil(page.count / page.page_size))

  return (
    <Container size="xl" px={0}>
      <PageHeader title="Media Library" description="Photos and videos of destinations and activities: upload them, organise them and choose the featured ones.">
        {hydrated && <Button onClick={() => openRef.current?.()}>Upload Media</Button>}
      </PageHeader>

      <Group gap="xs" mb="lg" aria-label="Media statistics">
        <Badge size="lg" variant="light" color="gray" tt="none">Total: {stats.total}</Badge>
        <Badge size="lg" variant="light" color="indigo" tt="none">Photos: {stats.photos}</Badge>
        <Badge size="lg" variant="light" color="grape" tt="none">Videos: {stats.videos}</Badge>
        <Badge size="lg" variant="light" color="blue" tt="none">Processing: {stats.processing_queue}</Badge>
      </Group>

      {banner && (
        <Alert color="red" mb="md" withCloseButton={hydrated} onClose={() => setBanner(null)} role="alert">
          {banner}
        </Alert>
      )}

      <Stack gap="lg">
        <UploadPanel
          redirectTo={`/dashboard/media${location.search}`}
          openRef={openRef}
          onRefused={(message) => setBanner(message)}
          onDone={({ uploaded, failed }) => {
            const message = MEDIA_MESSAGES.uploadedScreen(uploaded, failed)
            if (failed) notify.error(message)
            else notify.success(message)
            revalidator.revalidate()
          }}
        />

        <Paper withBorder radius="md" p="md">
          <Form method="get" ref={filterForm} role="search">
            <input type="hidden" name="view" value={filters.view} />
            <Group align="flex-end" gap="sm">
              <TextInput
                name="search"
                label="Search"
                placeholder="Search media…"
                defaultValue={filters.search}
                style={{ flex: 1, minWidth: 200 }}
                onChange={() => applyFilters(300)}
              />
              <NativeSelect
                name="type"
                label="Type"
                defaultValue={filters.type}
                data={[{ value: 'all', label: 'All types' }, { value: 'photo', label: 'Photos' }, { value: 'video', label: 'Videos' }]}
                onChange={() => applyFilters()}
              />
              <NativeSelect
                name="status"
                label="Status"
                defaultValue={filters.status}
                data={[{ value: 'all', label: 'All statuses' }, { value: 'ready', label: 'Ready' }, { value: 'processing', label: 'Processing' }, { value: 'pending', label: 'Pending' }, { value: 'failed', label: 'Failed' }]}
                onChange={() => applyFilters()}
              />
              {!hydrated && <Button type="submit" variant="default">Apply</Button>}
              <Button.Group aria-label="Layout">
                <Button component={Link} to={viewLink('grid')} variant={filters.view === 'grid' ? 'filled' : 'default'} aria-current={filters.view === 'grid' ? 'true' : undefined}>
                  Grid
                </Button>
                <Button component={Link} to={viewLink('list')} variant={filters.view === 'list' ? 'filled' : 'default'} aria-current={filters.view === 'list' ? 'true' : undefined}>
                  List
                </Button>
              </Button.Group>
            </Group>
          </Form>
        </Paper>

        {actionData?.confirm && (
          <Alert color="orange" title={MEDIA_MESSAGES.confirmBulkDelete(actionData.confirm.length)} role="alertdialog">
            <Form method="post">
              <input type="hidden" name="intent" value="bulk-delete" />
              <input type="hidden" name="confirmed" value="1" />
              {actionData.confirm.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
              <Group gap="sm">
                <Button type="submit" color="red" size="xs">Delete</Button>
                <Button component={Link} to={`/dashboard/media${location.search}`} variant="default" size="xs">Cancel</Button>
              </Group>
            </Form>
          </Alert>
        )}

        <Form
          method="post"
          id="media-bulk"
          onSubmit={(event) => {
            const count = hydrated ? selected.size : 0
            if (hydrated && (count === 0 || !window.confirm(MEDIA_MESSAGES.confirmBulkDelete(count)))) event.preventDefault()
          }}
        >
          <input type="hidden" name="intent" value="bulk-delete" />
          {hydrated && <input type="hidden" name="confirmed" value="1" />}
          <Group justify="space-between">
            <Group gap="sm">
              {hydrated && (
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setSelected(selected.size === page.results.length ? new Set() : new Set(page.results.map((m) => m.id)))}
                >
                  {selected.size === page.results.length && page.results.length > 0 ? 'Clear selection' : 'Select all'}
                </Button>
              )}
              <Button type="submit" color="red" variant="light" size="xs" disabled={hydrated && selected.size === 0}>
                {hydrated ? `Delete selected (${selected.size})` : 'Delete selected'}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">{page.count} items</Text>
          </Group>
        </Form>

        {page.results.length === 0 ? (
          <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
            <Text ta="center" c="dimmed">No media found. Upload photos and videos to get started.</Text>
          </Paper>
        ) : filters.view === 'list' ? (
          <MediaTable items={page.results} selected={selected} onSelect={onSelect} search={location.search} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="md">
            {page.results.map((item) => (
              <MediaCard key={item.id} item={item} selected={selected.has(item.id)} onSelect={onSelect} search={location.search} />
            ))}
          </SimpleGrid>
        )}

        <Group justify="center" gap="md">
          <PageButton to={pageNumber > 1 ? pageLink(pageNumber - 1) : null}>Previous</PageButton>
          <Text size="sm">Page {pageNumber}</Text>
          <PageButton to={pageNumber < lastPage ? pageLink(pageNumber + 1) : null}>Next</PageButton>
        </Group>
      </Stack>
      <Outlet />
    </Container>
  )
}

function PageButton({ to, children }: { to: string | null; children: React.ReactNode }) {
  return to ? (
    <Button component={Link} to={to} variant="default" size="xs">
      {children}
    </Button>
  ) : (
    <Button variant="default" size="xs" disabled>
      {children}
    </Button>
  )
}
