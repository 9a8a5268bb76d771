import { Badge, type BadgeProps } from '@mantine/core'
import { ITINERARY_STATUS_LABELS, type ItineraryStatus, itineraryStatusColor } from '@meridian/validators/itinerary-constants'

/** An itinerary's status: draft yellow, review blue, approved green, anything else purple (2-catalogue-content §2). */
export function ItineraryStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  return (
    <Badge color={itineraryStatusColor(status)} variant="light" data-status={status} {...props}>
      {ITINERARY_STATUS_LABELS[status as ItineraryStatus] ?? status}
    </Badge>
  )
}

/** Red text readable on both schemes (4.5:1 or more): a darker red on light, a lighter one on dark. */
export const ALERT_TEXT_COLOR = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))'
