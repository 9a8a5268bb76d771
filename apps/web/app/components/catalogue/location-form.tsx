import { Button, Checkbox, Grid, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form, useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { LOCATION_TYPE_LABELS, LOCATION_TYPES } from '@meridian/validators/catalogue-constants'
import { useHydrated } from '../shell/use-hydrated.ts'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'

/**
 * What the location form shows and sends: the save list of 2-catalogue-content.md §3 (name, location_type,
 * country id, latitude, longitude, timezone, is_active, description, airport_code, population) and the region.
 */
export const LOCATION_FIELDS = [
  'name',
  'location_type',
  'country',
  'region',
  'latitude',
  'longitude',
  'timezone',
  'is_active',
  'description',
  'airport_code',
  'population',
] as const
export type LocationFormValues = Record<(typeof LOCATION_FIELDS)[number], string>

export const EMPTY_LOCATION: LocationFormValues = {
  name: '',
  location_type: 'city',
  country: '',
  region: '',
  latitude: '',
  longitude: '',
  timezone: '',
  is_active: 'true',
  description: '',
  airport_code: '',
  population: '',
}

/** Only the form's fields, from a submitted form or the query string of a "Load regions" round trip. */
export function pickLocationFields(values: Record<string, string>, base: LocationFormValues = EMPTY_LOCATION): LocationFormValues {
  return Object.fromEntries(LOCATION_FIELDS.map((k) => [k, values[k] ?? base[k]])) as LocationFormValues
}

export function locationFormValues(l: {
  name: string
  location_type: string
  country: { id: number }
  region: { id: number } | null
  latitude: number | null
  longitude: number | null
  timezone: string
  is_active: boolean
  description: string
  airport_code: string
  population: number | null
}): LocationFormValues {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
  return {
    name: l.name,
    location_type: l.location_type,
    country: String(l.country.id),
    region: l.region ? String(l.region.id) : '',
    latitude: text(l.latitude),
    longitude: text(l.longitude),
    timezone: l.timezone,
    is_active: String(l.is_active),
    description: l.description,
    airport_code: l.airport_code,
    population: text(l.population),
  }
}

interface Choice {
  id: number
  name: string
}

export function LocationForm({
  values,
  countries,
  regions,
  fields,
  message,
  busy,
  submitLabel,
  back,
}: {
  values: LocationFormValues
  countries: Choice[]
  /** Regions of values.country, as the server knows them. */
  regions: Choice[]
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  back: string
}) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ regions: Choice[] }>()
  const [country, setCountry] = useState(values.country)
  const [region, setRegion] = useState(values.region)
  const [regionChoices, setRegionChoices] = useState(regions)
  useEffect(() => {
    if (fetcher.data) setRegionChoices(fetcher.data.regions)
  }, [fetcher.data])
  const onCountry = (next: string) => {
    setCountry(next)
    // The region belongs to the country: a new country clears it and lists its own regions (§4).
    setRegion('')
    setRegionChoices([])
    if (next) fetcher.load(`/resources/regions?country=${encodeURIComponent(next)}`)
  }
  const input = (name: keyof LocationFormValues) => ({ name, defaultValue: values[name], error: fieldError(fields, name) })
  return (
    <Form method="post" aria-label="Location">
      <input type="hidden" name="back" value={back} />
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Name" withAsterisk maxLength={150} {...input('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Location type"
              withAsterisk
              data={LOCATION_TYPES.map((t) => ({ value: t, label: LOCATION_TYPE_LABELS[t] }))}
              {...input('location_type')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Country"
              withAsterisk
              name="country"
              value={country}
              onChange={(e) => onCountry(e.currentTarget.value)}
              error={fieldError(fields, 'country')}
              data={[{ value: '', label: 'Select a country' }, ...countries.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <NativeSelect
                label="Region"
                name="region"
                style={{ flex: 1 }}
                value={region}
                onChange={(e) => setRegion(e.currentTarget.value)}
                disabled={!country || (hydrated && fetcher.state === 'loading')}
                description={country ? undefined : 'Choose a country first'}
                error={fieldError(fields, 'region')}
                data={[{ value: '', label: country ? 'No region' : 'Select a country first' }, ...regionChoices.map((r) => ({ value: String(r.id), label: r.name }))]}
              />
              {hydrated ? null : (
                <Button type="submit" formMethod="get" name="intent" value="regions" variant="default">
                  Load regions
                </Button>
              )}
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Latitude" inputMode="decimal" placeholder="-90 to 90" {...input('latitude')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Longitude" inputMode="decimal" placeholder="-180 to 180" {...input('longitude')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Time zone" placeholder="Europe/Paris" {...input('timezone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Airport code" maxLength={3} placeholder="IATA" {...input('airport_code')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Population" inputMode="numeric" {...input('population')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox name="is_active" label="Active" defaultChecked={values.is_active === 'true'} mt={{ sm: 28 }} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Description" autosize minRows={2} maxRows={6} {...input('description')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
