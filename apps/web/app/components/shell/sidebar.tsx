import { Box, Button, Collapse, Group, Kbd, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core'
import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { IconAlert, IconChevronDown, IconLogout } from './icons.tsx'
import { NavIcon } from './nav-icons.tsx'
import classes from './shell.module.css'

export interface ShellNavSection {
  title: string
  items: { label: string; to: string }[]
}

/** Whether a sidebar target is the current page; an anchor matches only with its hash. */
export function isActiveTarget(to: string, location: { pathname: string; hash: string }) {
  const [path, hash] = to.split('#')
  if (hash) return location.pathname === path && location.hash === `#${hash}`
  if (location.pathname === path) return !location.hash || path !== '/dashboard/overview'
  return location.pathname.startsWith(`${path}/`)
}

const sectionId = (title: string) => `nav-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`

/**
 * One collapsible section. The header is a submit button of a real form (JavaScript off: the action saves the
 * state and sends the browser back); with JavaScript a fetcher saves it and the state flips at once.
 */
function SidebarSection({
  section,
  collapsed: saved,
  onNavigate,
}: {
  section: ShellNavSection
  collapsed: boolean
  onNavigate: () => void
}) {
  const fetcher = useFetcher({ key: `sidebar-section:${section.title}` })
  const location = useLocation()
  const pending = fetcher.formData?.get('collapsed')
  const collapsed = typeof pending === 'string' ? pending === 'true' : saved
  const id = sectionId(section.title)

  return (
    <Box component="section" aria-labelledby={`${id}-label`} mb={4}>
      <form
        method="post"
        action="/resources/preferences"
        onSubmit={(event) => {
          event.preventDefault()
          fetcher.submit(
            { intent: 'section', section: section.title, collapsed: String(!collapsed) },
            { method: 'post', action: '/resources/preferences' }
          )
        }}
      >
        <input type="hidden" name="intent" value="section" />
        <input type="hidden" name="section" value={section.title} />
        <input type="hidden" name="collapsed" value={String(!collapsed)} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <UnstyledButton type="submit" className={classes.sectionToggle} aria-expanded={!collapsed} aria-controls={id}>
          <Text id={`${id}-label`} component="span" size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.sectionTitle}>
            {section.title}
          </Text>
          <IconChevronDown size={14} className={classes.chevron} data-collapsed={collapsed || undefined} />
        </UnstyledButton>
      </form>
      <Collapse in={!collapsed} id={id} transitionDuration={150}>
        <Stack gap={2} pb="xs">
          {section.items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<NavIcon to={item.to} />}
              active={isActiveTarget(item.to, location)}
              aria-current={isActiveTarget(item.to, location) ? 'page' : undefined}
              onClick={onNavigate}
              className={classes.navLink}
              variant="light"
            />
          ))}
        </Stack>
      </Collapse>
    </Box>
  )
}

/** Emergency Logout: wipe what the browser keeps for this site, then the form posts /logout as usual. */
function clearClientState() {
  try {
    window.localStorage.clear()
  } catch {
    /* storage may be disabled */
  }
  try {
    window.sessionStorage.clear()
  } catch {
    /* storage may be disabled */
  }
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT'
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (!name) continue
    for (const path of ['/', window.location.pathname]) document.cookie = `${name}=; ${expired}; path=${path}`
  }
}

export function Sidebar({
  navigation,
  collapsedSections,
  onNavigate,
}: {
  navigation: ShellNavSection[]
  collapsedSections: string[]
  onNavigate: () => void
}) {
  const navRef = useRef<HTMLElement>(null)
  // A page deep in the list (User Management, say) opens with its item in view.
  useEffect(() => {
    navRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' })
  }, [])

  return (
    <>
      <ScrollArea component="div" className={classes.navScroll} type="scroll" px="sm" pt="md" pb="xs">
        <nav ref={navRef} aria-label="Dashboard" data-testid="sidebar-nav">
          {navigation.map((section) => (
            <SidebarSection
              key={section.title}
              section={section}
              collapsed={collapsedSections.includes(section.title)}
              onNavigate={onNavigate}
            />
          ))}
        </nav>
      </ScrollArea>
      <Box className={classes.navFooter} p="sm">
        <Stack gap={6}>
          <Form method="post" action="/logout">
            <Button
              type="submit"
              variant="subtle"
              color="gray"
              fullWidth
              justify="flex-start"
              styles={{ label: { flex: 1 } }}
              leftSection={<IconLogout size={16} />}
              rightSection={
                <Group gap={2} visibleFrom="sm" aria-hidden="true">
                  <Kbd size="xs">Ctrl</Kbd>
                  <Kbd size="xs">Shift</Kbd>
                  <Kbd size="xs">L</Kbd>
                </Group>
              }
              title="Sign out (Ctrl/Cmd+Shift+L)"
            >
              Sign out
            </Button>
          </Form>
          {/* A native form, not Remix's: the POST is a full page load, so nothing held in memory survives either. */}
          <form method="post" action="/logout" onSubmit={clearClientState}>
            <Button
              type="submit"
              variant="light"
              color="red"
              fullWidth
              justify="flex-start"
              styles={{ label: { flex: 1 } }}
              leftSection={<IconAlert size={16} />}
            >
              Emergency Logout
            </Button>
          </form>
          <Text size="xs" c="dimmed" ta="center">
            v2.0
          </Text>
        </Stack>
      </Box>
    </>
  )
}
