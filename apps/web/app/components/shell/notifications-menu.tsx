import { ActionIcon, Anchor, Box, Center, Group, Loader, Popover, ScrollArea, Text, ThemeIcon } from '@mantine/core'
import { Link, useFetcher } from '@remix-run/react'
import { useState } from 'react'
import type { ActivityDto } from '@meridian/core'
import type { loader as notificationsLoader } from '../../routes/resources.notifications.tsx'
import { IconBell } from './icons.tsx'
import classes from './shell.module.css'
import { timeAgo } from './time-ago.ts'
import { useHydrated } from './use-hydrated.ts'

/**
 * The bell: the user's recent activity (staff: the platform's feed). The list is fetched again on every open.
 * Without JavaScript the bell is a link to the dashboard, whose Recent Platform Updates show the same kind of feed.
 */
export function NotificationsMenu({ activity: initial, enabled }: { activity: ActivityDto[]; enabled: boolean }) {
  const [opened, setOpened] = useState(false)
  const fetcher = useFetcher<typeof notificationsLoader>({ key: 'notifications' })
  const activity = fetcher.data?.activity ?? initial
  const hydrated = useHydrated()

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow arrowPosition="center">
      <Popover.Target>
        <ActionIcon
          component="a"
          href="/dashboard/overview"
          variant="default"
          size="lg"
          radius="md"
          role={hydrated ? 'button' : undefined}
          aria-label="Notifications"
          onClick={(event: React.MouseEvent) => {
            event.preventDefault()
            if (!opened && enabled) fetcher.load('/resources/notifications')
            setOpened(!opened)
          }}
        >
          <IconBell size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {fetcher.state === 'loading' ? (
            <Loader size={14} />
          ) : (
            <Text size="xs" c="dimmed">
              Recent activity
            </Text>
          )}
        </Group>
        {!enabled ? (
          <Box p="md">
            <Text size="sm">Notifications are turned off.</Text>
            <Anchor component={Link} to="/dashboard/settings" size="sm" onClick={() => setOpened(false)}>
              Turn them on in Settings
            </Anchor>
          </Box>
        ) : activity.length === 0 ? (
          <Center p="lg" style={{ flexDirection: 'column', gap: 6 }}>
            <ThemeIcon variant="light" radius="xl" size={40} color="gray">
              <IconBell size={20} />
            </ThemeIcon>
            <Text size="sm" fw={500}>
              You're all caught up
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              New activity on your trips and account will show up here.
            </Text>
          </Center>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Recent activity">
              {activity.map((item) => (
                <li key={item.id} className={classes.activityItem}>
                  <Text size="sm">{item.summary}</Text>
                  <Text size="xs" c="dimmed">
                    {item.actor ? `@${item.actor.username} · ` : ''}
                    <time dateTime={item.created_at} title={new Date(item.created_at).toLocaleString('en-US')}>
                      {timeAgo(item.created_at)}
                    </time>
                  </Text>
                </li>
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}
