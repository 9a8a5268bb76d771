import { Button, Checkbox, Grid, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { CONTINENTS, DESTINATION_CATEGORIES, DESTINATION_CATEGORY_LABELS } from '@meridian/validators/catalogue-constants'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'

/** What the country form shows and sends (2-catalogue-content.md §3 Country: the fields with inputs). */
export interface CountryFormValues {
  name: string
  continent: string
  capital: string
  currency: string
  language: string
  population: string
  is_active: boolean
  is_promoted_destination: boolean
  destination_category: string
  why_visit: string
  highlights: string
  best_time_to_visit: string
  visa_requirements: string
  entry_requirements: string
  safety_info: string
  health_requirements: string
  local_customs: string
  tipping_guide: string
  transportation_overview: string
  travel_seasons: string
  emergency_contacts: string
  main_airports: string
  main_ports: string
}

export const COUNTRY_CHECKBOXES = ['is_active', 'is_promoted_destination'] as const

export const EMPTY_COUNTRY: CountryFormValues = {
  name: '',
  continent: '',
  capital: '',
  currency: '',
  language: '',
  population: '0',
  is_active: true,
  is_promoted_destination: false,
  destination_category: '',
  why_visit: '',
  highlights: '',
  best_time_to_visit: '',
  visa_requirements: '',
  entry_requirements: '',
  safety_info: '',
  health_requirements: '',
  local_customs: '',
  tipping_guide: '',
  transportation_overview: '',
  travel_seasons: '',
  emergency_contacts: '',
  main_airports: '',
  main_ports: '',
}

const json = (value: Record<string, unknown>) => (Object.keys(value).length ? JSON.stringify(value, null, 2) : '')

/** A stored country as form values. */
export function countryFormValues(c: {
  [K in keyof CountryFormValues]: unknown
}): CountryFormValues {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
  return {
    ...(Object.fromEntries(Object.keys(EMPTY_COUNTRY).map((k) => [k, text(c[k as keyof CountryFormValues])])) as unknown as CountryFormValues),
    is_active: Boolean(c.is_active),
    is_promoted_destination: Boolean(c.is_promoted_destination),
    travel_seasons: json((c.travel_seasons ?? {}) as Record<string, unknown>),
    emergency_contacts: json((c.emergency_contacts ?? {}) as Record<string, unknown>),
    main_airports: ((c.main_airports ?? []) as string[]).join(', '),
    main_ports: ((c.main_ports ?? []) as string[]).join(', '),
  }
}

/** Typed values sent back after a refusal, as form values (checkboxes arrive as 'true'/'false'). */
export function countryFormFromSubmitted(values: Record<string, string>): CountryFormValues {
  return {
    ...EMPTY_COUNTRY,
    ...values,
    is_active: values.is_active === 'true',
    is_promoted_destination: values.is_promoted_destination === 'true',
  } as CountryFormValues
}

export function CountryForm({
  values,
  fields,
  message,
  busy,
  submitLabel,
  back,
}: {
  values: CountryFormValues
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  back: string
}) {
  const input = (name: keyof CountryFormValues) => ({ name, defaultValue: values[name] as string, error: fieldError(fields, name) })
  const long = (name: keyof CountryFormValues, label: string) => (
    <Grid.Col span={{ base: 12, sm: 6 }}>
      <Textarea label={label} autosize minRows={2} maxRows={6} {...input(name)} />
    </Grid.Col>
  )
  return (
    <Form method="post" aria-label="Destination">
      <input type="hidden" name="back" value={back} />
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Name" withAsterisk maxLength={100} {...input('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Continent"
              withAsterisk
              data={[{ value: '', label: 'Select a continent' }, ...CONTINENTS.map((c) => ({ value: c, label: c }))]}
              {...input('continent')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Capital" {...input('capital')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Currency" {...input('currency')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Language" {...input('language')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Population" inputMode="numeric" {...input('population')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Destination category"
              data={[
                { value: '', label: 'No category' },
                ...DESTINATION_CATEGORIES.map((c) => ({ value: c, label: DESTINATION_CATEGORY_LABELS[c] })),
              ]}
              {...input('destination_category')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Group gap="xl">
              <Checkbox name="is_active" label="Active" defaultChecked={values.is_active} />
              <Checkbox name="is_promoted_destination" label="Promoted destination" defaultChecked={values.is_promoted_destination} />
            </Group>
          </Grid.Col>
          {long('why_visit', 'Why visit')}
          {long('highlights', 'Highlights')}
          {long('best_time_to_visit', 'Best time to visit')}
          {long('visa_requirements', 'Visa requirements')}
          {long('entry_requirements', 'Entry requirements')}
          {long('safety_info', 'Safety information')}
          {long('health_requirements', 'Health requirements')}
          {long('local_customs', 'Local customs')}
          {long('tipping_guide', 'Tipping guide')}
          {long('transportation_overview', 'Transportation overview')}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Textarea
              label="Travel seasons"
              description='JSON, e.g. {"summer": "June to August"}'
              autosize
              minRows={2}
              {...input('travel_seasons')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Textarea label="Emergency contacts" description='JSON, e.g. {"police": "112"}' autosize minRows={2} {...input('emergency_contacts')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Main airports" description="IATA codes, separated by commas" {...input('main_airports')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Main ports" description="Separated by commas" {...input('main_ports')} />
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
