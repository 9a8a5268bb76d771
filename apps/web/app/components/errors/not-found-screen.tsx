import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { STATUS_MESSAGES } from '../../utils/messages.ts'
import { CompassIcon } from './icons.tsx'

/** What a 404 thrown by a loader shows, instead of an error screen. */
export function NotFoundScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100vh' : '60vh'} p="md" data-testid="not-found">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={64} radius="xl" variant="light" color="teal">
          <CompassIcon size={32} />
        </ThemeIcon>
        <Text fw={700} c="teal" size="sm" tt="uppercase" style={{ letterSpacing: 2 }}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">{STATUS_MESSAGES[404]}</Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/dashboard/overview">
            Go to Dashboard
          </Button>
          <Button component={Link} to="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  )
}
