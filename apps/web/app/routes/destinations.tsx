import { Badge, Box, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { DomainError, listDestinations, serviceContext } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { CONTINENTS, DESTINATION_CATEGORY_LABELS, type DestinationCategory } from '@meridian/validators/catalogue-constants'
import { ErrorBanner } from '../components/kit/banners.tsx'
import { FilterBar, Pager } from '../components/kit/filter-bar.tsx'
import { IconArrowRight, IconMapPin } from '../components/public/icons.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PageHead, PublicShell } from '../components/public/public-shell.tsx'
import classes from '../components/public/public.module.css'
import { requestInfo } from '../utils/auth.server.ts'
import { listWindow, pageParam } from '../utils/list-window.ts'

export const meta: MetaFunction = () => [{ title: 'Destinations · Meridian Travel' }]

const BASE = '/destinations'
const PAGE_SIZE = 24
const EXCERPT = 160

/** The start of a long text, cut at a word, for a card. */
function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= EXCERPT) return flat
  const cut = flat.slice(0, EXCERPT)
  const space = cut.lastIndexOf(' ')
  return `${(space > EXCERPT / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`
}

/** The public destination list: active countries, promoted first, for visitors and signed-in users alike. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, actor } = await loadPublicPage(request, context)
  const url = new URL(request.url)
  const continent = url.searchParams.get('continent') ?? ''
  const filters = {
    search: (url.searchParams.get('search') ?? '').slice(0, 100),
    // An unknown continent in a hand-edited URL filters nothing rather than failing the page.
    continent: (CONTINENTS as readonly string[]).includes(continent) ? continent : '',
  }
  const pageNumber = pageParam(url.searchParams)
  try {
    const ctx = serviceContext(context.app, actor, requestInfo(request))
    const { count, results } = await listDestinations(ctx, filters, listWindow(url.searchParams, PAGE_SIZE))
    const cards = results.map((c) => ({
      id: c.id,
      name: c.name,
      continent: c.continent,
      capital: c.capital,
      category: c.destination_category ? DESTINATION_CATEGORY_LABELS[c.destination_category as DestinationCategory] : null,
      promoted: c.is_promoted_destination,
      whyVisit: excerpt(c.why_visit),
    }))
    return { page, list: { filters, pageNumber, count, cards, error: null } }
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[destinations] public list failed:', error)
    return { page, list: { filters, pageNumber, count: 0, cards: [], error: CATALOGUE_MESSAGES.destinationsLoadFailed } }
  }
}

function QuizInvite() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} mt={48}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <span className={classes.iconTile}>
          <IconMapPin size={24} />
        </span>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Not sure where to go?
          </Title>
          <Text c="dimmed" maw={640}>
            Take the quiz: your answers point your expert to places that fit your style, budget and company.
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
  )
}

export default function Destinations() {
  const { page, list } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const { filters, pageNumber, count, cards, error } = list
  return (
    <PublicShell page={page}>
      <PageHead eyebrow="Destinations" title="Explore destinations">
        <Text size="lg" c="dimmed">
          Beaches, capitals, mountains and islands, each planned by an expert who knows the place.
        </Text>
      </PageHead>
      <Box className={classes.section} pt={0}>
        <Container size="lg">
          <Stack gap="lg">
            <FilterBar
              search={filters.search}
              placeholder="Search destinations..."
              selects={[
                {
                  name: 'continent',
                  label: 'Continent',
                  value: filters.continent,
                  options: [{ value: '', label: 'All continents' }, ...CONTINENTS.map((c) => ({ value: c, label: c }))],
                },
              ]}
            />
            <ErrorBanner message={error} />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="destination-count">
              {count === 1 ? '1 destination' : `${count} destinations`}
            </Text>
            {cards.length === 0 && !error ? <Text c="dimmed">No destinations match these filters.</Text> : null}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {cards.map((c) => (
                <Card key={c.id} withBorder radius="md" padding="md" component="article" aria-label={c.name}>
                  <Stack gap={6} h="100%">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Title order={2} size="h4">
                        {c.name}
                      </Title>
                      {c.promoted ? (
                        <Badge variant="light" color="grape">
                          Featured
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {c.continent}
                      {c.capital ? ` · ${c.capital}` : ''}
                    </Text>
                    {c.category ? (
                      <Badge variant="light" w="fit-content" tt="none">
                        {c.category}
                      </Badge>
                    ) : null}
                    {c.whyVisit ? (
                      <Text size="sm" lineClamp={3}>
                        {c.whyVisit}
                      </Text>
                    ) : null}
                    <Group mt="auto" pt="xs">
                      <Button
                        component={Link}
                        to={`${BASE}/${c.id}${search}`}
                        size="xs"
                        variant="light"
                        rightSection={<IconArrowRight size={14} />}
                        aria-label={`Explore ${c.name}`}
                      >
                        Explore
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            <Pager
              page={pageNumber}
              pageSize={PAGE_SIZE}
              count={count}
              base={BASE}
              search={search}
            />
          </Stack>
          <QuizInvite />
        </Container>
      </Box>
    </PublicShell>
  )
}
