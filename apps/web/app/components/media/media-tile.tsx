import { Badge, Box, Card, Checkbox, Group, Image, Loader, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { MediaDto } from '@meridian/core'
import { IconPhoto } from '../shell/icons.tsx'

export const STATUS_COLORS: Record<MediaDto['status'], string> = { ready: 'teal', processing: 'blue', pending: 'yellow', failed: 'red' }
const STATUS_LABELS: Record<MediaDto['status'], string> = { ready: 'Ready', processing: 'Processing', pending: 'Pending', failed: 'Failed' }

export function StatusBadge({ status }: { status: MediaDto['status'] }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  )
}

export const formatSize = (mb: number) => (mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(mb * 1024))} KB`)

/** The picture of an item, or an overlay that says why there is none yet (spec 2 §4: non-ready items show one). */
export function MediaThumb({ item, height = 160 }: { item: MediaDto; height?: number }) {
  const src = item.thumbnail_url
  return (
    <Box pos="relative" h={height} bg="var(--mantine-color-default-hover)" style={{ overflow: 'hidden' }}>
      {src ? (
        <Image src={src} alt={item.title || item.original_filename} h={height} fit="cover" loading="lazy" />
      ) : (
        <Group h="100%" justify="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconPhoto size={26} />
          </ThemeIcon>
        </Group>
      )}
      {item.status !== 'ready' && (
        <Stack
          data-testid="media-overlay"
          pos="absolute"
          inset={0}
          align="center"
          justify="center"
          gap={6}
          style={{ background: 'rgba(0,0,0,0.55)', color: 'white' }}
        >
          {item.status === 'failed' ? null : <Loader size="sm" color="white" />}
          <Text size="sm" fw={600} c="white">
            {STATUS_LABELS[item.status]}
          </Text>
          {item.failure_reason && (
            <Text size="xs" c="white" ta="center" px="sm" lineClamp={2}>
              {item.failure_reason}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  )
}

interface TileProps {
  item: MediaDto
  selected: boolean
  onSelect(id: number, selected: boolean): void
  /** Search of the list page, kept when a modal opens and closes. */
  search: string
}

const detailLink = (id: number, search: string, edit = false) => {
  const params = new URLSearchParams(search)
  if (edit) params.set('mode', 'edit')
  else params.delete('mode')
  const query = params.toString()
  return `/dashboard/media/${id}${query ? `?${query}` : ''}`
}

export function MediaCard({ item, selected, onSelect, search }: TileProps) {
  const label = item.title || item.original_filename
  return (
    <Card withBorder radius="md" padding={0} data-testid="media-card" data-status={item.status}>
      <Link to={detailLink(item.id, search)} aria-label={`View ${label}`} prefetch="none">
        <MediaThumb item={item} />
      </Link>
      <Stack gap={6} p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Checkbox
            form="media-bulk"
            name="ids"
            value={String(item.id)}
            checked={selected}
            onChange={(e) => onSelect(item.id, e.currentTarget.checked)}
            aria-label={`Select ${label}`}
          />
          <Text fw={600} size="sm" lineClamp={1} style={{ flex: 1 }} title={label}>
            {label}
          </Text>
          {item.is_featured && (
            <Tooltip label="Featured">
              <Badge size="xs" color="orange" variant="filled">
                ★
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Group gap={6}>
          <Badge size="sm" variant="outline" color={item.media_type === 'photo' ? 'indigo' : 'grape'}>
            {item.media_type === 'photo' ? 'Photo' : 'Video'}
          </Badge>
          <StatusBadge status={item.status} />
          <Text size="xs" c="dimmed">
            {formatSize(item.file_size_mb)}
          </Text>
        </Group>
        <Group gap="md">
          <Text component={Link} to={detailLink(item.id, search)} size="sm" c="blue">
            View
          </Text>
          <Text component={Link} to={detailLink(item.id, search, true)} size="sm" c="blue">
            Edit
          </Text>
        </Group>
      </Stack>
    </Card>
  )
}

export function MediaTable({ items, selected, onSelect, search }: { items: MediaDto[]; selected: Set<number>; onSelect: TileProps['onSelect']; search: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th w={72}>Preview</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const label = item.title || item.original_filename
            return (
              <Table.Tr key={item.id} data-testid="media-row" data-status={item.status}>
                <Table.Td>
                  <Checkbox
                    form="media-bulk"
                    name="ids"
                    value={String(item.id)}
                    checked={selected.has(item.id)}
                    onChange={(e) => onSelect(item.id, e.currentTarget.checked)}
                    aria-label={`Select ${label}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Box w={64}>
                    <MediaThumb item={item} height={44} />
                  </Box>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label} {item.is_featured ? '★' : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{item.media_type === 'photo' ? 'Photo' : 'Video'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={item.status} />
                </Table.Td>
                <Table.Td>{formatSize(item.file_size_mb)}</Table.Td>
                <Table.Td>{item.order}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Text component={Link} to={detailLink(item.id, search)} size="sm" c="blue">
                      View
                    </Text>
                    <Text component={Link} to={detailLink(item.id, search, true)} size="sm" c="blue">
                      Edit
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
