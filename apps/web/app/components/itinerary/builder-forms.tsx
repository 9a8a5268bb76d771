import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { ITEM_TYPE_LABELS } from '@meridian/validators/itinerary-constants'
import { fieldError } from '../kit/banners.tsx'
import { formatDay, formatMoney } from '../trips/format.ts'
import type { FormBase } from './builder-parts.tsx'
import { combine, type DraftDay, saveDays, totalsOf } from './draft.ts'
import { PartyBoxes, type PartyMemberView } from './item-party.tsx'

const ENTERED_TYPES = ['meal', 'transport', 'accommodation', 'free_time'] as const

/** A catalogue flight as the Add item form offers it (flightOptions). */
export interface FlightChoice {
  id: number
  date: string
  label: string
  price: string
  currency: string
  seats_left: number
}

/** The flights of the trip's dates, the day in view's first, each with its fare per person. */
function flightData(flights: FlightChoice[], date: string) {
  const option = (f: FlightChoice) => ({
    value: String(f.id),
    label: `${f.label} · ${formatMoney(f.price, f.currency)} per person${f.seats_left ? '' : ' · sold out'}`,
  })
  const sameDay = flights.filter((f) => f.date === date)
  const others = flights.filter((f) => f.date !== date)
  return [
    { value: '', label: flights.length ? 'No flight (a transfer)' : 'No flights on the trip’s dates' },
    ...(sameDay.length ? [{ group: `Flights on ${formatDay(date)}`, items: sameDay.map(option) }] : []),
    ...(others.length
      ? [{ group: 'Other days of the trip', items: others.map((f) => ({ ...option(f), label: `${formatDay(f.date)} · ${option(f).label}` })) }]
      : []),
  ]
}

/**
 * Add item: a meal, transport (a catalogue transfer or flight), a stay (an accommodation supplier and a nightly price)
 * or free time, to the day in view, on its own or as another option of one of the day's items. It is saved at once
 * (with JavaScript, together with the working copy), so its price is found and converted by the server.
 */
