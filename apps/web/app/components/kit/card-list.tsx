import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'

/**
 * The result part of every list screen: a live count ("1 location", "1,204 locations"), then the cards in a
 * responsive grid, or the empty text when nothing matches (and no error is shown instead).
 */
export function CardList({
  count,
  noun,
  empty,
  error,
  label,
  children,
}: {
  count: number
  /** Singular and plural: ['location', 'locations']. */
  noun: readonly [string, string]
  empty: React.ReactNode
  error?: string | null
  /** The grid's accessible name. */
  label?: string
  children: React.ReactNode[]
}) {
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? `1 ${noun[0]}` : `${count.toLocaleString('en-US')} ${noun[1]}`}
      </Text>
      {children.length === 0 ? (
        error ? null : typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label={label}>
          {children}
        </SimpleGrid>
      )}
    </>
  )
}

/** An empty list's message with a hint under it (My Trips: 'No trips found'). */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: React.ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Text fw={600}>{title}</Text>
      {hint ? <Text c="dimmed" size="sm">{hint}</Text> : null}
      {children}
    </Stack>
  )
}

/** Tabs that are links (each a filtered URL, so they work without JavaScript), each with its count. */
export function LinkTabs({ tabs, label }: { label: string; tabs: { to: string; label: string; count: number; active: boolean }[] }) {
  return (
    <Group gap="xs" role="navigation" aria-label={label} wrap="wrap">
      {tabs.map((t) => (
        <Badge
          key={t.label}
          component={Link}
          to={t.to}
          preventScrollReset
          size="lg"
          radius="sm"
          variant={t.active ? 'filled' : 'light'}
          aria-current={t.active ? 'page' : undefined}
          style={{ cursor: 'pointer', textTransform: 'none' }}
          // As text: Mantine leaves out a falsy section, and a bare 0 would then fall under the label.
          rightSection={t.count.toLocaleString('en-US')}
        >
          {t.label}
        </Badge>
      ))}
    </Group>
  )
}
