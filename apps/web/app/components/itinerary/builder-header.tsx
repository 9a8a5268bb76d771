import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { timeZoneChoices } from '@meridian/validators/booking-terms'
import { ITINERARY_MESSAGES } from '@meridian/validators/itinerary-constants'
import { formatDay, formatMoney, formatRange } from '../trips/format.ts'
import { type FormBase, OpForm } from './builder-parts.tsx'
import { type totalsOf, travelersText } from './draft.ts'
import { ItineraryStatusBadge } from './status-badge.tsx'

/** The itinerary as the builder's header and notices read it. */
export interface BuilderItinerary {
  id: number
  title: string
  status: string
  destination: string
  start_date: string
  end_date: string
  travelers: { adults: number; children: number; infants: number }
  budget: { total: string | null; currency: string }
  version: number
  /** The zone set on the plan ('' : its trip's location's). */
  time_zone?: string
  approved_at: string | null
  can: { save: boolean; approve: boolean }
}

/**
 * The builder's header: title, status, dates, travelers, budget and the working copy's total, then the actions (Add
 * Activity, Add Day and Save for those who edit; Versions for those who work on it; Print / Export; Send proposal
 * when the approved version may be sent; the traveler's Book the whole trip when the package can be booked).
 */
export function BuilderHeader({
  itinerary: it,
  path,
  dayCount,
  totals,
  dirty,
  base,
  hydrated,
  saving,
  onLocal,
  onSave,
  packageTripId,
  canSendProposal,
  zone,
}: {
  itinerary: BuilderItinerary
  /** The itinerary's address: its library, versions and print pages are under it. */
  path: string
  dayCount: number
  totals: ReturnType<typeof totalsOf>
  dirty: boolean
  base: FormBase
  hydrated: boolean
  saving: boolean
  onLocal: (form: FormData) => void
  onSave: () => void
  /** The trip to book as a package, when the traveler may. */
  packageTripId: number | null
  /** Whether the approved version may be sent to the traveler (the form is in the proposal panel). */
  canSendProposal: boolean
  /** The zone the plan's times are in (its own or its trip's location's; '' when neither is known). */
  zone: string
}) {
  const currency = it.budget.currency
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {it.title}
            </Title>
            <ItineraryStatusBadge status={it.status} />
          </Group>
          <Text c="dimmed">
            {[it.destination, formatRange(it.start_date, it.end_date), dayCount === 1 ? '1 day' : `${dayCount} days`, travelersText(it.travelers)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap="lg">
            <Text size="sm">
              Budget: <b>{it.budget.total ? formatMoney(it.budget.total, currency) : 'None set'}</b>
            </Text>
            <Text size="sm" data-total>
              Total: <b>{formatMoney(totals.total, currency)}</b>
            </Text>
            <Text size="sm" c="dimmed">
              Version {it.version}
              {dirty ? ' · unsaved changes' : ''}
            </Text>
          </Group>
          <TimeZoneLine itinerary={it} zone={zone} base={base} />
          <Text size="xs" c="dimmed">
            Accommodation {formatMoney(totals.breakdown.accommodation, currency)} · Activities {formatMoney(totals.breakdown.activities, currency)} · Meals{' '}
            {formatMoney(totals.breakdown.meals, currency)} · Transport {formatMoney(totals.breakdown.transport, currency)}
          </Text>
        </Stack>
        <Group gap="xs">
          {it.can.save ? (
            <>
              <Button component={Link} to={`${path}/library?day=${base.day}`} preventScrollReset>
                Add Activity
              </Button>
              <OpForm intent="add-day" base={base} onLocal={onLocal}>
                <Button type="submit" variant="default">
                  Add Day
                </Button>
              </OpForm>
              {hydrated ? (
                <Button onClick={onSave} loading={saving} color={dirty ? 'blue' : 'gray'}>
                  Save
                </Button>
              ) : (
                <OpForm intent="save" base={base}>
                  <Button type="submit" title="Save again, re-priced at today's rates">
                    Save
                  </Button>
                </OpForm>
              )}
            </>
          ) : null}
          {/* The versions page is for those who work on the itinerary; the traveler reads the approved plan only. */}
          {it.can.save || it.can.approve ? (
            <Button component={Link} to={`${path}/versions`} variant="default">
              Versions
            </Button>
          ) : null}
          <Button component="a" href={`${path}/print`} variant="default">
            Print / Export
          </Button>
          {canSendProposal ? (
            <Button component="a" href="#send-proposal" variant="light">
              Send proposal
            </Button>
          ) : null}
          {packageTripId !== null ? (
            <Button component={Link} to={`/dashboard/bookings/package/${packageTripId}`}>
              Book the whole trip
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  )
}

/** Under the header: over budget, read-only (or the traveler's approved plan), and a save refused with a message. */
export function BuilderNotices({
  itinerary: it,
  overBudget,
  refused,
}: {
  itinerary: BuilderItinerary
  /** By how much the working copy is over budget, if it is. */
  overBudget: string | null
  /** The message of a refused save (not of the add-item form, which shows its own). */
  refused: string | null
}) {
  return (
    <>
      {overBudget ? (
        <Alert color="red" variant="light" role="alert" title="Over budget">
          {ITINERARY_MESSAGES.overBudget(formatMoney(overBudget, it.budget.currency))}
        </Alert>
      ) : null}
      {!it.can.save ? (
        <Alert color="blue" variant="light">
          {it.status === 'approved' && !it.can.approve
            ? `This is the approved plan of your trip${it.approved_at ? `, approved on ${formatDay(it.approved_at.slice(0, 10))}` : ''}.`
            : 'You can read this itinerary; only its expert changes it.'}
        </Alert>
      ) : null}
      {refused !== null ? (
        <Alert color="red" variant="light" role="alert" title={ITINERARY_MESSAGES.saveFailed}>
          {refused}
        </Alert>
      ) : null}
    </>
  )
}

/**
 * Where the plan's times are: "Times are local to America/Lima", with, for those who edit, the zone to set (blank: the
 * trip's destination's). A plain form: it saves a new version.
 */
function TimeZoneLine({ itinerary: it, zone, base }: { itinerary: BuilderItinerary; zone: string; base: FormBase }) {
  const zones = timeZoneChoices()
  const own = it.time_zone ?? ''
  return (
    <Group gap="sm" align="flex-end">
      <Text size="sm" c="dimmed" data-testid="plan-zone">
        {zone ? `Times are local to ${zone.replace(/_/g, ' ')}` : 'Times are local to the destination'}
      </Text>
      {it.can.save ? (
        <OpForm intent="time-zone" base={base} label="Time zone of the plan">
          <NativeSelect
            name="time_zone"
            aria-label="Time zone of the plan's times"
            size="xs"
            data={[{ value: '', label: 'The trip’s destination' }, ...(own && !zones.includes(own) ? [own] : []), ...zones]}
            defaultValue={own}
          />
          <Button type="submit" size="xs" variant="default">
            Set zone
          </Button>
        </OpForm>
      ) : null}
    </Group>
  )
}
