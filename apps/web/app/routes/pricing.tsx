import { Anchor, Badge, Box, Button, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconBolt, IconCheck, IconClock, IconRocket } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'

export const meta: MetaFunction = () => [{ title: 'Pricing · Meridian Travel' }]

/** The priority levels of a trip request (spec 1 §9): display text only. */
const LEVELS = [
  { key: 'standard', name: 'Standard', turnaround: '7-14 days', price: 'Free', icon: IconClock, note: 'For trips planned well ahead.' },
  { key: 'priority', name: 'Priority', turnaround: '2-3 days', price: '+$99', icon: IconRocket, note: 'When the dates are getting close.', featured: true },
  { key: 'urgent', name: 'Urgent', turnaround: '24 hours', price: '+$299', icon: IconBolt, note: 'For last-minute departures.' },
] as const

const INCLUDED = ['A matched, verified travel expert', 'A day-by-day itinerary', 'Chat with your expert', 'Bookings and payments in one place']

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  return { page }
}

export default function Pricing() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Pricing" title="Plan at the pace you need">
        <Text size="lg" c="dimmed">
          Planning is free at the standard pace. When you request a trip, choose how quickly your expert delivers the
          plan; the trip itself is priced when you book.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {LEVELS.map((level) => (
              <Paper
                key={level.key}
                withBorder
                radius="lg"
                p="xl"
                className={classes.card}
                data-testid={`priority-${level.key}`}
                style={'featured' in level ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
              >
                <Stack gap="sm">
                  <span className={classes.iconTile}>
                    <level.icon size={24} />
                  </span>
                  <Title order={2} size="h3">
                    {level.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {level.note}
                  </Text>
                  <Text fz={40} fw={800} lh={1.1}>
                    {level.price}
                  </Text>
                  <Badge variant="light" size="lg" radius="sm" tt="none" w="fit-content">
                    Plan delivered in {level.turnaround}
                  </Badge>
                  <List
                    mt="sm"
                    spacing={6}
                    size="sm"
                    icon={
                      <ThemeIcon size={20} radius="xl" variant="light">
                        <IconCheck size={12} strokeWidth={2.6} />
                      </ThemeIcon>
                    }
                  >
                    {INCLUDED.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Text ta="center" c="dimmed" mt={40}>
            Not sure yet?{' '}
            <Anchor component={Link} to="/onboarding-quiz" underline="always">
              Take the quiz
            </Anchor>{' '}
            first: it is free and takes a minute.
          </Text>
          <Stack align="center" mt="md">
            <Button component={Link} to="/onboarding-quiz" size="md">
              Start Your Journey
            </Button>
          </Stack>
        </Container>
      </Box>
    </PublicShell>
  )
}
