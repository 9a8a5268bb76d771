import { Badge, Card, Checkbox, Group, Image, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { DESTINATION_CATEGORY_LABELS, type DestinationCategory } from '@meridian/validators/catalogue-constants'
import {
  ACCESSIBILITY_NEEDS,
  ACCOMMODATION_TYPES,
  BUDGET_INCLUDES,
  DIETARY_RESTRICTIONS,
  DINING_PREFERENCES,
  OPTION_LABELS,
  PRIORITY_LEVELS,
  PRIORITY_TEXTS,
  TRANSPORT_PREFERENCES,
  TRAVEL_STYLE_LABELS,
  TRAVEL_STYLES,
  TRIP_ACTIVITIES,
  TRIP_TYPE_LABELS,
  TRIP_TYPES,
  tripDays,
} from '@meridian/validators/trip-constants'
import { fieldError } from '../kit/banners.tsx'
import { formatMoney, plural } from './format.ts'

export type WizardValues = Record<string, string | string[]>
type Errors = Record<string, string[]> | undefined

export interface WizardDestination {
  id: number
  name: string
  continent: string
  category: string | null
  description: string
  image: string | null
}

const text = (values: WizardValues, key: string) => {
  const v = values[key]
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '')
}
const list = (values: WizardValues, key: string) => {
  const v = values[key]
  return Array.isArray(v) ? v : v ? [v] : []
}

function Boxes({ name, label, options, values, errors }: { name: string; label: string; options: readonly string[]; values: WizardValues; errors: Errors }) {
  const chosen = new Set(list(values, name))
  return (
    <Checkbox.Group label={label} error={fieldError(errors, name)} defaultValue={[...chosen]}>
      <Group gap="md" mt={6}>
        {options.map((o) => (
          <Checkbox key={o} name={name} value={o} label={OPTION_LABELS[o] ?? o} />
        ))}
      </Group>
    </Checkbox.Group>
  )
}

