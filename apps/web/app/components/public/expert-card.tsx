import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core'
import { IconMapPin } from './icons.tsx'
import classes from './public.module.css'

export interface ExpertCardData {
  id: number
  display_name: string
  bio: string
  /** Where the expert lives: shown when given (quiz results), not on the public experts page. */
  city?: string
  country?: string
  /** The countries the expert covers, by name. */
  countries?: string[]
  specializations?: string[]
  years_experience?: number
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

/** One expert as the public may see them: name, bio, the countries and trips they know; never contact details. */
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
        {expert.years_experience ? (
          <Text size="sm" fw={500}>
            {expert.years_experience === 1 ? '1 year' : `${expert.years_experience} years`} of experience
          </Text>
        ) : null}
        {expert.countries?.length ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden="true" />
            <Text size="sm">
              <Text span size="sm" fw={500}>
                Countries:
              </Text>{' '}
              {expert.countries.join(', ')}
            </Text>
          </Group>
        ) : null}
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
        {expert.specializations?.length ? (
          <Group gap={6} aria-label="Specializations" role="list">
            {expert.specializations.map((s) => (
              <Badge key={s} role="listitem" variant="light" color="teal" size="sm" tt="none">
                {s}
              </Badge>
            ))}
          </Group>
        ) : null}
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
