import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { IconAlert, IconArrowRight, IconHome } from '../components/shell/icons.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Accommodation Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

/** Only a notice (2-catalogue-content.md §2 Accommodation Management): the legacy system is gone. */
export default function AccommodationsPage() {
  return (
    <Container size="lg" px={0}>
      <PageHeader title="Accommodation Management" description="Accommodations are no longer managed in the platform." />
      <Alert
        variant="light"
        color="yellow"
        radius="lg"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        icon={<IconAlert size={20} />}
        title="The legacy accommodation system has been removed"
      >
        <Stack gap="md">
          <Text size="sm">
            Accommodations, villa types and meal plans are no longer managed here, and their data has been purged. Browse
            destinations to find places to stay.
          </Text>
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
