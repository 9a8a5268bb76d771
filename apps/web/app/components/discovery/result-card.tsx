import { Badge, Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { SearchResult } from '@meridian/core'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { IconArrowRight, IconBuilding, IconCompass, IconMapPin, IconWorld } from '../shell/icons.tsx'
import { formatMoney } from '../trips/format.ts'
import { SaveToggle } from '../wishlist/save-toggle.tsx'

const KIND_ICONS = { activity: IconCompass, destination: IconWorld, location: IconMapPin, accommodation: IconBuilding } as const
const KIND_LABELS = { activity: 'Activity', destination: 'Destination', location: 'Place', accommodation: 'Place to stay' } as const
/** What the wishlist calls each kind; places have no wishlist entry of their own (their destination does). */
export const WISHLIST_KIND: Record<SearchResult['type'], WishlistType | null> = {
  activity: 'activity',
  destination: 'destination',
  accommodation: 'hotel',
  location: null,
}

/** An activity's price for the group, as the card says it: "$200.00 for 2 travelers". */
export function resultPrice(result: Pick<SearchResult, 'price' | 'currency'>, travelers: number | 'per person'): string | null {
  if (result.price === null) return null
  if (travelers === 'per person') return `${formatMoney(result.price, result.currency)} per person`
  return `${formatMoney(result.price, result.currency)} ${travelers === 1 ? 'for 1 traveler' : `for ${travelers} travelers`}`
}

/**
 * One result of Search & Discovery (2-catalogue-content.md): image, title, rating, location, description, price, View
 * Details and the favourite toggle (the wishlist), which shows for those who keep a wishlist.
 */
export function ResultCard({
  result: r,
  travelers,
  savedItemId,
  canSave,
  extra,
}: {
  result: SearchResult
  /** The group the price is for, or 'per person' (a recommendation's price). */
  travelers: number | 'per person'
  savedItemId: number | null
  canSave: boolean
  /** A line above the title (a recommendation's match and reason). */
  extra?: React.ReactNode
}) {
  const Icon = KIND_ICONS[r.type]
  const price = resultPrice(r, travelers)
  const wishlistType = WISHLIST_KIND[r.type]
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={r.title}>
      <Card.Section>
        {r.image ? (
          <Image src={r.image} alt="" h={120} fit="cover" />
        ) : (
          <Center h={120} bg="var(--mantine-color-default-hover)" aria-hidden>
            <Icon size={32} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Badge variant="light" color="gray" size="sm">
            {KIND_LABELS[r.type]}
          </Badge>
          {r.rating !== null ? (
            <Text size="sm" fw={600} aria-label={`Rated ${r.rating.toFixed(1)} out of 5`}>
              ★ {r.rating.toFixed(1)}
            </Text>
          ) : null}
        </Group>
        {extra}
        <Text fw={600}>{r.title}</Text>
        {r.location ? (
          <Text size="sm" c="dimmed">
            {r.location}
          </Text>
        ) : null}
        {r.description ? (
          <Text size="sm" lineClamp={2}>
            {r.description}
          </Text>
        ) : null}
        {price ? <Text fw={600}>{price}</Text> : null}
        <Group gap="xs" mt="auto" pt="xs">
          <Button component={Link} to={r.url} size="xs" variant="light" rightSection={<IconArrowRight size={14} />} aria-label={`View Details: ${r.title}`}>
            View Details
          </Button>
          {canSave && wishlistType ? <SaveToggle type={wishlistType} objectId={r.object_id} itemId={savedItemId} title={r.title} /> : null}
        </Group>
      </Stack>
    </Card>
  )
}
