import { Anchor, Badge, Button, Card, Center, Group, Image, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { fieldError } from '../kit/banners.tsx'
import { IconBuilding } from '../shell/icons.tsx'
import { SaveToggle } from './save-toggle.tsx'

/** An accommodation as travelers see it (the service's AccommodationDto). */
export interface StayView {
  id: number
  name: string
  description: string
  city: string
  country: { id: number; name: string } | null
  rating: number
  total_reviews: number
  website: string
  services_offered: string[]
  languages_supported: string[]
  verified: boolean
  image: string | null
}

export interface StayFormState {
  /** The accommodation the failed request was for: its form opens again with the messages. */
  supplierId: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
  message: string | null
}

export interface StayLimits {
  maxRooms: number
  maxGuests: number
  maxNotes: number
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

/**
 * One place to stay on a destination's page ('Where to stay'): photo, name, city, rating, what it offers, a Save
 * toggle and, for travelers, 'Request a stay': a plain form in a disclosure, so it works without JavaScript.
 */
export function StayCard({
  stay,
  savedItemId,
  canSave,
  canRequest,
  trips,
  limits,
  failure,
  busy,
  back,
}: {
  stay: StayView
  savedItemId: number | null
  canSave: boolean
  canRequest: boolean
  trips: { id: number; title: string }[]
  limits: StayLimits
  failure: StayFormState | null
  busy: boolean
  back: string
}) {
  const mine = failure && failure.supplierId === String(stay.id) ? failure : null
  const value = (name: string, fallback = '') => mine?.values[name] ?? fallback
  const formId = `stay-${stay.id}`
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={stay.name} id={formId} style={{ scrollMarginTop: 80 }}>
      <Card.Section>
        {stay.image ? (
          <Image src={stay.image} alt="" h={120} fit="cover" />
        ) : (
          <Center h={120} bg="var(--mantine-color-default-hover)" aria-hidden>
            <IconBuilding size={36} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{stay.name}</Text>
          {stay.verified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {[stay.city, stay.country?.name].filter(Boolean).join(', ')}
          {stay.total_reviews > 0 ? ` · ★ ${stay.rating.toFixed(1)} (${stay.total_reviews} reviews)` : ''}
        </Text>
        {stay.description ? (
          <Text size="sm" lineClamp={3}>
            {stay.description}
          </Text>
        ) : null}
        {stay.services_offered.length ? (
          <Group gap={4}>
            {stay.services_offered.slice(0, 4).map((s) => (
              <Badge key={s} variant="outline" size="sm" style={{ textTransform: 'none' }}>
                {s}
              </Badge>
            ))}
          </Group>
        ) : null}
        {stay.website ? (
          <Anchor href={stay.website} target="_blank" rel="noopener noreferrer" size="sm">
            Website
          </Anchor>
        ) : null}
        {canSave ? (
          <Group gap="xs">
            <SaveToggle type="hotel" objectId={stay.id} itemId={savedItemId} title={stay.name} />
          </Group>
        ) : null}
        {canRequest ? (
          <details open={Boolean(mine)}>
            <summary style={{ cursor: 'pointer', fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>Request a stay</summary>
            <Form method="post" preventScrollReset aria-label={`Request a stay at ${stay.name}`}>
              <input type="hidden" name="intent" value="request-stay" />
              <input type="hidden" name="supplier_id" value={stay.id} />
              <input type="hidden" name="back" value={back} />
              <Stack gap="xs" mt="xs">
                {mine?.message ? (
                  <Text size="sm" c="red" role="alert">
                    {mine.message}
                  </Text>
                ) : null}
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    type="date"
                    name="check_in"
                    label="Check-in"
                    required
                    defaultValue={value('check_in', tomorrow())}
                    error={fieldError(mine?.fields, 'check_in')}
                  />
                  <TextInput
                    type="date"
                    name="check_out"
                    label="Check-out"
                    required
                    defaultValue={value('check_out')}
                    error={fieldError(mine?.fields, 'check_out')}
                  />
                  <TextInput
                    type="number"
                    name="rooms"
                    label="Rooms"
                    min={1}
                    max={limits.maxRooms}
                    required
                    defaultValue={value('rooms', '1')}
                    error={fieldError(mine?.fields, 'rooms')}
                  />
                  <TextInput
                    type="number"
                    name="guests"
                    label="Guests"
                    min={1}
                    max={limits.maxGuests}
                    required
                    defaultValue={value('guests', '2')}
                    error={fieldError(mine?.fields, 'guests')}
                  />
                </SimpleGrid>
                {trips.length ? (
                  <NativeSelect
                    name="trip_id"
                    label="For trip (optional)"
                    defaultValue={value('trip_id')}
                    data={[{ value: '', label: 'Not for a trip' }, ...trips.map((t) => ({ value: String(t.id), label: t.title }))]}
                    error={fieldError(mine?.fields, 'trip_id')}
                  />
                ) : null}
                <Textarea
                  name="notes"
                  label="Notes (optional)"
                  autosize
                  minRows={1}
                  maxLength={limits.maxNotes}
                  defaultValue={value('notes')}
                  error={fieldError(mine?.fields, 'notes')}
                />
                <Text size="xs" c="dimmed">
                  Our team confirms the stay with the hotel's price; nothing is charged now.
                </Text>
                <Button type="submit" size="xs" loading={busy}>
                  Request a stay
                </Button>
              </Stack>
            </Form>
          </details>
        ) : null}
      </Stack>
    </Card>
  )
}
