import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { listPublicExperts } from '@meridian/core'
import { IconArrowRight, IconUsers } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import { ExpertCard } from '../components/public/expert-card.tsx'
import classes from '../components/public/public.module.css'

export const meta: MetaFunction = () => [{ title: 'Experts · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  const experts = await listPublicExperts(context.app)
  // The public profile only: what the cards show, nothing more reaches the page.
  return {
    page,
    experts: experts.map((e) => ({
      id: e.id,
      display_name: e.display_name,
      bio: e.bio,
      countries: e.countries,
      specializations: e.specializations,
      years_experience: e.years_experience,
    })),
  }
}

export default function Experts() {
  const { page, experts } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Experts" title="Meet our travel experts">
        <Text size="lg" c="dimmed">
          Verified experts plan every Meridian trip. A specialist matches you with the one who fits your style once you
          have taken the quiz.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          {experts.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="expert-list">
              {experts.map((expert) => (
                <ExpertCard key={expert.id} expert={expert} />
              ))}
            </SimpleGrid>
          ) : (
            <Paper withBorder radius="lg" p={40} ta="center" data-testid="experts-empty">
              <Stack align="center" gap="sm">
                <span className={classes.iconTile}>
                  <IconUsers size={24} />
                </span>
                <Title order={2} size="h3">
                  Our experts are joining soon
                </Title>
                <Text c="dimmed" maw={520}>
                  No expert profiles are public yet. Take the quiz now and a specialist will match you with an expert as
                  soon as one fits your trip.
                </Text>
              </Stack>
            </Paper>
          )}
          <Group justify="center" mt={48}>
            <Button component={Link} to="/onboarding-quiz" size="md" rightSection={<IconArrowRight size={16} />}>
              Find my expert
            </Button>
          </Group>
        </Container>
      </Box>
    </PublicShell>
  )
}
