import { Box, Button, Container, Group, Text } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconArrowRight } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'
import { WalkthroughGrid } from '../components/public/walkthrough.tsx'

export const meta: MetaFunction = () => [{ title: 'How It Works · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  return { page }
}

export default function HowItWorks() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="How it works" title="Quiz, match, plan, book">
        <Text size="lg" c="dimmed">
          Four steps from a first idea to a trip planned around you, with a real person at every step.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <WalkthroughGrid detailed />
          <Group justify="center" mt={48}>
            <Button component={Link} to="/onboarding-quiz" size="lg" rightSection={<IconArrowRight size={18} />}>
              Start Your Journey
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="default">
              See pricing
            </Button>
          </Group>
        </Container>
      </Box>
    </PublicShell>
  )
}
