import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconArrowRight, IconMapPin } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'

export const meta: MetaFunction = () => [{ title: 'Destinations · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  return { page }
}

export default function Destinations() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Destinations" title="Explore destinations">
        <Text size="lg" c="dimmed">
          Beaches, capitals, mountains and islands, each planned by an expert who knows the place.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
            <Group align="flex-start" wrap="nowrap" gap="lg">
              <span className={classes.iconTile}>
                <IconMapPin size={24} />
              </span>
              <Stack gap="sm">
                <Title order={2} size="h3">
                  Our destination guide is on its way
                </Title>
                <Text c="dimmed" maw={640}>
                  We are putting together the destinations our experts recommend most. Until they appear here, the
                  quickest way to find yours is the quiz: your answers point your expert to places that fit your style,
                  budget and company.
                </Text>
                <Group mt="sm">
                  <Button component={Link} to="/onboarding-quiz" rightSection={<IconArrowRight size={16} />}>
                    Take the Quiz Now
                  </Button>
                  <Button component={Link} to="/experts" variant="default">
                    Meet our experts
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Paper>
        </Container>
      </Box>
    </PublicShell>
  )
}
