import { Avatar, Box, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { Link, useSubmit } from '@remix-run/react'
import type { RoleName } from '@meridian/auth/permissions'
import { IconChevronDown, IconLogout, IconSettings, IconShield } from './icons.tsx'
import { ROLE_COLORS } from './role-colors.ts'
import classes from './shell.module.css'
import { useHydrated } from './use-hydrated.ts'

export interface ShellUser {
  firstName: string
  username: string
  role: RoleName
  roleLabel: string
}

/** The first letter of the first name, else of the username (1-platform-core.md §2). */
export const avatarLetter = (user: Pick<ShellUser, 'firstName' | 'username'>) =>
  (user.firstName.trim() || user.username).charAt(0).toUpperCase()

/** Avatar and account menu. Without JavaScript the avatar is a link to Settings. */
export function UserMenu({ user }: { user: ShellUser }) {
  const submit = useSubmit()
  // A link to Settings until JavaScript runs, then the button that opens the menu.
  const hydrated = useHydrated()
  const name = user.firstName.trim() || user.username
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          component="a"
          href="/dashboard/settings"
          className={classes.accountButton}
          role={hydrated ? 'button' : undefined}
          onClick={(event: React.MouseEvent) => event.preventDefault()}
        >
          {/* The name is built from what shows, so speech input can say what it sees ("Elena"): the words before it
              are for screen readers only, the avatar letter is decoration, and on narrow screens, where the name is
              not shown, it is read out all the same. */}
          <VisuallyHidden>Account menu for</VisuallyHidden>
          <Avatar color={ROLE_COLORS[user.role]} variant="filled" radius="xl" size={34} data-testid="user-avatar" aria-hidden>
            {avatarLetter(user)}
          </Avatar>
          <VisuallyHidden hiddenFrom="md">{name}</VisuallyHidden>
          <Box visibleFrom="md" style={{ lineHeight: 1.2 }}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.roleLabel}
            </Text>
          </Box>
          <Box visibleFrom="md" c="dimmed" style={{ display: 'flex' }}>
            <IconChevronDown size={14} />
          </Box>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            @{user.username} · {user.roleLabel}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/security" leftSection={<IconShield size={16} />}>
          Security
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => submit(null, { method: 'post', action: '/logout' })}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
