import { ActionIcon, AppShell, Box, Burger, Button, Text } from '@mantine/core'
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks'
import { Link, useLocation, useSubmit } from '@remix-run/react'
import { useEffect } from 'react'
import type { Preferences } from '@meridian/validators'
import { HeaderSearch } from './header-search.tsx'
import { IconLogo, IconMessagePlus, IconPlus, IconSearch } from './icons.tsx'
import { LiveEventsProvider } from './live-events.tsx'
import { type BellData, NotificationsMenu } from './notifications-menu.tsx'
import classes from './shell.module.css'
import { type ShellNavSection, Sidebar } from './sidebar.tsx'
import { SavedThemeScript, ThemeSwitch } from './theme-switch.tsx'
import { type ShellUser, UserMenu } from './user-menu.tsx'

export interface ShellData {
  user: ShellUser
  navigation: ShellNavSection[]
  preferences: Preferences
  /** The bell; null when the user turned notifications off. */
  notifications: BellData | null
  showPlanTrip: boolean
  showNewChat: boolean
}

/** The dashboard frame (1-platform-core.md §2 Dashboard shell): header, role-filtered sidebar, page. */
export function DashboardShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false)
  const location = useLocation()
  const submit = useSubmit()
  // Below Mantine's sm breakpoint the closed sidebar is only moved off screen: keep it out of the tab order too.
  const narrow = useMediaQuery('(max-width: 47.99em)')
  const offscreen = narrow && !navOpened ? { inert: '' } : {}

  useEffect(() => closeNav(), [location.pathname, location.hash, closeNav])

  // Ctrl/Cmd+Shift+L signs out from anywhere, typing in a field included.
  useHotkeys([['mod+shift+L', () => submit(null, { method: 'post', action: '/logout' })]], [])

  return (
    <LiveEventsProvider>
      <SavedThemeScript theme={data.preferences.theme} />
      <AppShell header={{ height: 64 }} navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="lg">
        <AppShell.Header>
          <div className={classes.header}>
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Link to="/dashboard/overview" className={classes.brand} aria-label="Meridian Travel, dashboard home">
              <span className={classes.brandMark}>
                <IconLogo size={20} />
              </span>
              <Text component="span" fw={700} size="lg" visibleFrom="xs">
                Meridian Travel
              </Text>
            </Link>
            <Box className={classes.search} visibleFrom="sm">
              <HeaderSearch />
            </Box>
            <div className={classes.actions}>
              <ActionIcon
                component={Link}
                to="/dashboard/search"
                variant="default"
                size="lg"
                radius="md"
                hiddenFrom="sm"
                aria-label="Search"
              >
                <IconSearch size={18} />
              </ActionIcon>
              {data.showPlanTrip ? (
                <HeaderAction to="/dashboard/book-trip" label="Plan Trip" icon={<IconPlus size={16} />} />
              ) : null}
              {data.showNewChat ? (
                <HeaderAction to="/dashboard/chat/new" label="New Chat" icon={<IconMessagePlus size={16} />} />
              ) : null}
              <ThemeSwitch theme={data.preferences.theme} />
              <NotificationsMenu initial={data.notifications} enabled={data.preferences.notifications} />
              <UserMenu user={data.user} />
            </div>
          </div>
        </AppShell.Header>

        <AppShell.Navbar {...offscreen}>
          <Sidebar navigation={data.navigation} collapsedSections={data.preferences.collapsed_sections} onNavigate={closeNav} />
        </AppShell.Navbar>

        <AppShell.Main className={classes.main}>{children}</AppShell.Main>
      </AppShell>
    </LiveEventsProvider>
  )
}

/** A labelled button in the header; on narrow screens an icon with the same accessible name. */
function HeaderAction({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) {
  return (
    <>
      <Button component={Link} to={to} leftSection={icon} radius="md" visibleFrom="md">
        {label}
      </Button>
      <ActionIcon component={Link} to={to} size="lg" radius="md" hiddenFrom="md" aria-label={label}>
        {icon}
      </ActionIcon>
    </>
  )
}
