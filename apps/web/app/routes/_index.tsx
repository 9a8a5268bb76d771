import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { dashboardPathForRole } from '@meridian/auth/permissions'
import { getActor } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Meridian Travel · AI-Powered Travel Planning' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await getActor(request, context)
  return { dashboard: dashboardPathForRole(actor?.role), firstName: actor ? actor.firstName || 'Account' : null }
}

export default function Landing() {
  const { dashboard, firstName } = useLoaderData<typeof loader>()
  return (
    <Container size="md" py={120}>
      <Stack align="center" ta="center">
        <Text c="teal" fw={600}>
          AI-Powered Travel Planning
        </Text>
        <Title order={1}>Your next journey, planned with an expert</Title>
        <Text c="dimmed" maw={560}>
          Take a short quiz, get matched with a verified travel expert, and watch your day-by-day itinerary come together.
        </Text>
        <Group>
          <Button component={Link} to="/onboarding-quiz" size="md">
            Start Your Journey
          </Button>
          {firstName ? (
            <Button component={Link} to={dashboard} variant="default" size="md">
              Dashboard
            </Button>
          ) : (
            <Button component={Link} to="/login" variant="default" size="md">
              Sign In
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  )
}
