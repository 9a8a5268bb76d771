import { Alert, Button, Checkbox, Divider, Grid, Group, NativeSelect, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import { OwnTermsFields } from '../bookings/terms-fields.tsx'
import { useState } from 'react'
import { fetchWithRetry } from '@meridian/validators/fetch-retry'
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CATEGORY_LABELS,
  ACTIVITY_DIFFICULTIES,
  EXPERIENCE_TYPE_LABELS,
  EXPERIENCE_TYPES,
  INCLUDED_SERVICE_LABELS,
  INCLUDED_SERVICES,
} from '@meridian/validators/activity-constants'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { type ActivityFormValues, canSave, EMPTY_TIER, type TierRow, tierMessage } from './form-values.ts'

export interface ActivityFormOptions {
  suppliers: { id: number; name: string; country_id: number | null }[]
  countries: { id: number; name: string }[]
  locations: { id: number; name: string }[]
  currencies: { code: string; name: string }[]
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The activity form of §5, one route per mode (create, edit). Works as a plain form post: tier rows are added or
 * removed and a country's locations shown by submit buttons the action answers without saving. With JavaScript
 * the same buttons act in place, the location list follows the country, and Save stays disabled until §5 holds.
 */
export function ActivityForm({
  initial,
  options,
  fields,
  message,
  busy,
  submitLabel,
  back,
}: {
  initial: ActivityFormValues
  options: ActivityFormOptions
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  back: string
}) {
  const hydrated = useHydrated()
  const [values, setValues] = useState(initial)
  const [locations, setLocations] = useState(options.locations)
  const f = values.fields
  const set = (name: keyof ActivityFormValues['fields'], value: string) => setValues((v) => ({ ...v, fields: { ...v.fields, [name]: value } }))
  const setTier = (i: number, key: keyof TierRow, value: string) =>
    setValues((v) => ({ ...v, tiers: v.tiers.map((t, j) => (j === i ? { ...t, [key]: value } : t)) }))
  const input = (name: keyof ActivityFormValues['fields']) => ({
    name,
    value: f[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, e.currentTarget.value),
    error: fieldError(fields, name),
  })
  const supplier = options.suppliers.find((s) => String(s.id) === f.supplier_id)

  async function chooseCountry(country: string) {
    setValues((v) => ({ ...v, fields: { ...v.fields, country_id: country, location_id: '' } }))
    setLocations([])
    if (!country) return
    const res = await fetchWithRetry(`/resources/activity-locations?country=${encodeURIComponent(country)}`).catch(() => null)
    if (res?.ok) setLocations(((await res.json()) as { locations: ActivityFormOptions['locations'] }).locations)
  }

  const tierProblem = tierMessage(values)
  const half = (node: React.ReactNode) => <Grid.Col span={{ base: 12, sm: 6 }}>{node}</Grid.Col>
  const third = (node: React.ReactNode) => <Grid.Col span={{ base: 12, sm: 4 }}>{node}</Grid.Col>
  return (
    <Form method="post" aria-label="Activity" noValidate>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="tier_count" value={values.tiers.length} />
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid>
          {half(<TextInput label="Name" withAsterisk {...input('name')} />)}
          {half(
            <NativeSelect label="Category" withAsterisk {...input('category')} data={ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: ACTIVITY_CATEGORY_LABELS[c] }))} />,
          )}
          {half(<NativeSelect label="Difficulty" withAsterisk {...input('difficulty')} data={ACTIVITY_DIFFICULTIES.map((d) => ({ value: d, label: cap(d) }))} />)}
          {half(
            <NativeSelect label="Experience type" withAsterisk {...input('experience_type')} data={EXPERIENCE_TYPES.map((t) => ({ value: t, label: EXPERIENCE_TYPE_LABELS[t] }))} />,
          )}
          <Grid.Col span={12}>
            <Textarea label="Description" withAsterisk autosize minRows={3} {...input('description')} />
          </Grid.Col>
          {half(
            <NativeSelect
              label="Supplier"
              {...input('supplier_id')}
              onChange={(e) => {
                const id = e.currentTarget.value
                const chosen = options.suppliers.find((s) => String(s.id) === id)
                setValues((v) => ({ ...v, fields: { ...v.fields, supplier_id: id, supplier_name: chosen ? chosen.name : '' } }))
              }}
              data={[{ value: '', label: 'No supplier in the catalogue' }, ...options.suppliers.map((s) => ({ value: String(s.id), label: s.name }))]}
            />,
          )}
          {half(
            <TextInput
              label="Supplier name"
              {...input('supplier_name')}
              value={supplier ? supplier.name : f.supplier_name}
              disabled={Boolean(f.supplier_id)}
              description={f.supplier_id ? 'Filled from the supplier.' : 'For a supplier not in the catalogue.'}
            />,
          )}
          {half(
            <NativeSelect
              label="Country"
              {...input('country_id')}
              onChange={(e) => void chooseCountry(e.currentTarget.value)}
              data={[{ value: '', label: 'Choose a country' }, ...options.countries.map((c) => ({ value: String(c.id), label: c.name }))]}
            />,
          )}
          {half(
            <Stack gap={4}>
              <NativeSelect
                label="Location"
                {...input('location_id')}
                disabled={!f.country_id}
                data={[{ value: '', label: f.country_id ? 'Choose a location' : 'Choose a country first' }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]}
              />
              {!hydrated ? (
                <Button type="submit" name="intent" value="choose_country" variant="default" size="xs">
                  Show locations of this country
                </Button>
              ) : null}
            </Stack>,
          )}
        </Grid>

        <Divider label="Pricing" labelPosition="left" />
        <Grid>
          {third(<NativeSelect label="Pricing model" {...input('pricing_model')} data={[{ value: 'tiered', label: 'Tiered' }, { value: 'fixed', label: 'Fixed' }]} />)}
          {third(
            <NativeSelect
              label="Currency"
              {...input('currency')}
              data={(options.currencies.length ? options.currencies : [{ code: f.currency || 'USD', name: '' }]).map((c) => ({ value: c.code, label: c.name ? `${c.code} · ${c.name}` : c.code }))}
            />,
          )}
          {f.pricing_model === 'fixed' ? third(<TextInput label="Fixed price" type="number" min={0} step={0.01} {...input('fixed_price')} />) : null}
        </Grid>
        {f.pricing_model === 'tiered' ? (
          <Stack gap="xs" aria-label="Pricing tiers">
            <Title order={3} size="h5">
              Pricing tiers
            </Title>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Min quantity</Table.Th>
                  <Table.Th>Max quantity</Table.Th>
                  <Table.Th>Price per person</Table.Th>
                  <Table.Th>Group price</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.tiers.map((t, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput aria-label={`Tier ${i + 1} name`} name={`tier_name_${i}`} value={t.name} onChange={(e) => setTier(i, 'name', e.currentTarget.value)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`Tier ${i + 1} min quantity`} type="number" min={1} step={1} name={`tier_min_quantity_${i}`} value={t.min_quantity} onChange={(e) => setTier(i, 'min_quantity', e.currentTarget.value)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`Tier ${i + 1} max quantity`} type="number" min={1} step={1} placeholder="Unlimited" name={`tier_max_quantity_${i}`} value={t.max_quantity} onChange={(e) => setTier(i, 'max_quantity', e.currentTarget.value)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`Tier ${i + 1} price per person`} type="number" min={0} step={0.01} name={`tier_price_per_unit_${i}`} value={t.price_per_unit} onChange={(e) => setTier(i, 'price_per_unit', e.currentTarget.value)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`Tier ${i + 1} group price`} type="number" min={0} step={0.01} placeholder="Optional" name={`tier_fixed_price_${i}`} value={t.fixed_price} onChange={(e) => setTier(i, 'fixed_price', e.currentTarget.value)} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        type="submit"
                        name="intent"
                        value={`remove_tier:${i}`}
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={`Remove tier ${i + 1}`}
                        onClick={(e) => {
                          e.preventDefault()
                          setValues((v) => ({ ...v, tiers: v.tiers.filter((_, j) => j !== i) }))
                        }}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                type="submit"
                name="intent"
                value="add_tier"
                variant="default"
                size="xs"
                onClick={(e) => {
                  e.preventDefault()
                  setValues((v) => ({ ...v, tiers: [...v.tiers, { ...EMPTY_TIER }] }))
                }}
              >
                Add tier
              </Button>
            </Group>
            {tierProblem || fieldError(fields, 'pricing_tiers') ? (
              <Alert color="red" variant="light" role="alert">
                {fieldError(fields, 'pricing_tiers') ?? tierProblem}
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        <Divider label="Scheduling" labelPosition="left" />
        <Grid>
          {third(<TextInput label="Duration (hours)" type="number" min={0} step={0.5} {...input('duration_hours')} />)}
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Duration description" {...input('duration_description')} />
          </Grid.Col>
        </Grid>
        <Checkbox.Group label="Available on" value={values.days.map(String)} onChange={(days) => setValues((v) => ({ ...v, days: days.map(Number) }))} error={fieldError(fields, 'days_of_week')}>
          <Group gap="md" mt={4}>
            {DAYS.map((label, d) => (
              <Checkbox key={label} name="days" value={String(d)} label={label} />
            ))}
          </Group>
        </Checkbox.Group>

        <Divider label="Features" labelPosition="left" />
        <Checkbox.Group
          label="Included services"
          value={values.services}
          onChange={(services) => setValues((v) => ({ ...v, services }))}
          error={fieldError(fields, 'included_services')}
        >
          <Group gap="md" mt={4}>
            {INCLUDED_SERVICES.map((service) => (
              <Checkbox key={service} name="included_services" value={service} label={INCLUDED_SERVICE_LABELS[service]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Grid>
          {half(<TextInput label="Tags" description="Comma-separated" {...input('tag_names')} />)}
          {third(<TextInput label="Min age" type="number" min={0} step={1} {...input('min_age')} />)}
          {third(<TextInput label="Max age" type="number" min={0} step={1} {...input('max_age')} />)}
          {third(<TextInput label="Max participants" type="number" min={1} step={1} {...input('max_participants')} />)}
          {half(<TextInput label="Equipment provided" description="Comma-separated" {...input('provided_equipment')} />)}
          {half(<TextInput label="Bring yourself" description="Comma-separated" {...input('bring_yourself')} />)}
          {half(<Textarea label="Includes" autosize minRows={2} {...input('includes_text')} />)}
          {half(<Textarea label="Excludes" autosize minRows={2} {...input('excludes_text')} />)}
          {half(<TextInput label="Tag weights" description='JSON, e.g. {"hiking": 0.8}' {...input('tag_weights')} />)}
          {half(<Textarea label="Cancellation policy" autosize minRows={2} {...input('cancellation_policy')} />)}
        </Grid>
        <OwnTermsFields of="activity" values={values.fields} fields={fields} />
        <Group gap="lg">
          {(
            [
              ['is_active', 'Active'],
              ['is_featured', 'Featured'],
              ['instant_confirmation', 'Instant confirmation'],
              ['booking_required', 'Booking required'],
              ['requires_waiver', 'Requires waiver'],
              ['equipment_provided', 'Equipment provided'],
              ['season_dependent', 'Season dependent'],
            ] as const
          ).map(([name, label]) => (
            <Checkbox
              key={name}
              name={name}
              label={label}
              checked={values.flags[name]}
              onChange={(e) => {
                const checked = e.currentTarget.checked
                setValues((v) => ({ ...v, flags: { ...v.flags, [name]: checked } }))
              }}
            />
          ))}
        </Group>
        {Object.entries(fields ?? {})
          .filter(([k]) => !['name', 'description', 'category', 'difficulty', 'experience_type', 'supplier_id', 'supplier_name', 'country_id', 'location_id', 'pricing_tiers', 'fixed_price', 'currency', 'pricing_model', 'duration_hours', 'duration_description', 'days_of_week', 'included_services', 'tag_names', 'min_age', 'max_age', 'max_participants', 'provided_equipment', 'bring_yourself', 'includes_text', 'excludes_text', 'tag_weights', 'cancellation_policy'].includes(k) && !k.startsWith('cancellation_terms'))
          .map(([k, m]) => (
            <Text key={k} c="red" size="sm">
              {k}: {m.join(' ')}
            </Text>
          ))}
        <Group justify="flex-end">
          <Button type="submit" name="intent" value="save" loading={busy} disabled={hydrated && !canSave(values)}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
