import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { SearchHit } from '@meridian/core'
import { TYPE_LABELS } from '../shell/header-search.tsx'
import { IconArrowRight } from '../shell/icons.tsx'

/** For words typed: the screens, people and quizzes the header search finds. */
export function ScreensAndPeople({ hits }: { hits: SearchHit[] }) {
  return (
    <section aria-labelledby="screens-heading">
      <Title order={2} size="h4" id="screens-heading" mb="sm">
        Screens and people
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {hits.map((hit) => (
          <li key={`${hit.type}:${hit.id}`}>
            <Paper withBorder radius="md" p="sm">
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
                    {TYPE_LABELS[hit.type as keyof typeof TYPE_LABELS]}
                  </Badge>
                  <IconArrowRight size={16} />
                </Group>
              </Group>
            </Paper>
          </li>
        ))}
      </Stack>
    </section>
  )
}
