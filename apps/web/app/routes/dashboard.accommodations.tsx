import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { IconAlert, IconArrowRight, IconHome } from '../components/shell/icons.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Accommodation Management · Meridian Travel' }]

/**
 * Any signed-in role. A visitor is sent to sign in, where the spec's 'Authentication Required / Please log in to
 * access this page.' is shown (utils/login-reason.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

/**
 * Only the notice of 2-catalogue-content.md Accommodation Management: the legacy system is gone, and the two buttons.
 * Places to stay are requested from a destination's page (docs/bookings.md "Accommodations").
 */
export default function AccommodationsPage() {
  return (
    <Container size="lg" px={0}>
      <PageHeader title="Accommodation Management" description="The legacy accommodation system is no longer part of the platform." />
      <Alert
        variant="light"
        color="yellow"
        radius="lg"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        icon={<IconAlert size={20} />}
        title="Legacy accommodation system removed"
      >
        <Stack gap="md">
          <Text size="sm">The legacy accommodation system, villa types and meal plans have been removed, and their data has been purged.</Text>
          <Group gap="sm">
            <Button component={Link} to="/dashboard" variant="default" leftSection={<IconHome size={16} />}>
              Back to Dashboard
            </Button>
            <Button component={Link} to="/dashboard/destinations" rightSection={<IconArrowRight size={16} />}>
              Browse Destinations
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  )
}
