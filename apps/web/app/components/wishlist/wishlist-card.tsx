import { Badge, Button, Card, Center, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { WishlistItemDto } from '@meridian/core'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { IconBuilding, IconCompass, IconHeart, IconSuitcase, IconWorld } from '../shell/icons.tsx'
import { formatDay, formatMoney } from '../trips/format.ts'

export const WISHLIST_TYPE_LABELS: Record<WishlistType, string> = { destination: 'Destination', hotel: 'Hotel', activity: 'Activity', trip: 'Trip' }
const TYPE_ICONS: Record<WishlistType, typeof IconWorld> = { destination: IconWorld, hotel: IconBuilding, activity: IconCompass, trip: IconSuitcase }
const TYPE_COLORS: Record<WishlistType, string> = { destination: 'teal', hotel: 'cyan', activity: 'orange', trip: 'grape' }

/** The price as 2-catalogue-content.md My Wishlist shows it: '/night' for a hotel, '/person' for a trip, 'From' for an activity. */
export function priceText(item: Pick<WishlistItemDto, 'price' | 'currency' | 'price_suffix' | 'price_from'>): string | null {
  if (item.price === null || item.currency === null) return null
  return `${item.price_from ? 'From ' : ''}${formatMoney(item.price, item.currency)}${item.price_suffix}`
}

/** One saved thing: type icon, photo (or a neutral placeholder), title, place, rating, description, price, saved date, View and Remove. */
export function WishlistCard({ item, back }: { item: WishlistItemDto; back: string }) {
  const TypeIcon = TYPE_ICONS[item.type]
  const price = priceText(item)
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={item.title}>
      <Card.Section>
        {item.image ? (
          <Image src={item.image} alt="" h={140} fit="cover" />
        ) : (
          <Center h={140} bg="var(--mantine-color-default-hover)" aria-hidden>
            <TypeIcon size={40} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={8} wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color={TYPE_COLORS[item.type]} radius="xl" size="md" aria-hidden>
              <TypeIcon size={16} />
            </ThemeIcon>
            <Text fw={600}>{item.title}</Text>
          </Group>
          <Badge variant="light" color={TYPE_COLORS[item.type]}>
            {WISHLIST_TYPE_LABELS[item.type]}
          </Badge>
        </Group>
        {item.location ? (
          <Text size="sm" c="dimmed">
            {item.location}
          </Text>
        ) : null}
        {item.rating !== null ? (
          <Text size="sm" aria-label={`Rating ${item.rating} of 5`}>
            ★ {item.rating.toFixed(1)}
          </Text>
        ) : null}
        {item.description ? (
          <Text size="sm" lineClamp={3}>
            {item.description}
          </Text>
        ) : null}
        {price ? <Text fw={600}>{price}</Text> : null}
        {item.is_available ? null : (
          <Badge color="gray" variant="outline" w="fit-content">
            No longer available
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          Saved {formatDay(item.saved_at.slice(0, 10))}
        </Text>
        <Group gap="xs" mt="auto">
          {item.url ? (
            <Button component={Link} to={item.url} size="xs" variant="light" aria-label={`View ${item.title}`}>
              View
            </Button>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item_id" value={item.id} />
            <input type="hidden" name="back" value={back} />
            <Button
              type="submit"
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconHeart size={14} />}
              aria-label={`Remove ${item.title} from wishlist`}
            >
              Remove
            </Button>
          </Form>
        </Group>
      </Stack>
    </Card>
  )
}
