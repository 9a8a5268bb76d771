import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { BookingDto } from '@meridian/core'
import { partyNames } from '@meridian/validators/itinerary-constants'
import { readerTime } from '@meridian/validators/zones'
import { useHydrated } from '../shell/use-hydrated.ts'
import { formatDay, formatMoney } from '../trips/format.ts'

/** An item of the plan as the trip view shows it (the approved version's). */
export interface PlanItem {
  id: number
  key?: string
  type: string
  title: string
  start_time: string | null
  end_time: string | null
  location: { name: string; address: string }
  notes: string
  /** An option of a slot: only the recommended one is the plan (the others were alternatives). */
  option_group?: string | null
  recommended?: boolean
  /** The party members it is for; empty: everyone. */
  party?: number[]
}

export interface PlanDay {
  id: number
  date: string | null
  title: string
  items: PlanItem[]
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null)

function itemTime(item: PlanItem): string {
  const [from, to] = [hhmm(item.start_time), hhmm(item.end_time)]
  if (from && to) return `${from}–${to}`
  return from ?? 'Any time'
}

/**
 * The days of the approved plan, each with its items (the recommended option of a slot) and their times: local to the
 * plan's zone, said once, with the reader's own time beside an item where their clock differs (once the page runs),
 * and whom an item is for when it is for some of the party.
 */
export function ItineraryDays({
  days,
  version,
  itineraryId,
  zone = '',
  party = [],
  chosen = {},
}: {
  /** The options chosen on accepting the plan's proposal, by slot (the rest: the recommended ones). */
  chosen?: Record<string, string>
  days: PlanDay[] | null
  version: number | null
  itineraryId: number | null
  zone?: string
  party?: { id: number; name: string }[]
}) {
  const hydrated = useHydrated()
  const reader = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : ''
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trip-itinerary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trip-itinerary">
          Itinerary
        </Title>
        {days === null ? (
          <Text c="dimmed" size="sm">
            Your expert has not approved an itinerary for this trip yet.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Approved version {version}
              {itineraryId ? (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/dashboard/itineraries/${itineraryId}`} size="sm">
                    Open the full itinerary
                  </Anchor>
                </>
              ) : null}
            </Text>
            {zone ? (
              <Text size="sm" c="dimmed" data-testid="plan-zone">
                Times are local to {zone.replace(/_/g, ' ')}
              </Text>
            ) : null}
            {days.map((day, i) => (
              <Stack key={day.id} gap={4} component="article" aria-labelledby={`trip-day-${day.id}`}>
                <Title order={3} size="h5" id={`trip-day-${day.id}`}>
                  Day {i + 1}
                  {day.date ? ` · ${formatDay(day.date)}` : ''}
                  {day.title ? ` · ${day.title}` : ''}
                </Title>
                {day.items.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nothing planned.
                  </Text>
                ) : (
                  <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {day.items
                      .filter((item) => !item.option_group || (chosen[item.option_group] ? chosen[item.option_group] === item.key : item.recommended))
                      .map((item) => {
                        const mine = item.start_time && day.date ? readerTime(day.date, item.start_time, zone, reader) : null
                        const who = partyNames(item.party, party)
                        return (
                          <Text key={item.id} size="sm" component="li">
                            <Text span fw={600} size="sm">
                              {itemTime(item)}
                            </Text>{' '}
                            {mine ? (
                              <Text span c="dimmed" size="sm">
                                {`(${mine} your time) `}
                              </Text>
                            ) : null}
                            {who ? `${who}: ` : ''}
                            {item.title}
                            {item.location.name ? (
                              <Text span c="dimmed" size="sm">
                                {` · ${item.location.name}`}
                              </Text>
                            ) : null}
                          </Text>
                        )
                      })}
                  </Stack>
                )}
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  )
}

/** The trip's bookings with their references, the suppliers' confirmation numbers and the vouchers. */
export function TripBookings({ bookings, allVouchers }: { bookings: (BookingDto & { voucher: boolean })[]; allVouchers: string | null }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trip-bookings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="trip-bookings">
            Bookings
          </Title>
          {/* No download attribute: Chromium sends such a download past the service worker, and offline it fails.
              The answer's Content-Disposition makes it a download all the same. */}
          {allVouchers ? (
            <Anchor href={allVouchers} size="sm">
              All vouchers (PDF)
            </Anchor>
          ) : null}
        </Group>
        {bookings.length === 0 ? (
          <Text c="dimmed" size="sm">
            No bookings for this trip yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Supplier confirmation</Table.Th>
                  <Table.Th>Voucher</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/bookings/${b.id}`} size="sm">
                        {b.title}
                      </Anchor>{' '}
                      <Badge size="sm" variant="light" color={b.status === 'confirmed' ? 'teal' : b.status === 'cancelled' ? 'gray' : 'yellow'}>
                        {b.status}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {formatMoney(b.amount, b.currency)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDay(b.date)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {b.reference}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {b.supplier_confirmation || (
                        <Text size="sm" c="dimmed">
                          Awaiting the supplier
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {b.voucher ? (
                        <Anchor href={`/dashboard/bookings/${b.id}/voucher`} size="sm" download>
                          Voucher (PDF)
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