/** Step 1: where (a destination card, optionally a place in it) and when, with the duration in days. */
export function DestinationStep({
  values,
  errors,
  destinations,
  places,
  minDate,
  onPick,
}: {
  values: WizardValues
  errors: Errors
  destinations: WizardDestination[]
  places: { id: number; name: string }[]
  minDate: string
  onPick?: () => void
}) {
  const chosen = text(values, 'destination_id')
  const start = text(values, 'start_date')
  const end = text(values, 'end_date')
  return (
    <Stack gap="md">
      <Radio.Group name="destination_id" label="Destination" defaultValue={chosen} onChange={onPick} error={fieldError(errors, 'destination_id')}>
        {destinations.length === 0 ? <Text c="dimmed">No destinations match this search.</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" mt={6}>
          {destinations.map((d) => (
            <Card key={d.id} withBorder padding="sm" radius="md" component="label" style={{ cursor: 'pointer' }}>
              {d.image ? (
                <Card.Section>
                  <Image src={d.image} alt="" h={100} fit="cover" />
                </Card.Section>
              ) : null}
              <Group justify="space-between" wrap="nowrap" mt={d.image ? 'xs' : 0}>
                <Radio value={String(d.id)} label={d.name} />
                {d.category ? <Badge variant="light">{DESTINATION_CATEGORY_LABELS[d.category as DestinationCategory] ?? d.category}</Badge> : null}
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {d.continent}
              </Text>
              {d.description ? (
                <Text size="xs" lineClamp={2}>
                  {d.description}
                </Text>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {places.length ? (
        <NativeSelect
          name="location_id"
          label="City or place (optional)"
          defaultValue={text(values, 'location_id')}
          data={[{ value: '', label: 'Anywhere in this destination' }, ...places.map((p) => ({ value: String(p.id), label: p.name }))]}
          error={fieldError(errors, 'location_id')}
        />
      ) : (
        <input type="hidden" name="location_id" value="" />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="date" name="start_date" label="Departure date" min={minDate} defaultValue={start} error={fieldError(errors, 'start_date')} />
        <TextInput type="date" name="end_date" label="Return date" min={start && start > minDate ? start : minDate} defaultValue={end} error={fieldError(errors, 'end_date')} />
      </SimpleGrid>
      {start && end && end >= start ? <Text size="sm">Duration: {plural(tripDays(start, end), 'day', 'days')}</Text> : null}
    </Stack>
  )
}

/** Step 2: how many, in what style, what kind of trip. */
export function TravelersStep({ values, errors }: { values: WizardValues; errors: Errors }) {
  return (
    <Stack gap="md">
      <NumberInput name="travelers" label="Number of travelers" min={1} max={100} allowDecimal={false} defaultValue={text(values, 'travelers')} error={fieldError(errors, 'travelers')} />
      <Radio.Group name="travel_style" label="Travel style" defaultValue={text(values, 'travel_style')} error={fieldError(errors, 'travel_style')}>
        <Group mt={6}>
          {TRAVEL_STYLES.map((s) => (
            <Radio key={s} value={s} label={TRAVEL_STYLE_LABELS[s]} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group name="trip_type" label="Trip type" defaultValue={text(values, 'trip_type')} error={fieldError(errors, 'trip_type')}>
        <Group mt={6}>
          {TRIP_TYPES.map((t) => (
            <Radio key={t} value={t} label={TRIP_TYPE_LABELS[t]} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  )
}

/** Step 3: stays, activities (one at least), dining, getting around. */
export function PreferencesStep({ values, errors }: { values: WizardValues; errors: Errors }) {
  return (
    <Stack gap="md">
      <Boxes name="accommodation_type" label="Accommodation types" options={ACCOMMODATION_TYPES} values={values} errors={errors} />
      <Boxes name="activities" label="Activities (choose at least one)" options={TRIP_ACTIVITIES} values={values} errors={errors} />
      <Boxes name="dining_preferences" label="Dining preferences" options={DINING_PREFERENCES} values={values} errors={errors} />
      <Boxes name="transport_preferences" label="Transport preferences" options={TRANSPORT_PREFERENCES} values={values} errors={errors} />
    </Stack>
  )
}

/** Step 4: budget per person, what it covers, and the total for the group. */
export function BudgetStep({ values, errors }: { values: WizardValues; errors: Errors }) {
  const travelers = Number.parseInt(text(values, 'travelers'), 10) || 1
  const min = text(values, 'budget_min')
  const max = text(values, 'budget_max')
  const total = (perPerson: string) => (/^\d+$/.test(perPerson) ? formatMoney(String(BigInt(perPerson) * BigInt(travelers))) : '—')
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput name="budget_min" label="Budget minimum per person (USD)" min={0} allowDecimal={false} defaultValue={min} error={fieldError(errors, 'budget_min')} />
        <NumberInput name="budget_max" label="Budget maximum per person (USD)" min={0} allowDecimal={false} defaultValue={max} error={fieldError(errors, 'budget_max')} />
      </SimpleGrid>
      <Text size="sm" aria-live="polite">
        Total for {plural(travelers, 'traveler', 'travelers')}: {total(min)} – {total(max)}
      </Text>
      <Boxes name="budget_includes" label="The budget includes" options={BUDGET_INCLUDES} values={values} errors={errors} />
    </Stack>
  )
}

/** Step 5: anything else, needs, priority (display texts of §9) and an expert preference. */
export function DetailsStep({ values, errors }: { values: WizardValues; errors: Errors }) {
  return (
    <Stack gap="md">
      <Textarea name="special_requests" label="Special requests" autosize minRows={3} maxLength={2000} defaultValue={text(values, 'special_requests')} error={fieldError(errors, 'special_requests')} />
      <Boxes name="accessibility" label="Accessibility" options={ACCESSIBILITY_NEEDS} values={values} errors={errors} />
      <Boxes name="dietary_restrictions" label="Dietary restrictions" options={DIETARY_RESTRICTIONS} values={values} errors={errors} />
      <Radio.Group name="priority_level" label="Priority level" defaultValue={text(values, 'priority_level')} error={fieldError(errors, 'priority_level')}>
        <Stack gap={6} mt={6}>
          {PRIORITY_LEVELS.map((p) => (
            <Radio
              key={p}
              value={p}
             
              label={`${PRIORITY_TEXTS[p].label}: ${PRIORITY_TEXTS[p].time}, ${PRIORITY_TEXTS[p].price}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <TextInput name="expert_preference" label="Expert preference (optional)" maxLength={500} defaultValue={text(values, 'expert_preference')} error={fieldError(errors, 'expert_preference')} />
    </Stack>
  )
}

/** §4: whether Next may be pressed on this step, from what the form holds now. */
export function stepComplete(form: FormData, step: number): boolean {
  const has = (k: string) => String(form.get(k) ?? '').trim() !== ''
  const positive = (k: string) => (Number.parseInt(String(form.get(k) ?? ''), 10) || 0) > 0
  switch (step) {
    case 0:
      return has('destination_id') && has('start_date') && has('end_date')
    case 1:
      return positive('travelers') && has('travel_style') && has('trip_type')
    case 2:
      return form.getAll('activities').length > 0
    case 3:
      return positive('budget_min') && positive('budget_max')
    default:
      return false
  }
}
