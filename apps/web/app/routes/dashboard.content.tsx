import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { AccessDenied } from '../components/kit/banners.tsx'
import { IconArrowRight, IconCompass, IconFiles, IconPhoto, IconWorld } from '../components/shell/icons.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Content Management · Meridian Travel' }]

/** For those who may open one of its areas; each card shows to those its screen opens for (screen-access.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/content')) return data({ denied: true as const, areas: [] as string[] }, { status: 403 })
  return { denied: false as const, areas: AREAS.filter((area) => mayOpen(actor, area.to)).map((area) => area.to) }
}

const AREAS = [
  {
    title: 'Activities',
    description: 'Experiences with tiered pricing, schedules and supplier connections.',
    to: '/dashboard/activity-management' as const,
    Icon: IconCompass,
  },
  { title: 'Media', description: 'Photos and videos for destinations and activities.', to: '/dashboard/media' as const, Icon: IconPhoto },
  {
    title: 'Destinations',
    description: 'Countries and the places travelers can visit in them.',
    to: '/dashboard/destination-management' as const,
    Icon: IconWorld,
  },
]

/** Not built yet; listed as information, never as something to click (3-back-office.md §2.1). */
const COMING_SOON = [
  { title: 'Travel Guides', description: 'Long-form guides to destinations.' },
  { title: 'Blog Posts', description: 'Stories and news for travelers.' },
  { title: 'Newsletters', description: 'Updates sent to subscribed travelers.' },
]

export default function ContentPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.denied) return <AccessDenied title="Access Denied" message={STATUS_MESSAGES[403]} />
  const open = new Set<string>(loaded.areas)
  return (
    <Container size="lg" px={0}>
      <PageHeader title="Content Management" description="Manage what travelers see: activities, media and destinations." />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {AREAS.filter((area) => open.has(area.to)).map(({ title, description, to, Icon }) => (
          <Card key={to} component={Link} to={to} withBorder radius="lg" padding="lg">
            <Stack gap="sm">
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} />
              </ThemeIcon>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{title}</Text>
                <IconArrowRight size={16} />
              </Group>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Title order={2} size="h4" mt={40} mb="md">
        Planned
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {COMING_SOON.map(({ title, description }) => (
          <Card key={title} withBorder radius="lg" padding="lg" style={{ borderStyle: 'dashed' }}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" color="gray">
                  <IconFiles size={24} />
                </ThemeIcon>
                <Badge variant="light" color="gray">
                  Coming Soon
                </Badge>
              </Group>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  )
}
