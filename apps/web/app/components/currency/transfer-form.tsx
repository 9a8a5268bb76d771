import { Button, Checkbox, Grid, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { TRANSFER_TYPE_LABELS, TRANSFER_TYPES } from '@meridian/validators/currency-constants'
import { ErrorBanner } from '../error-banner.tsx'

export interface PlaceOptions {
  countries: { id: number; name: string }[]
  locations: { id: number; name: string; country: number }[]
}

type Fields = Record<string, string[]> | undefined

const JSON_HELP = {
  routes: 'A list: [{"from": "Velana Airport", "to": "Resort jetty", "distance_km": 95, "duration_minutes": 45}]',
  pricing: '{"currency": "USD", "per": "person" | "vehicle" | "trip", "adult": 120, "child": 60, "infant": 0, "vehicle": 400}',
  schedules: '{"days": ["mon", "fri"], "departures": ["08:30", "14:00"], "frequency": "twice daily", "season": {"from": "11-01", "to": "04-30"}}',
}

/**
 * §2.4 transfer modal: Name, Type, From/To Country, From/To Location, Duration and the three JSON areas. Invalid
 * JSON or a wrong structure is shown under its area and nothing is saved.
 */
export function TransferForm({
  values,
  fields,
  message,
  cancelTo,
  places,
}: {
  values: Record<string, string | boolean>
  fields?: Fields
  message?: string | null
  cancelTo: string
  places: PlaceOptions
}) {
  const navigation = useNavigation()
  const err = (name: string) => fields?.[name]?.join(' ')
  const countries = [{ value: '', label: '—' }, ...places.countries.map((c) => ({ value: String(c.id), label: c.name }))]
  const countryName = new Map(places.countries.map((c) => [c.id, c.name]))
  const locations = [{ value: '', label: '—' }, ...places.locations.map((l) => ({ value: String(l.id), label: `${l.name} (${countryName.get(l.country) ?? ''})` }))]
  const text = (name: string) => String(values[name] ?? '')
  return (
    <Form method="post" aria-label="Transfer" noValidate>
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Name" name="name" defaultValue={text('name')} error={err('name')} maxLength={200} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect label="Type" name="type" data={TRANSFER_TYPES.map((t) => ({ value: t, label: TRANSFER_TYPE_LABELS[t] }))} defaultValue={text('type') || 'speedboat'} error={err('type')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="From Country" name="from_country" data={countries} defaultValue={text('from_country')} error={err('from_country')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="To Country" name="to_country" data={countries} defaultValue={text('to_country')} error={err('to_country')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="From Location" name="from_location" data={locations} defaultValue={text('from_location')} error={err('from_location')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="To Location" name="to_location" data={locations} defaultValue={text('to_location')} error={err('to_location')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Duration" name="duration" placeholder="e.g. 45 minutes" defaultValue={text('duration')} error={err('duration')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }} pt="xl">
            <Checkbox label="Active" name="is_active" defaultChecked={values.is_active !== false && values.is_active !== 'false'} />
          </Grid.Col>
          {(['routes', 'pricing', 'schedules'] as const).map((area) => (
            <Grid.Col span={12} key={area}>
              <Textarea
                label={area[0]!.toUpperCase() + area.slice(1)}
                name={area}
                description={JSON_HELP[area]}
                defaultValue={text(area)}
                error={err(area)}
                autosize
                minRows={3}
                maxRows={10}
                ff="monospace"
                spellCheck={false}
              />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={navigation.state === 'submitting'}>
            Save
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** A transfer as the form's text values (JSON areas pretty-printed). */
export function transferValues(t: {
  name: string
  type: string
  is_active: boolean
  from_country: number | null
  to_country: number | null
  from_location: number | null
  to_location: number | null
  duration: string
  routes: unknown
  pricing: unknown
  schedules: unknown
}): Record<string, string | boolean> {
  const json = (x: unknown, empty: string) => (JSON.stringify(x) === empty ? '' : JSON.stringify(x, null, 2))
  return {
    name: t.name,
    type: t.type,
    is_active: t.is_active,
    from_country: t.from_country ? String(t.from_country) : '',
    to_country: t.to_country ? String(t.to_country) : '',
    from_location: t.from_location ? String(t.from_location) : '',
    to_location: t.to_location ? String(t.to_location) : '',
    duration: t.duration,
    routes: json(t.routes, '[]'),
    pricing: json(t.pricing, '{}'),
    schedules: json(t.schedules, '{}'),
  }
}
