import { Button, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { CABIN_CLASS_LABELS, CABIN_CLASSES, FLIGHT_PRICE_RANGE, MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { fieldError } from '../kit/banners.tsx'
import classes from './flights.module.css'

export const TRIP_TYPE_LABELS = { oneWay: 'One Way', roundTrip: 'Round Trip', multiCity: 'Multi-City' } as const
/** Legs of a multi-city search the form offers (the service takes up to 5). */
const MULTI_LEGS = 3

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
  airlines: string
  stops: string
  time_of_day: string
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
    airlines: one('airlines'),
    stops: one('stops'),
    time_of_day: one('time_of_day'),
  }
}

/**
 * The Search Flights form (2-catalogue-content.md §2): trip type, From, To, Departure date, Return date (round trip),
 * Passengers 1 to 6, Class, then the screen's filters. A GET form: the search is the page's URL, with or without
 * JavaScript; with it the button spins while the results load.
 */
export function SearchForm({ values, fields }: { values: SearchValues; fields?: Record<string, string[]> }) {
  const navigation = useNavigation()
  const searching = navigation.state !== 'idle' && navigation.location?.pathname === '/dashboard/flights'
  const leg = (i: number) => ({ from: values.from[i] ?? '', to: values.to[i] ?? '', date: values.departure_date[i] ?? '' })
  return (
    <Form method="get" action="/dashboard/flights" id="flight-search" aria-label="Search Flights" className={classes.search}>
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
              Multi-city: each further leg, in order (empty legs are left out).
            </Text>
            {Array.from({ length: MULTI_LEGS - 1 }, (_, k) => k + 1).map((i) => (
              <SimpleGrid key={i} cols={{ base: 1, sm: 3 }}>
                <TextInput name="from" label={`Leg ${i + 1} from`} defaultValue={leg(i).from} maxLength={100} />
                <TextInput name="to" label={`Leg ${i + 1} to`} defaultValue={leg(i).to} maxLength={100} />
                <TextInput type="date" name="departure_date" label={`Leg ${i + 1} date`} defaultValue={leg(i).date} />
              </SimpleGrid>
            ))}
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
              step="any"
              placeholder={String(FLIGHT_PRICE_RANGE[1])}
              defaultValue={values.price_max}
              error={fieldError(fields, 'price_max')}
            />
            <TextInput name="airlines" label="Airlines" placeholder="e.g. BA, AF" defaultValue={values.airlines} error={fieldError(fields, 'airlines')} />
            <NativeSelect
              name="stops"
              label="Stops"
              defaultValue={values.stops}
              data={[
                { value: '', label: 'Any' },
                { value: '0', label: 'Non-stop' },
                { value: '1', label: '1 stop' },
                { value: '2', label: '2+ stops' },
              ]}
            />
            <NativeSelect
              name="time_of_day"
              label="Departure time"
              defaultValue={values.time_of_day}
              data={[
                { value: '', label: 'Any time' },
                { value: 'morning', label: 'Morning (05–12)' },
                { value: 'afternoon', label: 'Afternoon (12–18)' },
                { value: 'evening', label: 'Evening (18–24)' },
                { value: 'night', label: 'Night (00–05)' },
              ]}
            />
          </SimpleGrid>
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
