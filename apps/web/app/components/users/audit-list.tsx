import { Stack, Text } from '@mantine/core'
import type { AuditEntryDto } from '@meridian/core'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** Who changed what about a user, when and from where. */
export function AuditList({ entries }: { entries: AuditEntryDto[] }) {
  return (
    <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Changes to this user">
      {entries.map((e) => (
        <li key={e.id}>
          <Text size="sm">{e.summary}</Text>
          <Text size="xs" c="dimmed">
            {when(e.created_at)}
            {e.ip_address ? ` · from ${e.ip_address}` : ''}
          </Text>
        </li>
      ))}
    </Stack>
  )
}
