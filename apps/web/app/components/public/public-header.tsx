import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core'
import { Form, Link, NavLink } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  IconChevronDown,
  IconCompass,
  IconHelp,
  IconLayoutDashboard,
  IconLogout,
  IconMenu,
  IconMoon,
  IconPlane,
  IconSettings,
  IconSun,
} from './icons.tsx'
import type { PublicViewer } from './public-page.server.ts'
import classes from './public.module.css'
import { useHydrated } from './use-hydrated.ts'

export const PUBLIC_LINKS = [
  { to: '/destinations', label: 'Destinations' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/experts', label: 'Experts' },
  { to: '/pricing', label: 'Pricing' },
] as const

/** The account menu's items (spec 1 §2), after Dashboard. */
const ACCOUNT_LINKS = [
  { to: '/my-trips', label: 'My Trips', icon: IconPlane },
  { to: '/profile', label: 'Profile Settings', icon: IconSettings },
  { to: '/help', label: 'Help Center', icon: IconHelp },
] as const

const SIGN_OUT_FORM = 'public-sign-out'
export const SCROLL_THRESHOLD = 20

export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label="Meridian Travel home">
      <span className={classes.brandMark}>
        <IconCompass size={20} strokeWidth={2.2} />
      </span>
      <span>Meridian Travel</span>
    </Link>
  )
}

/** True once the page has scrolled more than 20 px (spec 1 §4, Navigation bar). */
function useScrolled() {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return scrolled
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true })
  const next = computed === 'dark' ? 'light' : 'dark'
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? <IconSun /> : <IconMoon />}
    </ActionIcon>
  )
}

function AccountMenu({ viewer }: { viewer: PublicViewer }) {
  const hydrated = useHydrated()
  const trigger = (
    <>
      {viewer.label}
      <IconChevronDown size={16} />
    </>
  )
  if (!hydrated) {
    return (
      <details className={classes.details} data-testid="account-menu">
        <summary className={classes.summaryButton}>{trigger}</summary>
        <div className={classes.detailsPanel}>
          <Link to={viewer.dashboard} className={classes.menuRow}>
            <IconLayoutDashboard size={16} /> Dashboard
          </Link>
          {ACCOUNT_LINKS.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={classes.menuRow}>
              <Icon size={16} /> {label}
            </Link>
          ))}
          <Divider my={4} />
          <button type="submit" form={SIGN_OUT_FORM} className={classes.menuRow}>
            <IconLogout size={16} /> Sign Out
          </button>
        </div>
      </details>
    )
  }
  // Mantine's Menu closes on a click outside and on Escape, and moves focus with the arrow keys.
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />} data-testid="account-menu">
          {viewer.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={viewer.dashboard} leftSection={<IconLayoutDashboard size={16} />}>
          Dashboard
        </Menu.Item>
        {ACCOUNT_LINKS.map(({ to, label, icon: Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component="button" type="submit" form={SIGN_OUT_FORM} leftSection={<IconLogout size={16} />}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

function SignedOutActions({ dashboard }: { dashboard: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle" color="gray">
        Sign In
      </Button>
      <Button component={Link} to={dashboard}>
        Dashboard
      </Button>
    </Group>
  )
}

/** Links of the mobile menu: the four sections, then the account's or the signed-out actions. */
function MobileMenuLinks({ viewer, onNavigate }: { viewer: PublicViewer | null; onNavigate?: () => void }) {
  return (
    <Stack gap={2}>
      {PUBLIC_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.menuRow} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <Divider my={6} />
      {viewer ? (
        <>
          <Link to={viewer.dashboard} className={classes.menuRow} onClick={onNavigate}>
            <IconLayoutDashboard size={16} /> Dashboard
          </Link>
          {ACCOUNT_LINKS.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className={classes.menuRow} onClick={onNavigate}>
              <Icon size={16} /> {label}
            </Link>
          ))}
          <button type="submit" form={SIGN_OUT_FORM} className={classes.menuRow}>
            <IconLogout size={16} /> Sign Out
          </button>
        </>
      ) : (
        <>
          <Link to="/login" className={classes.menuRow} onClick={onNavigate}>
            Sign In
          </Link>
          <Link to="/login" className={classes.menuRow} onClick={onNavigate}>
            <IconLayoutDashboard size={16} /> Dashboard
          </Link>
        </>
      )}
    </Stack>
  )
}

function MobileMenu({ viewer }: { viewer: PublicViewer | null }) {
  const hydrated = useHydrated()
  const [opened, setOpened] = useState(false)
  if (!hydrated) {
    return (
      <details className={classes.details}>
        <summary className={classes.summaryButton} aria-label="Menu">
          <IconMenu size={18} />
        </summary>
        <div className={classes.detailsPanel}>
          <MobileMenuLinks viewer={viewer} />
        </div>
      </details>
    )
  }
  return (
    <>
      <Burger opened={opened} onClick={() => setOpened((o) => !o)} aria-label={opened ? 'Close menu' : 'Open menu'} size="sm" />
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="xs" title={<Brand />} zIndex={300}>
        <MobileMenuLinks viewer={viewer} onNavigate={() => setOpened(false)} />
      </Drawer>
    </>
  )
}

/** The fixed top bar of the public pages: transparent over the page top, translucent once scrolled. */
export function PublicHeader({ viewer }: { viewer: PublicViewer | null }) {
  const hydrated = useHydrated()
  const scrolled = useScrolled()
  return (
    <Box component="header" className={classes.header} data-scrolled={hydrated ? String(scrolled) : undefined} data-testid="public-header">
      {viewer ? <Form id={SIGN_OUT_FORM} method="post" action="/logout" hidden /> : null}
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Brand />
          <Group component="nav" aria-label="Main" gap={2} visibleFrom="md">
            {PUBLIC_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {hydrated ? <ColorSchemeToggle /> : null}
            <Box visibleFrom="md">{viewer ? <AccountMenu viewer={viewer} /> : <SignedOutActions dashboard="/login" />}</Box>
            <Box hiddenFrom="md">
              <MobileMenu viewer={viewer} />
            </Box>
          </Group>
        </Group>
      </Container>
    </Box>
  )
}
