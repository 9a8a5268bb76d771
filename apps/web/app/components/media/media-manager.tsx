import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Card } from '@mantine/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchWithRetry } from '@meridian/validators/fetch-retry'
import type { MediaDto } from '@meridian/core'
import { MEDIA_MESSAGES } from '@meridian/core/messages'
import { MEDIA_MAX_FILES_DEFAULT } from '@meridian/validators'
import { notify } from '../../utils/notify.ts'
import { MediaThumb, StatusBadge } from './media-tile.tsx'
import { UploadPanel } from './upload-panel.tsx'

export interface MediaManagerProps {
  /** A catalogue content type, e.g. core.activity (spec 2 §7). */
  contentType: string
  objectId: number
  /** Total files the object may hold (spec 2 §5); default 20. */
  maxFiles?: number
  /** Where a plain upload form (JavaScript off) returns. */
  redirectTo: string
}

const ENDPOINT = '/resources/media'

/**
 * The media of one catalogue object (spec 2 §2 Embeddable media manager): search and filters, upload, gallery,
 * reprocess of failed or pending items, an overlay on items that are not ready, a dismissible error banner.
 */
export function MediaManager({ contentType, objectId, maxFiles = MEDIA_MAX_FILES_DEFAULT, redirectTo }: MediaManagerProps) {
  const [items, setItems] = useState<MediaDto[]>([])
  const [total, setTotal] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [filters, setFilters] = useState({ search: '', type: 'all', status: 'all' })
  const debounce = useRef<ReturnType<typeof setTimeout>>()

  const load = useCallback(async () => {
    const params = new URLSearchParams({ content_type: contentType, object_id: String(objectId), ...filters })
    try {
      const res = await fetchWithRetry(`${ENDPOINT}?${params}`, { headers: { Accept: 'application/json' } })
      if (!res.ok) throw new Error()
      const page = (await res.json()) as { count: number; results: MediaDto[] }
      setItems(page.results)
      if (filters.search === '' && filters.type === 'all' && filters.status === 'all') setTotal(page.count)
    } catch {
      setError(MEDIA_MESSAGES.loadFailed)
    }
  }, [contentType, objectId, filters])

  useEffect(() => {
    clearTimeout(debounce.current)
    debounce.current = setTimeout(() => void load(), 300)
    return () => clearTimeout(debounce.current)
  }, [load])

  // Follow items through processing.
  const waiting = items.some((m) => m.status === 'pending' || m.status === 'processing')
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => void load(), 2000)
    return () => clearInterval(timer)
  }, [waiting, load])

  async function post(intent: 'reprocess' | 'delete', id: number, failed: string) {
    const body = new FormData()
    body.set('intent', intent)
    body.set('id', String(id))
    const res = await fetch(ENDPOINT, { method: 'POST', body, headers: { Accept: 'application/json' } }).catch(() => null)
    if (!res?.ok) setError(failed)
    await load()
  }

  return (
    <Stack gap="md" data-testid="media-manager">
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      )}
      <UploadPanel
        fields={{ content_type: contentType, object_id: String(objectId) }}
        redirectTo={redirectTo}
        check={(files) => (total + files.length > maxFiles ? MEDIA_MESSAGES.tooManyFiles(maxFiles) : null)}
        onRefused={setError}
        onDone={({ uploaded, failed }) => {
          const message = MEDIA_MESSAGES.uploadedEmbedded(uploaded, failed)
          if (failed) setError(message)
          else notify.success(message)
          void load()
        }}
      />
      <Group align="flex-end" gap="sm">
        <TextInput label="Search" value={filters.search} onChange={(e) => setFilters({ ...filters, search: e.currentTarget.value })} style={{ flex: 1 }} />
        <NativeSelect
          label="Type"
          value={filters.type}
          onChange={(e) => setFilters({ ...filters, type: e.currentTarget.value })}
          data={[{ value: 'all', label: 'All types' }, { value: 'photo', label: 'Photos' }, { value: 'video', label: 'Videos' }]}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.currentTarget.value })}
          data={[{ value: 'all', label: 'All statuses' }, { value: 'ready', label: 'Ready' }, { value: 'processing', label: 'Processing' }, { value: 'failed', label: 'Failed' }]}
        />
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">No media yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {items.map((item) => (
            <Card key={item.id} withBorder padding={0} radius="md" data-status={item.status}>
              <MediaThumb item={item} height={120} />
              <Stack gap={4} p="xs">
                <Text size="xs" fw={600} lineClamp={1}>{item.title || item.original_filename}</Text>
                <Group gap={6} justify="space-between">
                  <StatusBadge status={item.status} />
                  <Group gap={4}>
                    {(item.status === 'failed' || item.status === 'pending') && (
                      <Button size="compact-xs" variant="light" onClick={() => void post('reprocess', item.id, MEDIA_MESSAGES.reprocessFailed)}>
                        Reprocess
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => window.confirm(MEDIA_MESSAGES.confirmDelete) && void post('delete', item.id, MEDIA_MESSAGES.deleteFailed)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
