import { Button, Checkbox, Grid, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { API_SYNC_STATUSES, SUPPLIER_TYPE_LABELS, SUPPLIER_TYPES } from '@meridian/validators/catalogue-constants'
import { OWN_TERMS_FORM_FIELDS, ownTermsFormValues } from '@meridian/validators/booking-terms'
import { ErrorBanner, fieldError } from '../kit/banners.tsx'
import { OwnTermsFields } from '../bookings/terms-fields.tsx'
import { CountrySearchSelect } from './country-search-select.tsx'

/** The supplier form's fields (2-catalogue-content.md §3 Supplier); the status has its own action. */
export const SUPPLIER_FIELDS = [
  'name',
  'supplier_type',
  'company_name',
  'contact_person',
  'email',
  'phone',
  'website',
  'address',
  'city',
  'state_province',
  'postal_code',
  'country',
  'license_number',
  'description',
  'services_offered',
  'operating_locations',
  'languages_supported',
  'verified',
  'payment_terms',
  'notes',
  'tags',
  'external_api_ids',
  'api_sync_status',
  ...OWN_TERMS_FORM_FIELDS,
] as const
export type SupplierFormValues = Record<(typeof SUPPLIER_FIELDS)[number], string>

export const EMPTY_SUPPLIER: SupplierFormValues = {
  ...(Object.fromEntries(SUPPLIER_FIELDS.map((k) => [k, ''])) as SupplierFormValues),
  supplier_type: 'tour_operator',
  verified: 'false',
  api_sync_status: 'not_synced',
  ...ownTermsFormValues({}),
}

export function pickSupplierFields(values: Record<string, string>): SupplierFormValues {
  return Object.fromEntries(SUPPLIER_FIELDS.map((k) => [k, values[k] ?? EMPTY_SUPPLIER[k]])) as SupplierFormValues
}

export function supplierFormValues(s: Record<string, unknown> & { country: { id: number } | null }): SupplierFormValues {
  const out = { ...EMPTY_SUPPLIER }
  for (const key of SUPPLIER_FIELDS) {
    const value = s[key]
    if (key === 'country') out.country = s.country ? String(s.country.id) : ''
    else if (Array.isArray(value)) out[key] = value.join(', ')
    else if (key === 'external_api_ids') out[key] = Object.keys(value as object).length ? JSON.stringify(value) : ''
    else out[key] = value === null || value === undefined ? '' : String(value)
  }
  return { ...out, ...ownTermsFormValues(s as Parameters<typeof ownTermsFormValues>[0]) }
}


export function SupplierForm({
  values,
  countries,
  fields,
  message,
  busy,
  submitLabel,
  back,
}: {
  values: SupplierFormValues
  countries: { id: number; name: string }[]
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
  submitLabel: string
  back: string
}) {
  const input = (name: keyof SupplierFormValues) => ({ name, defaultValue: values[name], error: fieldError(fields, name) })
  const half = (node: React.ReactNode) => <Grid.Col span={{ base: 12, sm: 6 }}>{node}</Grid.Col>
  return (
    <Form method="post" aria-label="Supplier">
      <input type="hidden" name="back" value={back} />
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid gutter="md">
          {half(<TextInput label="Name" withAsterisk maxLength={200} {...input('name')} />)}
          {half(
            <NativeSelect label="Supplier type" data={SUPPLIER_TYPES.map((t) => ({ value: t, label: SUPPLIER_TYPE_LABELS[t] }))} {...input('supplier_type')} />,
          )}
          {half(<TextInput label="Company name" {...input('company_name')} />)}
          {half(<TextInput label="Contact person" {...input('contact_person')} />)}
          {half(<TextInput label="Email" type="email" {...input('email')} />)}
          {half(<TextInput label="Phone" type="tel" {...input('phone')} />)}
          {half(<TextInput label="Website" type="url" placeholder="https://" {...input('website')} />)}
          {half(<TextInput label="License number" {...input('license_number')} />)}
          <Grid.Col span={12}>
            <TextInput label="Address" {...input('address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="City" {...input('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="State / province" {...input('state_province')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Postal code" {...input('postal_code')} />
          </Grid.Col>
          {half(
            <CountrySearchSelect
              label="Country"
              description="Active countries"
              name="country"
              countries={countries}
              defaultValue={values.country}
              error={fieldError(fields, 'country')}
            />,
          )}
          {half(
            <NativeSelect label="API sync status" data={API_SYNC_STATUSES.map((s) => ({ value: s, label: s.replace('_', ' ') }))} {...input('api_sync_status')} />,
          )}
          {half(<TextInput label="Services offered" description="Separated by commas" {...input('services_offered')} />)}
          {half(<TextInput label="Operating locations" description="Separated by commas" {...input('operating_locations')} />)}
          {half(<TextInput label="Languages supported" description="Separated by commas" {...input('languages_supported')} />)}
          {half(<TextInput label="Tags" description="Separated by commas" {...input('tags')} />)}
          {half(<Textarea label="Description" autosize minRows={2} {...input('description')} />)}
          {half(<Textarea label="Payment terms" autosize minRows={2} {...input('payment_terms')} />)}
          {half(<Textarea label="Notes" autosize minRows={2} {...input('notes')} />)}
          {half(<Textarea label="External API ids" description='JSON, e.g. {"viator": "12345"}' autosize minRows={2} {...input('external_api_ids')} />)}
          <Grid.Col span={12}>
            <Checkbox name="verified" label="Verified" defaultChecked={values.verified === 'true'} />
          </Grid.Col>
        </Grid>
        <OwnTermsFields of="supplier" values={values} fields={fields} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
