import { Badge, Group, Text } from '@mantine/core'
import type { StatusCheck } from '@meridian/core'
import classes from './overview.module.css'
import { SectionCard } from './section-card.tsx'

const LOOK: Record<StatusCheck['status'], { color: string; label: string }> = {
  operational: { color: 'green', label: 'Operational' },
  degraded: { color: 'yellow', label: 'Degraded' },
  down: { color: 'red', label: 'Down' },
}

function summary(checks: StatusCheck[]) {
  if (checks.some((c) => c.status === 'down')) return 'Some services are down'
  if (checks.some((c) => c.status === 'degraded')) return 'Some services are degraded'
  return 'All systems operational'
}

/** Live checks of the database, file storage and background jobs (3-back-office.md §2.7 Platform Status). */
export function PlatformStatus({ checks }: { checks: StatusCheck[] }) {
  return (
    <SectionCard id="platform-status" title="Platform Status" description={summary(checks)} fill={false}>
      <div data-testid="platform-status">
        {checks.map((check) => {
          const look = LOOK[check.status]
          return (
            <Group
              key={check.key}
              className={classes.row}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-status={check.status}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <span
                  className={classes.dot}
                  style={{ background: `var(--mantine-color-${look.color}-6)` }}
                  aria-hidden="true"
                />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {check.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {check.detail}
                  </Text>
                </div>
              </Group>
              <Badge
                color={look.color}
                variant="dot"
                radius="sm"
                style={{ flexShrink: 0 }}
                className={`status-${check.status}`}
              >
                {look.label}
              </Badge>
            </Group>
          )
        })}
      </div>
    </SectionCard>
  )
}
