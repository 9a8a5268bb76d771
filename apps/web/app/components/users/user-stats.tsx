import { Group, Paper, Progress, SimpleGrid, Text, Title } from '@mantine/core'
import type { UserStats } from '@meridian/core'
import { roleLabel, USER_ROLE_COLORS } from './role-badge.tsx'

/** Total Users, Active Users, Staff Members, Roles. */
export function StatsCards({ stats }: { stats: UserStats }) {
  const cards = [
    { label: 'Total Users', value: stats.total },
    { label: 'Active Users', value: stats.active },
    { label: 'Staff Members', value: stats.staff },
    { label: 'Roles', value: stats.roles },
  ]
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fz={28} fw={700}>
            {card.value.toLocaleString('en-US')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

/** How many users hold each role, as bars. */
export function RoleDistribution({ stats }: { stats: UserStats }) {
  const entries = Object.entries(stats.by_role)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="role-distribution">
      <Title order={2} size="h5" id="role-distribution" mb="sm">
        Role Distribution
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="xs">
        {entries.map(([name, role]) => {
          const share = stats.total ? (role.count / stats.total) * 100 : 0
          return (
            <div key={name}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{roleLabel({ name, display_name: role.display_name })}</Text>
                <Text size="sm" c="dimmed">
                  {role.count.toLocaleString('en-US')}
                </Text>
              </Group>
              <Progress value={share} color={USER_ROLE_COLORS[name] ?? 'gray'} size="sm" aria-label={`${name} share`} />
            </div>
          )
        })}
      </SimpleGrid>
    </Paper>
  )
}
