import { ActionIcon, Anchor, Box, Button, Center, Group, Loader, Popover, ScrollArea, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { Link, useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { NotificationDto } from '@meridian/core'
import type { loader as notificationsLoader } from '../../routes/resources.notifications.tsx'
import { IconBell } from './icons.tsx'
import { useLiveEvent, useLiveStatus } from './live-events.tsx'
import notes from './notifications.module.css'
import { timeAgo } from './time-ago.ts'
import { useHydrated } from './use-hydrated.ts'

/** The full list, and the bell's address without JavaScript. */
export const NOTIFICATIONS_PAGE = '/dashboard/notifications'
const RESOURCE = '/resources/notifications'

/** What the bell shows: the unread count and the latest notifications. */
export interface BellData {
  unread: number
  items: Pick<NotificationDto, 'id' | 'title' | 'body' | 'link' | 'count' | 'is_read' | 'updated_at'>[]
}
type BellItem = BellData['items'][number]

/** The bell's accessible name: the count is in it, the badge itself is decoration. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications')

/**
 * The bell (docs/notifications.md): a badge with the unread count, kept current by the live `notifications` event, and
 * a dropdown of the latest notifications, each a link to its place that marks it read when followed, with 'Mark all
 * as read'. Without JavaScript the bell is a link to the notifications page. When the user has turned notifications
 * off (Settings), no badge, and the dropdown says so.
 */
export function NotificationsMenu({ initial, enabled }: { initial: BellData | null; enabled: boolean }) {
  const [opened, setOpened] = useState(false)
  const list = useFetcher<typeof notificationsLoader>({ key: 'notifications' })
  const marks = useFetcher({ key: 'notifications-read' })
  const hydrated = useHydrated()
  const live = useLiveStatus()
  const [bell, setBell] = useState<BellData>(initial ?? { unread: 0, items: [] })
  const load = useRef(list.load)
  load.current = list.load

  // The layout's data after a navigation or an action, then each fresh load of the list: whichever came last.
  useEffect(() => {
    if (initial) setBell(initial)
  }, [initial])
  useEffect(() => {
    if (list.data) setBell(list.data)
  }, [list.data])

  useLiveEvent('notifications', (data: { unread?: unknown } | null) => {
    if (!enabled) return
    if (typeof data?.unread === 'number') setBell((b) => ({ ...b, unread: data.unread as number }))
    if (opened) load.current(RESOURCE)
  })

  // Without a live stream, coming back to the tab catches up.
  useEffect(() => {
    if (!enabled || live === 'open') return
    const refresh = () => document.visibilityState === 'visible' && load.current(RESOURCE)
    document.addEventListener('visibilitychange', refresh)
    return () => document.removeEventListener('visibilitychange', refresh)
  }, [enabled, live])

  const unread = enabled ? bell.unread : 0

  function follow(item: BellItem) {
    setOpened(false)
    if (item.is_read) return
    setBell((b) => ({ unread: Math.max(0, b.unread - 1), items: b.items.map((i) => (i.id === item.id ? { ...i, is_read: true } : i)) }))
    marks.submit({ intent: 'read', id: String(item.id) }, { method: 'post', action: RESOURCE })
  }

  function readAll() {
    setBell((b) => ({ unread: 0, items: b.items.map((i) => ({ ...i, is_read: true })) }))
    marks.submit({ intent: 'read-all' }, { method: 'post', action: RESOURCE })
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow arrowPosition="center" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          component="a"
          href={NOTIFICATIONS_PAGE}
          variant="default"
          size="lg"
          radius="md"
          // The badge sits over the corner: the icon clips its content otherwise.
          style={{ overflow: 'visible' }}
          role={hydrated ? 'button' : undefined}
          aria-label={bellLabel(unread)}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault()
            if (!opened && enabled) list.load(RESOURCE)
            setOpened(!opened)
          }}
        >
          <IconBell size={18} />
          {unread > 0 ? (
            <span className={notes.badge} aria-hidden data-testid="bell-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="xs" mih={44} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {list.state === 'loading' && !list.data ? (
            <Loader size={14} aria-label="Loading notifications" />
          ) : enabled && unread > 0 ? (
            <Button variant="subtle" size="compact-xs" onClick={readAll}>
              Mark all as read
            </Button>
          ) : null}
        </Group>
        {!enabled ? (
          <Box p="md">
            <Text size="sm">Notifications are turned off.</Text>
            <Anchor component={Link} to="/dashboard/settings" size="sm" onClick={() => setOpened(false)}>
              Turn them on in Settings
            </Anchor>
          </Box>
        ) : bell.items.length === 0 ? (
          <Center p="lg" style={{ flexDirection: 'column', gap: 6 }}>
            <ThemeIcon variant="light" radius="xl" size={40} color="gray">
              <IconBell size={20} />
            </ThemeIcon>
            <Text size="sm" fw={500}>
              You're all caught up
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              News about your trips and assignments will show up here.
            </Text>
          </Center>
        ) : (
          <ScrollArea.Autosize mah={400} type="auto">
            <Box component="ul" m={0} p={0} className={notes.list} style={{ listStyle: 'none' }} aria-label="Latest notifications">
              {bell.items.map((item) => (
                <li key={item.id}>
                  <Link to={item.link || NOTIFICATIONS_PAGE} className={notes.item} onClick={() => follow(item)}>
                    <NotificationText item={item} />
                  </Link>
                </li>
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
        {enabled ? (
          <Box px="md" py="xs" ta="center" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Anchor component={Link} to={NOTIFICATIONS_PAGE} size="sm" onClick={() => setOpened(false)}>
              See all notifications
            </Anchor>
          </Box>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  )
}

/** One notification's dot, title, body and time: the dropdown's links and the page's rows. */
export function NotificationText({ item, now }: { item: BellItem; now?: number }) {
  return (
    <>
      <span className={notes.dot} data-unread={item.is_read ? undefined : ''} aria-hidden />
      <Box style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={item.is_read ? 400 : 600}>
          {item.is_read ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
          {item.title}
          {item.count > 1 ? (
            <Text component="span" size="xs" c="dimmed">
              {' '}
              ({item.count})
            </Text>
          ) : null}
        </Text>
        {item.body ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          <time dateTime={item.updated_at} title={new Date(item.updated_at).toLocaleString('en-US')}>
            {timeAgo(item.updated_at, now)}
          </time>
        </Text>
      </Box>
    </>
  )
}
