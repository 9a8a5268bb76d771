import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { RoleName } from '@meridian/auth/permissions'
import { ROLE_COLORS } from '../shell/role-colors.ts'
import { IconCalendar } from '../shell/icons.tsx'
import classes from './overview.module.css'
import { formatClock } from './use-now.ts'

export interface WelcomeUser {
  username: string
  firstName: string
  role: RoleName
  roleLabel: string
}

/** The greeting of 3-back-office.md §2.7: first name else username, the role label, and the live date and time. */
export function WelcomeHeader({ user, now, live }: { user: WelcomeUser; now: Date; live: boolean }) {
  return (
    <Paper className={classes.welcome} radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={1} className={classes.welcomeTitle}>
          Welcome back, {user.firstName.trim() || user.username}!
        </Title>
        <Group gap="sm" wrap="wrap">
          <Badge
            data-testid="role-label"
            color={ROLE_COLORS[user.role]}
            variant="dot"
            size="lg"
            radius="sm"
            className={classes.roleBadge}
          >
            {user.roleLabel}
          </Badge>
          <Group gap={6} className={classes.clock}>
            <IconCalendar size={16} />
            <Text component="time" dateTime={now.toISOString()} size="sm" data-testid="current-time">
              {formatClock(now, live)}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  )
}
