import { Button, Divider, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { getCurrencySettings, importRates, updateRatesNow, canManageCurrencies } from '@meridian/core'
import { ErrorBanner } from '../components/error-banner.tsx'
import {backWithToast, formFailure } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const settings = await getCurrencySettings(ctx).catch(notFoundResponse)
  return { provider: settings.external_api_provider, providerUrl: settings.provider_url }
}

/** Import a rates file (uploaded or pasted), or run the configured provider now. Either all rates change or none. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const form = await request.formData()
  try {
    if (form.get('intent') === 'update-now') {
      const result = await updateRatesNow(ctx)
      return backWithToast(BASE, result.message)
    }
    const file = form.get('file')
    const fromFile = file && typeof file !== 'string' && file.size > 0 ? await file.text() : ''
    const content = fromFile || String(form.get('content') ?? '')
    const result = await importRates(ctx, {
      content,
      format: String(form.get('format') ?? ''),
      filename: file && typeof file !== 'string' ? file.name : '',
    })
    return backWithToast(BASE, result.message)
  } catch (error) {
    return formFailure(error, {}, '')
  }
}

export default function ImportRates() {
  const { provider, providerUrl } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  return (
    <RouteModal title="Import Rates" closeTo={BASE}>
      <Stack gap="md">
        <ErrorBanner message={failure?.message} />
        <Form method="post" encType="multipart/form-data" aria-label="Import rates file">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A CSV file with the header from_currency,to_currency,rate,effective_date[,source], or the ECB reference rates XML
              (euro to each currency). A file with one bad line changes nothing.
            </Text>
            <label>
              <Text size="sm" fw={500} mb={4}>
                Rates file
              </Text>
              <input type="file" name="file" accept=".csv,.xml,text/csv,application/xml,text/xml" />
            </label>
            <Textarea name="content" label="Or paste the file's text" autosize minRows={3} maxRows={10} ff="monospace" />
            <NativeSelect
              name="format"
              label="Format"
              data={[
                { value: '', label: 'Detect (CSV or ECB XML)' },
                { value: 'csv', label: 'CSV' },
                { value: 'ecb', label: 'ECB XML' },
              ]}
            />
            <Group justify="flex-end">
              <Button component={Link} to={BASE} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'update-now'}>
                Import
              </Button>
            </Group>
          </Stack>
        </Form>
        <Divider label="or" />
        <Form method="post" aria-label="Update rates from the provider">
          <input type="hidden" name="intent" value="update-now" />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {provider === 'ecb' ? `Download from ${providerUrl}` : 'No downloading provider is set in the currency settings.'}
            </Text>
            <Button type="submit" variant="light" disabled={provider !== 'ecb'} loading={navigation.formData?.get('intent') === 'update-now'}>
              Update now
            </Button>
          </Group>
        </Form>
      </Stack>
    </RouteModal>
  )
}
