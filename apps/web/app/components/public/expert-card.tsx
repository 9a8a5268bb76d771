import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core'
import { IconMapPin } from './icons.tsx'
import classes from './public.module.css'

export interface ExpertCardData {
  id: number
  display_name: string
  bio: string
  city: string
  country: string
  matched_keywords?: string[]
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
}

/** One expert as the public may see them: name, bio and place, never contact details. */
export function ExpertCard({ expert }: { expert: ExpertCardData }) {
  const place = [expert.city, expert.country].filter(Boolean).join(', ')
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card} data-testid="expert-card">
      <Stack gap="sm">
        <Group wrap="nowrap">
          <Avatar size={52} radius="xl" color="teal" variant="light" aria-hidden="true">
            {initials(expert.display_name)}
          </Avatar>
          <div>
            <Text fw={700} size="lg">
              {expert.display_name}
            </Text>
            <Badge variant="light" color="orange" size="sm" tt="none">
              Travel Expert
            </Badge>
          </div>
        </Group>
        {place ? (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconMapPin size={16} />
            <Text size="sm">{place}</Text>
          </Group>
        ) : null}
        {expert.bio ? (
          <Text size="sm" lineClamp={4}>
            {expert.bio}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Plans trips for Meridian travelers.
          </Text>
        )}
        {expert.matched_keywords?.length ? (
          <Group gap={6}>
            {expert.matched_keywords.map((word) => (
              <Badge key={word} variant="outline" size="sm" tt="none">
                {word}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
