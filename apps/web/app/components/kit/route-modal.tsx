import { Anchor, Group, Modal, Paper, Stack, Title } from '@mantine/core'
import { Link, useNavigate } from '@remix-run/react'
import { useHydrated } from '../shell/use-hydrated.ts'

/**
 * A modal that is a route of its own (add, edit, view, delete): closing it goes back to the list. Without
 * JavaScript (and until hydration) it is drawn in the page as a panel with a Close link, so forms still work.
 */
export function RouteModal({
  title,
  closeTo,
  size = 'lg',
  children,
}: {
  title: string
  closeTo: string
  size?: string
  children: React.ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  if (hydrated) {
    return (
      <Modal
        opened
        onClose={() => navigate(closeTo, { preventScrollReset: true })}
        title={title}
        size={size}
        centered
        styles={{ content: { maxHeight: '90vh' }, title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {children}
      </Modal>
    )
  }
  return (
    <Paper withBorder shadow="md" radius="md" p="lg" my="lg" role="dialog" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Anchor component={Link} to={closeTo}>
            Close
          </Anchor>
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
