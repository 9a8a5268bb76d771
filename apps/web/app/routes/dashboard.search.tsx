import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { searchEverything } from '@meridian/core'
import { IconArrowRight, IconSearch } from '../components/shell/icons.tsx'
import { SEARCH_PLACEHOLDER } from '../components/shell/header-search.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `“${data.q}” · Search · Meridian Travel` : 'Search & Discovery · Meridian Travel' },
]

/** The header search's full results (its target without JavaScript). Discovery of the catalogue comes later. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
  return { q, hits: q ? await searchEverything(ctx, { q, limit: 20 }) : [] }
}

const TYPE_LABELS = { page: 'Page', user: 'User', quiz: 'Quiz' } as const

export default function SearchPage() {
  const { q, hits } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/dashboard/search'

  return (
    <Container size="lg" px={0}>
      <PageHeader
        title="Search & Discovery"
        description="Find screens, people and quiz submissions you have access to. Destination and activity discovery with filters and recommendations will follow."
      />
      <Form method="get" role="search" aria-label="Search everything">
        <Group align="flex-end" gap="sm" mb="xl" wrap="nowrap">
          <TextInput
            key={q}
            type="search"
            name="q"
            label="Search"
            placeholder={SEARCH_PLACEHOLDER}
            defaultValue={q}
            maxLength={100}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={searching}>
            Search
          </Button>
        </Group>
      </Form>

      {q ? (
        <section aria-labelledby="search-results-heading">
          <Text id="search-results-heading" fw={600} mb="sm">
            {hits.length === 0
              ? `No results for “${q}”`
              : `${hits.length} ${hits.length === 1 ? 'result' : 'results'} for “${q}”`}
          </Text>
          {hits.length === 0 ? (
            <Text c="dimmed" size="sm">
              {q.length < 2 ? 'Type at least two characters.' : 'Try another word, or check the spelling.'}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {hits.map((hit) => (
                <li key={`${hit.type}:${hit.id}`}>
                  <Paper withBorder radius="md" p="md">
                    <Group justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={hit.url} fw={600}>
                          {hit.title}
                        </Anchor>
                        <Text size="sm" c="dimmed" truncate>
                          {hit.subtitle}
                        </Text>
                      </div>
                      <Group gap="sm" wrap="nowrap">
                        <Badge variant="light" color="gray">
                          {TYPE_LABELS[hit.type]}
                        </Badge>
                        <IconArrowRight size={16} />
                      </Group>
                    </Group>
                  </Paper>
                </li>
              ))}
            </Stack>
          )}
        </section>
      ) : (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconSearch size={24} />
            </ThemeIcon>
            <Text c="dimmed" size="sm" ta="center">
              Type a word above, for example a screen name or a person.
            </Text>
          </Stack>
        </Paper>
      )}
    </Container>
  )
}
