import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconArrowRight } from '../shell/icons.tsx'
import classes from './overview.module.css'

/** One titled block of the overview; `id` is the anchor the sidebar links to. */
export function SectionCard({
  id,
  title,
  description,
  action,
  badge,
  fill = true,
  children,
}: {
  id: string
  title: string
  description?: string
  action?: { to: string; label: string }
  badge?: React.ReactNode
  /** Stretch to the height of its grid row (cards side by side line up). */
  fill?: boolean
  children: React.ReactNode
}) {
  const headingId = `${id}-title`
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="lg"
      className={classes.section}
      data-fill={fill || undefined}
    >
      <Stack gap="md" h="100%">
        <div>
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {badge}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        <div style={{ flex: 1 }}>{children}</div>
        {action ? (
          <Anchor component={Link} to={action.to} size="sm" fw={600} className={classes.more}>
            {action.label}
            <IconArrowRight size={14} />
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** What a list shows when it has nothing: a short title and what will appear here. */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: React.ReactNode }) {
  return (
    <div className={classes.empty}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
      {children}
    </div>
  )
}
