import { Badge, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { NavIcon } from './nav-icons.tsx'

/** The heading block every dashboard page starts with. */
export function PageHeader({ title, description, children }: { title: string; description: string; children?: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="xl" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={720}>
          {description}
        </Text>
      </Stack>
      {children}
    </Group>
  )
}

/**
 * A screen of the route table whose feature is not built yet: its title and one line about what it will hold. It
 * shows no sample data and has no buttons.
 */
export function PlaceholderPage({ title, description, icon }: { title: string; description: string; icon: string }) {
  return (
    <Container size="lg" px={0}>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light">
            <NavIcon to={icon} size={28} />
          </ThemeIcon>
          <Badge variant="light" color="gray">
            Coming soon
          </Badge>
          <Text c="dimmed" size="sm" ta="center" maw={440}>
            This screen is being built. It will appear here as soon as it is ready.
          </Text>
        </Stack>
      </Paper>
    </Container>
  )
}