export function AddItemForm({
  base,
  currency,
  transfers,
  stays,
  flights,
  dayDate,
  dayItems,
  failure,
  busy,
  onSubmit,
  party = [],
}: {
  /** The trip's party: whom the item is for. */
  party?: PartyMemberView[]
  base: FormBase
  currency: string
  transfers: { id: number; name: string }[]
  stays: { id: number; name: string }[]
  flights: FlightChoice[]
  /** The day in view: its date (its flights come first) and its items (the new one may be an option of one). */
  dayDate: string
  dayItems: { key: string; title: string; option_group: string | null }[]
  failure: { message: string; fields: Record<string, string[]>; values: Record<string, string> } | null
  busy: boolean
  onSubmit?: (form: FormData) => void
}) {
  const values = failure?.values ?? {}
  const [type, setType] = useState(values.type ?? 'meal')
  const err = (name: string) => fieldError(failure?.fields, name)
  const shown = (...types: string[]) => !onSubmit || types.includes(type)
  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="add-item-title">
      <Form
        method="post"
        onSubmit={(event) => {
          if (!onSubmit) return
          event.preventDefault()
          onSubmit(new FormData(event.currentTarget))
        }}
      >
        <input type="hidden" name="intent" value="add-item" />
        <input type="hidden" name="version" value={base.version} />
        <input type="hidden" name="day" value={base.day} />
        <Stack gap="sm">
          <Title order={3} size="h5" id="add-item-title">
            Add a meal, transport, stay or free time to this day
          </Title>
          {failure && Object.keys(failure.fields).every((k) => k.startsWith('days.')) ? (
            <Alert color="red" variant="light" role="alert">
              {failure.message}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              name="type"
              label="Kind"
              value={type}
              onChange={(e) => setType(e.currentTarget.value)}
              data={ENTERED_TYPES.map((t) => ({ value: t, label: ITEM_TYPE_LABELS[t] }))}
              error={err('type')}
            />
            <TextInput name="title" label="Title" required defaultValue={values.title} error={err('title')} />
            <TextInput name="location_name" label="Place" defaultValue={values.location_name} error={err('location_name')} />
            <TextInput name="start_time" label="Starts" type="time" defaultValue={values.start_time} error={err('start_time')} />
            <TextInput name="end_time" label="Ends" type="time" defaultValue={values.end_time} error={err('end_time')} />
            <TextInput
              name="duration_minutes"
              label="Duration (minutes)"
              inputMode="numeric"
              defaultValue={values.duration_minutes}
              error={err('duration_minutes')}
            />
            {shown('transport') ? (
              <NativeSelect
                name="transfer_id"
                label="Transfer (transport)"
                defaultValue={values.transfer_id}
                data={[
                  { value: '', label: transfers.length ? 'Choose a transfer…' : 'No transfers in the catalogue' },
                  ...transfers.map((t) => ({ value: String(t.id), label: t.name })),
                ]}
                error={err('transfer_id')}
              />
            ) : null}
            {shown('transport') ? (
              <NativeSelect
                name="flight_id"
                label="Or a catalogue flight (transport)"
                description="Priced at its fare for each adult and child"
                defaultValue={values.flight_id}
                data={flightData(flights, dayDate)}
                error={err('flight_id')}
              />
            ) : null}
            {shown('accommodation') ? (
              <>
                <NativeSelect
                  name="supplier_id"
                  label="Accommodation supplier (stay)"
                  defaultValue={values.supplier_id}
                  data={[{ value: '', label: 'None named' }, ...stays.map((s) => ({ value: String(s.id), label: s.name }))]}
                  error={err('supplier_id')}
                />
                <TextInput name="nights" label="Nights (stay)" inputMode="numeric" defaultValue={values.nights ?? '1'} error={err('nights')} />
              </>
            ) : null}
            {shown('meal', 'accommodation', 'free_time') ? (
              <>
                <TextInput
                  name="unit_price"
                  label={type === 'accommodation' && onSubmit ? 'Price per night' : 'Price (per night for a stay)'}
                  inputMode="decimal"
                  placeholder="Leave empty for no cost"
                  defaultValue={values.unit_price}
                  error={err('unit_price')}
                />
                <TextInput name="currency" label="Currency" maxLength={3} defaultValue={values.currency ?? currency} error={err('currency')} />
              </>
            ) : null}
          </SimpleGrid>
          {dayItems.length ? (
            <NativeSelect
              name="option_of"
              label="An option of"
              description="Offer it as an alternative to an item of this day: the traveler chooses one of them"
              defaultValue={values.option_of ?? ''}
              data={[
                { value: '', label: 'None: an item of its own' },
                ...dayItems.map((i) => ({ value: i.key, label: i.option_group ? `${i.title} (${i.option_group})` : i.title })),
              ]}
              error={err('option_of')}
            />
          ) : null}
          <PartyBoxes party={party} values={values} />
          <Group justify="space-between">
            <Checkbox name="booking_required" label="Booking required" defaultChecked={values.booking_required === 'on'} />
            <Button type="submit" variant="light" loading={busy}>
              Add to this day
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  )
}

function Side({ title, days, currency, other, note }: { title: string; days: DraftDay[]; currency: string; other: Set<string>; note: string }) {
  const totals = totalsOf(days, null)
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {note} · total {formatMoney(totals.total, currency)}
        </Text>
        {days.map((d) => (
          <Stack key={d.key} gap={2}>
            <Text size="sm" fw={600}>
              {d.title} ({d.date})
            </Text>
            {d.items.length ? (
              d.items.map((i) => (
                <Group key={i.key} gap="xs" wrap="nowrap">
                  <Text size="sm">• {i.title}</Text>
                  {other.has(i.key) ? null : (
                    <Badge size="xs" color="orange" variant="light">
                      only here
                    </Badge>
                  )}
                </Group>
              ))
            ) : (
              <Text size="xs" c="dimmed">
                No items
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  )
}

/**
 * A stale save (409): both versions side by side, and three ways on, each a form so that it works without JavaScript:
 * keep mine (saved on top of theirs), combine (theirs plus the items only mine has), or take theirs. Theirs stays in
 * the history whatever is chosen, so nothing is lost.
 */
export function MergePanel({
  conflict,
  mine,
  currency,
  hydrated,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: { message: string; current: { version: number; days: DraftDay[] }; base: { days: string[]; items: string[] } }
  mine: DraftDay[]
  currency: string
  hydrated: boolean
  onKeepMine: (days: DraftDay[]) => void
  onTakeTheirs: () => void
}) {
  const theirs = conflict.current.days
  const keys = (days: DraftDay[]) => new Set(days.flatMap((d) => d.items.map((i) => i.key)))
  const merged = combine(theirs, mine, conflict.base)
  const choice = (label: string, days: DraftDay[], variant: string) => (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!hydrated) return
        event.preventDefault()
        onKeepMine(days)
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={conflict.current.version} />
      <input type="hidden" name="payload" value={JSON.stringify({ days: saveDays(days) })} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  )
  return (
    <Paper withBorder radius="md" p="lg" role="alert" aria-labelledby="merge-title" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Stack gap="md">
        <Title order={2} size="h4" id="merge-title">
          Someone else saved this itinerary
        </Title>
        <Text>{conflict.message} Your changes are not lost: choose how to go on.</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Side title="Your changes" days={mine} currency={currency} other={keys(theirs)} note="not saved yet" />
          <Side title={`Saved version ${conflict.current.version}`} days={theirs} currency={currency} other={keys(mine)} note="as saved" />
        </SimpleGrid>
        <Group gap="sm">
          {choice('Combine: theirs plus my new items', merged, 'filled')}
          {choice('Keep mine', mine, 'default')}
          {hydrated ? (
            <Button variant="subtle" onClick={onTakeTheirs}>
              Take theirs
            </Button>
          ) : (
            <Button component="a" href="" variant="subtle">
              Take theirs
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
