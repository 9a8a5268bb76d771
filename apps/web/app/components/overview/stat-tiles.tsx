import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import type { StatTile } from '@meridian/core'
import {
  IconChartBar,
  IconChecklist,
  IconClipboard,
  IconGauge,
  IconListCheck,
  IconShield,
  IconUserCircle,
  IconUsers,
} from '../shell/icons.tsx'
import classes from './overview.module.css'

const ICONS: Record<string, { icon: (p: { size?: number }) => React.JSX.Element; color: string }> = {
  total_users: { icon: IconUsers, color: 'teal' },
  active_sessions: { icon: IconShield, color: 'blue' },
  my_sessions: { icon: IconShield, color: 'blue' },
  pending_quizzes: { icon: IconChecklist, color: 'orange' },
  reviewed_today: { icon: IconListCheck, color: 'teal' },
  average_score: { icon: IconChartBar, color: 'violet' },
  staff_users: { icon: IconUserCircle, color: 'grape' },
  experts: { icon: IconUserCircle, color: 'grape' },
  travelers: { icon: IconUsers, color: 'teal' },
  my_travelers: { icon: IconUsers, color: 'teal' },
  my_new_assignments: { icon: IconClipboard, color: 'orange' },
  updates_week: { icon: IconGauge, color: 'cyan' },
  quiz_status: { icon: IconChecklist, color: 'orange' },
  my_quizzes: { icon: IconClipboard, color: 'cyan' },
  my_expert: { icon: IconUserCircle, color: 'grape' },
}

/** The four role-specific figures (3-back-office.md §2.7), from the database. */
export function StatTiles({ stats }: { stats: StatTile[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {stats.map((stat) => {
        const look = ICONS[stat.key] ?? { icon: IconGauge, color: 'teal' }
        const Icon = look.icon
        return (
          <Paper key={stat.key} withBorder radius="md" p="md" className={classes.tile} data-testid={`stat-${stat.key}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed" fw={600} data-role="label">
                  {stat.label}
                </Text>
                <Text
                  className={classes.tileValue}
                  data-text={typeof stat.value === 'string' || undefined}
                  mt={4}
                  data-role="value"
                >
                  {typeof stat.value === 'number' ? stat.value.toLocaleString('en-US') : stat.value}
                </Text>
              </div>
              <ThemeIcon variant="light" color={look.color} size={40} radius="md">
                <Icon size={20} />
              </ThemeIcon>
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {stat.hint}
            </Text>
          </Paper>
        )
      })}
    </SimpleGrid>
  )
}
