import { Card, Center, Group, Image, Stack, Text } from '@mantine/core'
import type { ThingToDo } from '@meridian/core'
import { IconCompass } from '../shell/icons.tsx'
import { SaveToggle } from './save-toggle.tsx'
import { priceText } from './wishlist-card.tsx'

/** One activity on a destination's page ('Things to do'): photo, name, place, "From" price, and Save for travelers. */
export function ThingToDoCard({
  activity: a,
  savedItemId,
  canSave,
  children,
}: {
  activity: ThingToDo
  savedItemId: number | null
  canSave: boolean
  children?: React.ReactNode
}) {
  const price = priceText(a)
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={a.title} id={`activity-${a.id}`} style={{ scrollMarginTop: 80 }}>
      <Card.Section>
        {a.image ? (
          <Image src={a.image} alt="" h={100} fit="cover" />
        ) : (
          <Center h={100} bg="var(--mantine-color-default-hover)" aria-hidden>
            <IconCompass size={32} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600}>{a.title}</Text>
        {a.location ? (
          <Text size="sm" c="dimmed">
            {a.location}
          </Text>
        ) : null}
        {a.description ? (
          <Text size="sm" lineClamp={2}>
            {a.description}
          </Text>
        ) : null}
        {price ? <Text fw={600}>{price}</Text> : null}
        <Group gap="xs">
          {canSave ? <SaveToggle type="activity" objectId={a.id} itemId={savedItemId} title={a.title} /> : null}
          {children}
        </Group>
      </Stack>
    </Card>
  )
}
