import { Button, Checkbox, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { type FormEvent, useEffect, useRef } from 'react'
import { CABIN_CLASS_LABELS, CABIN_CLASSES, FLIGHT_PRICE_RANGE, MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { fieldError } from '../kit/banners.tsx'
import classes from './flights.module.css'

export const TRIP_TYPE_LABELS = { oneWay: 'One Way', roundTrip: 'Round Trip', multiCity: 'Multi-City' } as const
/** Legs of a multi-city trip: the form starts with 2 and 'Add leg' offers one more, up to 5 (as the service takes). */
const MIN_LEGS = 2
const MAX_LEGS = 5
/** The duration filter's choices, in hours (the service takes any whole number from 1 to 72). */
const DURATIONS = [2, 4, 6, 8, 12, 16, 24]
/** The filters: with JavaScript a change to one of them searches at once (a typed price after a short pause). */
const FILTERS = new Set(['price_min', 'price_max', 'airlines', 'stops', 'max_duration', 'time_of_day'])

/** The search as the query string holds it; repeated from, to and departure_date are a multi-city trip's legs. */
export interface SearchValues {
  trip_type: string
  from: string[]
  to: string[]
  departure_date: string[]
  return_date: string
  passengers: string
  class: string
  price_min: string
  price_max: string
  airlines: string[]
  stops: string
  time_of_day: string
  max_duration: string
  /** Rows of legs the form shows for a multi-city trip (2 to 5). */
  legs: number
}

/** The search fields of a query string, with the form's defaults (passengers 1, class economy, oneWay). */
export function searchValues(params: URLSearchParams): SearchValues {
  const one = (k: string, fallback = '') => params.get(k) ?? fallback
  return {
    trip_type: one('trip_type', 'oneWay'),
    from: params.getAll('from'),
    to: params.getAll('to'),
    departure_date: params.getAll('departure_date'),
    return_date: one('return_date'),
    passengers: one('passengers', '1'),
    class: one('class', 'economy'),
    price_min: one('price_min'),
    price_max: one('price_max'),
    airlines: params
      .getAll('airlines')
      .flatMap((a) => a.split(','))
      .map((a) => a.trim().toUpperCase())
      .filter(Boolean),
    stops: one('stops'),
    time_of_day: one('time_of_day'),
    max_duration: one('max_duration'),
    legs: Math.min(MAX_LEGS, Math.max(MIN_LEGS, Number(params.get('legs')) || 0, params.getAll('from').length)),
  }
}

/**
 * The Search Flights form (2-catalogue-content.md §2): trip type, From, To, Departure date, Return date (round trip),
 * the further legs of a multi-city trip (2 to 5, 'Add leg' submits for one more row), Passengers 1 to 6, Class, then
 * the screen's filters (price 0–2000, the results' airlines, stops, duration, time of day). A GET form: the search and
 * its filters are the page's URL and the server applies them, with or without JavaScript; with it the button spins
 * while the results load and a changed filter searches at once.
 */
export function SearchForm({
  values,
  fields,
  airlines,
}: {
  values: SearchValues
  fields?: Record<string, string[]>
  /** The airlines the search found (before the airline filter): the airline checkboxes. */
  airlines: { code: string; name: string }[]
}) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const pause = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(pause.current), [])
  const searching = navigation.state !== 'idle' && navigation.location?.pathname === '/dashboard/flights'
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (!FILTERS.has(target.name)) return
    const form = event.currentTarget
    clearTimeout(pause.current)
    const go = () => submit(form, { replace: true, preventScrollReset: true })
    if (target.type === 'number') pause.current = setTimeout(go, 500)
    else go()
  }
  const airlineChoices = [...airlines, ...values.airlines.filter((c) => !airlines.some((a) => a.code === c)).map((code) => ({ code, name: code }))]
  const durations = DURATIONS.map(String)
  if (values.max_duration && !durations.includes(values.max_duration)) durations.push(values.max_duration)
  const leg = (i: number) => ({ from: values.from[i] ?? '', to: values.to[i] ?? '', date: values.departure_date[i] ?? '' })
  return (
    <Form method="get" action="/dashboard/flights" id="flight-search" aria-label="Search Flights" className={classes.search} onChange={onChange}>
      <Stack gap="sm">
        <Radio.Group name="trip_type" label="Trip type" defaultValue={values.trip_type} error={fieldError(fields, 'trip_type')}>
          <Group gap="lg" mt={4}>
            {(Object.keys(TRIP_TYPE_LABELS) as (keyof typeof TRIP_TYPE_LABELS)[]).map((t) => (
              <Radio key={t} value={t} label={TRIP_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            name="from"
            label="From"
            placeholder="City, airport or code"
            defaultValue={leg(0).from}
            maxLength={100}
            error={fieldError(fields, 'from')}
          />
          <TextInput name="to" label="To" placeholder="City, airport or code" defaultValue={leg(0).to} maxLength={100} error={fieldError(fields, 'to')} />
          <TextInput type="date" name="departure_date" label="Departure date" defaultValue={leg(0).date} error={fieldError(fields, 'departure_date')} />
          <TextInput
            type="date"
            name="return_date"
            label="Return date"
            className={classes.returnDate}
            defaultValue={values.return_date}
            error={fieldError(fields, 'return_date')}
          />
        </SimpleGrid>
        <div className={classes.moreLegs}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Multi-city: 2 to 5 legs in order; the first is From, To and Departure date above (empty legs are left out).
            </Text>
            {Array.from({ length: values.legs - 1 }, (_, k) => k + 1).map((i) => (
              <SimpleGrid key={i} cols={{ base: 1, sm: 3 }}>
                <TextInput name="from" label={`Leg ${i + 1} from`} defaultValue={leg(i).from} maxLength={100} />
                <TextInput name="to" label={`Leg ${i + 1} to`} defaultValue={leg(i).to} maxLength={100} />
                <TextInput type="date" name="departure_date" label={`Leg ${i + 1} date`} defaultValue={leg(i).date} />
              </SimpleGrid>
            ))}
            {values.legs < MAX_LEGS ? (
              <Group>
                <Button type="submit" name="legs" value={String(values.legs + 1)} variant="light" size="xs">
                  Add leg
                </Button>
              </Group>
            ) : null}
          </Stack>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NativeSelect
            name="passengers"
            label="Passengers"
            defaultValue={values.passengers}
            data={Array.from({ length: MAX_PASSENGERS - MIN_PASSENGERS + 1 }, (_, i) => String(MIN_PASSENGERS + i))}
            error={fieldError(fields, 'passengers')}
          />
          <NativeSelect
            name="class"
            label="Class"
            defaultValue={values.class}
            data={CABIN_CLASSES.map((c) => ({ value: c, label: CABIN_CLASS_LABELS[c] }))}
            error={fieldError(fields, 'class')}
          />
        </SimpleGrid>
        <Fieldset legend="Filters" variant="unstyled">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, md: 5 }}>
              <TextInput
                name="price_min"
                label="Min price"
                type="number"
                min={FLIGHT_PRICE_RANGE[0]}
                max={FLIGHT_PRICE_RANGE[1]}
                step="any"
                placeholder={String(FLIGHT_PRICE_RANGE[0])}
                defaultValue={values.price_min}
                error={fieldError(fields, 'price_min')}
              />
              <TextInput
                name="price_max"
                label="Max price"
                type="number"
                min={FLIGHT_PRICE_RANGE[0]}
                max={FLIGHT_PRICE_RANGE[1]}
                step="any"
                placeholder={String(FLIGHT_PRICE_RANGE[1])}
                defaultValue={values.price_max}
                error={fieldError(fields, 'price_max')}
              />
              <NativeSelect
                name="stops"
                label="Stops"
                defaultValue={values.stops}
                error={fieldError(fields, 'stops')}
                data={[
                  { value: '', label: 'Any' },
                  { value: '0', label: 'Non-stop' },
                  { value: '1', label: '1 stop' },
                  { value: '2', label: '2+ stops' },
                ]}
              />
              <NativeSelect
                name="max_duration"
                label="Duration"
                defaultValue={values.max_duration}
                error={fieldError(fields, 'max_duration')}
                data={[{ value: '', label: 'Any length' }, ...durations.map((h) => ({ value: h, label: `Up to ${h} hours` }))]}
              />
              <NativeSelect
                name="time_of_day"
                label="Departure time"
                defaultValue={values.time_of_day}
                error={fieldError(fields, 'time_of_day')}
                data={[
                  { value: '', label: 'Any time' },
                  { value: 'morning', label: 'Morning (05–12)' },
                  { value: 'afternoon', label: 'Afternoon (12–18)' },
                  { value: 'evening', label: 'Evening (18–24)' },
                  { value: 'night', label: 'Night (00–05)' },
                ]}
              />
            </SimpleGrid>
            <Fieldset legend="Airlines" variant="unstyled" aria-describedby="flight-airlines-hint">
              <Text id="flight-airlines-hint" size="xs" c="dimmed">
                {airlineChoices.length ? 'None ticked: every airline.' : 'The airlines of the results appear here.'}
              </Text>
              <Group gap="md" mt={4}>
                {airlineChoices.map((a) => (
                  <Checkbox key={a.code} name="airlines" value={a.code} label={`${a.name} (${a.code})`} defaultChecked={values.airlines.includes(a.code)} />
                ))}
              </Group>
              {fieldError(fields, 'airlines') ? (
                <Text size="xs" c="red" role="alert">
                  {fieldError(fields, 'airlines')}
                </Text>
              ) : null}
            </Fieldset>
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={searching}>
            Search Flights
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
