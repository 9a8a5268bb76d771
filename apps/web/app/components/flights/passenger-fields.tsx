import { NativeSelect, SimpleGrid, Textarea } from '@mantine/core'
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { fieldError } from '../kit/banners.tsx'

const PASSENGER_COUNTS = Array.from({ length: MAX_PASSENGERS - MIN_PASSENGERS + 1 }, (_, i) => String(MIN_PASSENGERS + i))

interface PassengerFieldsProps {
  passengers: number
  onPassengers: (count: number) => void
  trips: readonly { id: number; title: string; start_date: string }[]
  /** The refused post: its field errors and the values sent, kept in the form. */
  failure?: { fields: Record<string, string[]>; values: Record<string, string | undefined> } | null
}

/** The booking form's passengers, optional trip and passenger names, shared by one flight and a multi-city itinerary. */
export function PassengerFields({ passengers, onPassengers, trips, failure }: PassengerFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          name="passengers"
          label="Passengers"
          value={String(passengers)}
          onChange={(e) => onPassengers(Number(e.currentTarget.value))}
          data={PASSENGER_COUNTS}
          error={fieldError(failure?.fields, 'passengers')}
        />
        <NativeSelect
          name="trip_id"
          label="For trip (optional)"
          defaultValue={failure?.values.trip_id ?? ''}
          data={[{ value: '', label: 'No trip' }, ...trips.map((t) => ({ value: String(t.id), label: `${t.title} (${t.start_date})` }))]}
          error={fieldError(failure?.fields, 'trip_id')}
        />
      </SimpleGrid>
      <Textarea
        name="passenger_names"
        label="Passenger names (optional, one a line)"
        autosize
        minRows={2}
        maxRows={6}
        defaultValue={failure?.values.passenger_names ?? ''}
        error={fieldError(failure?.fields, 'passenger_names')}
      />
    </>
  )
}
