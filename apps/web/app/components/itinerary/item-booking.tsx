import { Anchor, Button, Group, Text } from '@mantine/core'
import { Link } from '@remix-run/react'

/** What the traveler reading the approved plan may book (itineraryBookables): each activity item's booking, and the trip's. */
export interface Bookables {
  items: Record<string, { item_id: number; booking: { id: number; reference: string } | null }>
  package: { id: number; reference: string } | null
}

/** The traveler's Book link on an approved activity item, or the booking it already has (docs/bookings.md). */
export function ItemBooking({
  bookables,
  itemKey,
  activityId,
  title,
}: {
  bookables: Bookables | null
  itemKey: string
  activityId: number | null
  title: string
}) {
  const entry = bookables?.items[itemKey]
  if (!bookables || !entry || activityId === null) return null
  const booked = entry.booking ?? bookables.package
  if (booked) {
    return (
      <Text size="sm">
        Booked:{' '}
        <Anchor component={Link} to={`/dashboard/bookings/${booked.id}`}>
          {booked.reference}
        </Anchor>
        {entry.booking ? '' : ' (the whole trip)'}
      </Text>
    )
  }
  return (
    <Group gap="xs" mt={4}>
      <Button
        component={Link}
        to={`/dashboard/activities/${activityId}/book?item=${entry.item_id}`}
        size="compact-xs"
        variant="light"
        aria-label={`Book ${title}`}
      >
        Book
      </Button>
    </Group>
  )
}
