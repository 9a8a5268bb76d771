import { Anchor, Badge, Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { getDestination, serviceContext } from '@meridian/core'
import { DESTINATION_CATEGORY_LABELS, type DestinationCategory, LOCATION_TYPE_LABELS, type LocationType } from '@meridian/validators/catalogue-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { IconArrowRight, IconChevronLeft } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'
import { requestInfo } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.destination.name} · Destinations · Meridian Travel` : 'Destinations · Meridian Travel' },
]

/**
 * One active destination's public page (its own page, not nested in the list: destinations_.$id). An unknown or inactive id is the
 * not-found screen (getDestination answers not_found for both).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, actor } = await loadPublicPage(request, context)
  const ctx = serviceContext(context.app, actor, requestInfo(request))
  const d = await getDestination(ctx, params.id).catch(notFoundResponse)
  const sections: [title: string, text: string][] = [
    ['Why visit', d.why_visit],
    ['Highlights', d.highlights],
    ['Best time to visit', d.best_time_to_visit],
    ['Visa requirements', d.visa_requirements],
    ['Entry requirements', d.entry_requirements],
    ['Safety', d.safety_info],
    ['Health', d.health_requirements],
    ['Local customs', d.local_customs],
    ['Tipping', d.tipping_guide],
    ['Getting around', d.transportation_overview],
  ]
  return {
    page,
    destination: {
      name: d.name,
      continent: d.continent,
      capital: d.capital,
      currency: d.currency,
      language: d.language,
      category: d.destination_category ? DESTINATION_CATEGORY_LABELS[d.destination_category as DestinationCategory] : null,
      sections: sections.filter(([, text]) => text.trim()),
      airports: d.main_airports,
      placesCount: d.locations_count,
      places: d.locations.map((l) => ({ id: l.id, name: l.name, type: LOCATION_TYPE_LABELS[l.location_type as LocationType] ?? l.location_type })),
    },
  }
}

function Fact({ label, value }: { label: string; value: string }) {
  if (!value) return null
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  )
}

export default function DestinationPage() {
  const { page, destination: d } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <PublicShell page={page}>
      <PageHead eyebrow={d.continent} title={d.name}>
        {d.category ? (
          <Badge variant="light" size="lg" tt="none" w="fit-content">
            {d.category}
          </Badge>
        ) : null}
        <Group gap="sm" mt="xs">
          <Button component={Link} to="/onboarding-quiz" rightSection={<IconArrowRight size={16} />}>
            Plan a trip here
          </Button>
          <Anchor component={Link} to={`/destinations${search}`} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconChevronLeft size={16} />
              Back to destinations
            </Group>
          </Anchor>
        </Group>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <Stack gap="xl">
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="destination-facts">
              <Fact label="Continent" value={d.continent} />
              <Fact label="Capital" value={d.capital} />
              <Fact label="Currency" value={d.currency} />
              <Fact label="Language" value={d.language} />
            </SimpleGrid>
            {d.sections.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                {d.sections.map(([title, text]) => (
                  <section key={title}>
                    <Title order={2} size="h4" mb={4}>
                      {title}
                    </Title>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
                  </section>
                ))}
              </SimpleGrid>
            ) : null}
            {d.airports.length ? (
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  Main airports:
                </Text>
                {d.airports.map((a) => (
                  <Badge key={a} variant="light" tt="none">
                    {a}
                  </Badge>
                ))}
              </Group>
            ) : null}
            <section>
              <Title order={2} size="h4" mb="xs">
                Places to visit ({d.placesCount})
              </Title>
              {d.places.length ? (
                <List spacing={4} data-testid="destination-places">
                  {d.places.map((p) => (
                    <List.Item key={p.id}>
                      {p.name}{' '}
                      <Text span c="dimmed" size="sm">
                        {p.type}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">No places listed yet.</Text>
              )}
            </section>
          </Stack>
        </Container>
      </Box>
    </PublicShell>
  )
}
