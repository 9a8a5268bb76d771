import { Button, Checkbox, Grid, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { RATE_PROVIDERS, RATE_SOURCES } from '@meridian/validators/currency-constants'
import { ErrorBanner } from '../error-banner.tsx'

export interface Option {
  id: number
  code: string
  name: string
}

type Fields = Record<string, string[]> | undefined
const err = (fields: Fields, name: string) => fields?.[name]?.[0]

function Buttons({ cancelTo, label = 'Save' }: { cancelTo: string; label?: string }) {
  const navigation = useNavigation()
  return (
    <Group justify="flex-end">
      <Button component={Link} to={cancelTo} variant="default" preventScrollReset>
        Cancel
      </Button>
      <Button type="submit" loading={navigation.state === 'submitting'}>
        {label}
      </Button>
    </Group>
  )
}

/** §5 Currency form: the code is uppercased as typed and cut at 3 characters; name and symbol are required. */
export function CurrencyForm({
  values,
  fields,
  message,
  cancelTo,
}: {
  values: Record<string, string | boolean | number>
  fields?: Fields
  message?: string | null
  cancelTo: string
}) {
  const [code, setCode] = useState(String(values.code ?? ''))
  const checked = (name: string) => values[name] === true || values[name] === 'true' || values[name] === 'on'
  return (
    <Form method="post" aria-label="Currency" noValidate>
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Code"
              name="code"
              required
              maxLength={3}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase().slice(0, 3))}
              error={err(fields, 'code')}
              placeholder="USD"
              autoComplete="off"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Name" name="name" required defaultValue={String(values.name ?? '')} error={err(fields, 'name')} placeholder="US Dollar" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Symbol" name="symbol" required defaultValue={String(values.symbol ?? '')} error={err(fields, 'symbol')} placeholder="$" maxLength={10} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Display order"
              name="display_order"
              type="number"
              min={0}
              step={1}
              defaultValue={String(values.display_order ?? 0)}
              error={err(fields, 'display_order')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Countries" name="countries" autosize minRows={2} defaultValue={String(values.countries ?? '')} error={err(fields, 'countries')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox label="Active" name="is_active" defaultChecked={checked('is_active')} error={err(fields, 'is_active')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Checkbox label="Base currency" name="is_base_currency" defaultChecked={checked('is_base_currency')} error={err(fields, 'is_base_currency')} />
          </Grid.Col>
        </Grid>
        <Buttons cancelTo={cancelTo} />
      </Stack>
    </Form>
  )
}

const currencyOptions = (active: Option[]) => [
  { value: '', label: 'Select currency' },
  ...active.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` })),
]

/** §5 Conversion rate form: active currencies only, rate step 0.000001, effective date defaulting to today. */
export function RateForm({
  values,
  fields,
  message,
  cancelTo,
  active,
}: {
  values: Record<string, string | boolean>
  fields?: Fields
  message?: string | null
  cancelTo: string
  active: Option[]
}) {
  return (
    <Form method="post" aria-label="Conversion rate" noValidate>
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="From currency" name="from_currency" data={currencyOptions(active)} defaultValue={String(values.from_currency ?? '')} error={err(fields, 'from_currency')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="To currency" name="to_currency" data={currencyOptions(active)} defaultValue={String(values.to_currency ?? '')} error={err(fields, 'to_currency')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Rate" name="rate" type="number" step="0.000001" min="0.000001" required defaultValue={String(values.rate ?? '')} error={err(fields, 'rate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Effective date" name="effective_date" type="date" required defaultValue={String(values.effective_date ?? '')} error={err(fields, 'effective_date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect label="Source" name="source" data={[...RATE_SOURCES]} defaultValue={String(values.source ?? 'manual')} error={err(fields, 'source')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }} pt="xl">
            <Checkbox label="Active" name="is_active" defaultChecked={values.is_active !== false && values.is_active !== 'false'} />
          </Grid.Col>
        </Grid>
        <Buttons cancelTo={cancelTo} />
      </Stack>
    </Form>
  )
}

const PROVIDER_LABELS: Record<string, string> = { '': 'None', file: 'Rates file import', ecb: 'ECB reference rates download' }

/** §5 Currency settings: margin 0-50 step 0.01 (0 when blank), decimals 0-4 (default 2), symbols on by default. */
export function SettingsForm({
  values,
  fields,
  message,
  cancelTo,
  active,
}: {
  values: Record<string, string | boolean | number | null>
  fields?: Fields
  message?: string | null
  cancelTo: string
  active: Option[]
}) {
  const checked = (name: string) => values[name] === true || values[name] === 'true'
  return (
    <Form method="post" aria-label="Currency settings" noValidate>
      <Stack gap="md">
        <ErrorBanner message={message} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Global margin percentage"
              name="global_margin_percentage"
              type="number"
              min={0}
              max={50}
              step="0.01"
              defaultValue={String(values.global_margin_percentage ?? '0')}
              error={err(fields, 'global_margin_percentage')}
              description="0 to 50; added to every conversion"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Default decimal places"
              name="default_decimal_places"
              type="number"
              min={0}
              max={4}
              step={1}
              defaultValue={String(values.default_decimal_places ?? 2)}
              error={err(fields, 'default_decimal_places')}
              description="0 to 4"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Base currency"
              name="base_currency"
              data={active.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }))}
              defaultValue={String(values.base_currency ?? '')}
              error={err(fields, 'base_currency')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }} pt="xl">
            <Checkbox label="Show currency symbols" name="show_currency_symbols" defaultChecked={checked('show_currency_symbols')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="External rate provider"
              name="external_api_provider"
              data={RATE_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] ?? p }))}
              defaultValue={String(values.external_api_provider ?? '')}
              error={err(fields, 'external_api_provider')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Provider address" name="provider_url" type="url" defaultValue={String(values.provider_url ?? '')} error={err(fields, 'provider_url')} placeholder="https://…/eurofxref-daily.xml" />
          </Grid.Col>
          <Grid.Col span={12}>
            <Checkbox label="Update rates automatically (daily)" name="auto_update_rates" defaultChecked={checked('auto_update_rates')} error={err(fields, 'auto_update_rates')} />
          </Grid.Col>
        </Grid>
        <Buttons cancelTo={cancelTo} />
      </Stack>
    </Form>
  )
}
