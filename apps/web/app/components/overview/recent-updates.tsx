import { Avatar, Group, Text } from '@mantine/core'
import type { ActivityDto } from '@meridian/core'
import { timeAgo } from '../shell/time-ago.ts'
import classes from './overview.module.css'
import { EmptyState, SectionCard } from './section-card.tsx'

/** The activity feed (staff: the platform's changes; a traveler: their own), newest first. */
export function RecentUpdates({ updates, now }: { updates: ActivityDto[]; now: Date }) {
  return (
    <SectionCard id="recent-updates" title="Recent Platform Updates" fill={false}>
      {updates.length === 0 ? (
        <EmptyState title="No recent updates" hint="Changes on the platform will show up here as they happen." />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="recent-updates">
          {updates.map((update) => (
            <Group key={update.id} component="li" className={classes.row} wrap="nowrap" align="flex-start" gap="sm">
              <Avatar size={32} radius="xl" color="teal" aria-hidden="true">
                {(update.actor?.username ?? '•').charAt(0).toUpperCase()}
              </Avatar>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm">{update.summary}</Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={update.created_at} title={new Date(update.created_at).toUTCString()}>
                    {timeAgo(update.created_at, now)}
                  </time>
                </Text>
              </div>
            </Group>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
