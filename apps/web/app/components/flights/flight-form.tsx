import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { FlightDto } from '@meridian/core'
import { CABIN_CLASS_LABELS, CABIN_CLASSES, FLIGHT_AMENITIES } from '@meridian/validators/booking-constants'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'
import { AMENITY_ICONS } from './format.ts'

export const FLIGHT_FORM_FIELDS = [
  'airline_code',
  'flight_number',
  'aircraft',
  'from',
  'to',
  'departure',
  'arrival',
  'class',
  'stops',
  'price',
  'currency',
  'seats_total',
  'rating',
  'reviews',
] as const
export type FlightFormValues = Record<(typeof FLIGHT_FORM_FIELDS)[number], string> & { amenities: string[] }

export const EMPTY_FLIGHT: FlightFormValues = {
  airline_code: '',
  flight_number: '',
  aircraft: '',
  from: '',
  to: '',
  departure: '',
  arrival: '',
  class: 'economy',
  stops: '0',
  price: '',
  currency: 'USD',
  seats_total: '180',
  rating: '',
  reviews: '0',
  amenities: [],
}

/** A saved flight as the form shows it: local times at its airports. */
export function flightFormValues(f: FlightDto): FlightFormValues {
  return {
    airline_code: f.airline_code,
    flight_number: f.flight_number,
    aircraft: f.aircraft,
    from: f.departure.code,
    to: f.arrival.code,
    departure: `${f.departure.date}T${f.departure.time}`,
    arrival: `${f.arrival.date}T${f.arrival.time}`,
    class: f.class,
    stops: String(f.stops),
    price: f.price,
    currency: f.currency,
    seats_total: String(f.seats_total),
    rating: f.rating ?? '',
    reviews: String(f.reviews),
    amenities: f.amenities,
  }
}

export interface FlightFormOptions {
  airlines: { code: string; name: string }[]
  currencies: { code: string; name: string }[]
}

/**
 * New Flight and Edit Flight: a plain form post (the same with JavaScript on). Times are the local times at the
 * airports; airlines are IATA codes (the airline list comes with the form as suggestions), airports any of the
 * reference list by IATA code, city or name.
 */
export function FlightForm({
  values,
  fields,
  message,
  busy,
  submitLabel,
  cancelTo,
  options,
  booked,
}: {
  values: FlightFormValues
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  cancelTo: string
  options: FlightFormOptions
  /** Seats already booked (editing): the total cannot go below. */
  booked?: number
}) {
  const error = (name: string) => fieldError(fields, name)
  return (
    <Form method="post" noValidate aria-label="Flight">
      <Stack gap="sm">
        <ErrorBanner message={message ?? null} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            name="airline_code"
            label="Airline (IATA code)"
            required
            list="flight-airlines"
            maxLength={2}
            defaultValue={values.airline_code}
            error={error('airline_code')}
          />
          <TextInput
            name="flight_number"
            label="Flight number"
            required
            placeholder="BA117 or 117"
            maxLength={12}
            defaultValue={values.flight_number}
            error={error('flight_number')}
          />
          <TextInput name="aircraft" label="Aircraft" maxLength={60} defaultValue={values.aircraft} error={error('aircraft')} />
        </SimpleGrid>
        <datalist id="flight-airlines">
          {options.airlines.map((a) => (
            <option key={a.code} value={a.code}>
              {a.name}
            </option>
          ))}
        </datalist>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="from"
            label="From (airport IATA code, city or name)"
            placeholder="LHR"
            required
            maxLength={100}
            defaultValue={values.from}
            error={error('from')}
          />
          <TextInput
            name="to"
            label="To (airport IATA code, city or name)"
            placeholder="NRT"
            required
            maxLength={100}
            defaultValue={values.to}
            error={error('to')}
          />
          <TextInput
            type="datetime-local"
            name="departure"
            label="Departure (local time at the airport)"
            required
            defaultValue={values.departure}
            error={error('departure')}
          />
          <TextInput
            type="datetime-local"
            name="arrival"
            label="Arrival (local time at the airport)"
            required
            defaultValue={values.arrival}
            error={error('arrival')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NativeSelect
            name="class"
            label="Class"
            defaultValue={values.class}
            data={CABIN_CLASSES.map((c) => ({ value: c, label: CABIN_CLASS_LABELS[c] }))}
            error={error('class')}
          />
          <NativeSelect name="stops" label="Stops" defaultValue={values.stops} data={['0', '1', '2', '3']} error={error('stops')} />
          <TextInput name="price" label="Price per person" required inputMode="decimal" defaultValue={values.price} error={error('price')} />
          <NativeSelect
            name="currency"
            label="Currency"
            defaultValue={values.currency}
            data={options.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            error={error('currency')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <TextInput
            name="seats_total"
            label="Seats"
            required
            inputMode="numeric"
            defaultValue={values.seats_total}
            description={booked ? `${booked} already booked` : undefined}
            error={error('seats_total')}
          />
          <TextInput name="rating" label="Rating (0–5)" inputMode="decimal" defaultValue={values.rating} error={error('rating')} />
          <TextInput name="reviews" label="Reviews" inputMode="numeric" defaultValue={values.reviews} error={error('reviews')} />
        </SimpleGrid>
        <Checkbox.Group label="Amenities" defaultValue={values.amenities} error={error('amenities')}>
          <Group gap="lg" mt={4}>
            {FLIGHT_AMENITIES.map((a) => (
              <Checkbox key={a} name="amenities" value={a} label={AMENITY_ICONS[a]?.label ?? a} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
