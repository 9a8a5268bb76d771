import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Dashboard · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request, context)
  return {
    user: {
      username: actor.username,
      firstName: actor.firstName,
      role: actor.role,
      roleLabel: ROLE_DISPLAY_NAMES[actor.role],
    },
  }
}

export default function Overview() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <Container size="lg" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={1}>Welcome back, {user.firstName || user.username}!</Title>
            <Form method="post" action="/logout">
              <Button type="submit" variant="light" color="gray">
                Sign out
              </Button>
            </Form>
          </Group>
          <Group gap="xs">
            <Badge data-testid="role-label" variant="light">
              {user.roleLabel}
            </Badge>
            <Text c="dimmed" size="sm">
              Signed in as @{user.username}
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Container>
  )
}
