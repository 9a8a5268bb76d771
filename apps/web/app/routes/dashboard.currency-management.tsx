import { Alert, Anchor, Badge, Button, Container, Grid, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useNavigation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { DomainError, getCurrencySettings, listCurrencies, listRates, previewConversion } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { ErrorBanner } from '../components/error-banner.tsx'
import { serverDetail } from '../components/currency/form-action.server.ts'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Currency Management · Meridian Travel' }]

const ALL = { limit: 500, offset: 0 }

/** Loads settings (margin 0 when they fail), currencies and rates (an empty list when they fail), and a preview. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/currency-management')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const showAll = url.searchParams.get('all') === '1'
  const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : CURRENCY_MESSAGES.unknownError)
  let loadError: string | null = null
  const [currencies, rates, settings] = await Promise.all([
    listCurrencies(ctx, {}, ALL).catch((e) => {
      loadError = `${CURRENCY_MESSAGES.loadFailed}${errorText(e)}`
      return { count: 0, results: [] }
    }),
    listRates(ctx, {}, ALL).catch(() => ({ count: 0, results: [] })),
    getCurrencySettings(ctx).catch(() => null),
  ])
  const active = currencies.results.filter((c) => c.is_active)
  const q = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '', amount: url.searchParams.get('amount'), date: url.searchParams.get('date') ?? '' }
  let preview: Awaited<ReturnType<typeof previewConversion>> | null = null
  let previewError: string | null = null
  if (q.amount !== null) {
    try {
      preview = await previewConversion(ctx, { from_currency: q.from, to_currency: q.to, amount: q.amount, ...(q.date ? { date: q.date } : {}) })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      previewError = serverDetail(error)
    }
  }
  return {
    denied: false as const,
    loadError: loadError as string | null,
    showAll,
    currencies: showAll ? currencies.results : active,
    inactiveCount: currencies.results.length - active.length,
    active: active.map((c) => ({ id: c.id, code: c.code, name: c.name })),
    rates: rates.results,
    settings,
    converter: { ...q, amount: q.amount ?? '' },
    preview,
    previewError,
  }
}

export default function CurrencyManagementPage() {
  const data = useLoaderData<typeof loader>()
  if (data.denied) {
    return (
      <Container size="sm" px={0}>
        <Title order={1} mb="md">
          {CURRENCY_MESSAGES.deniedTitle}
        </Title>
        <Alert color="yellow" title="Warning">
          {CURRENCY_MESSAGES.denied}
        </Alert>
      </Container>
    )
  }
  const { settings } = data
  return (
    <Container size="xl" px={0}>
      <PageHeader title="Currency Management" description="Currencies, conversion rates and the settings every price in Meridian is converted with.">
        <Group gap="xs">
          <Button component={Link} to="currencies/new" preventScrollReset>
            Add Currency
          </Button>
          <Button component={Link} to="rates/new" variant="light" preventScrollReset>
            Add Rate
          </Button>
          <Button component={Link} to="settings" variant="default" preventScrollReset>
            Settings
          </Button>
          <Button component={Link} to="import" variant="default" preventScrollReset>
            Import Rates
          </Button>
        </Group>
      </PageHeader>
      <Stack gap="lg">
        <ErrorBanner message={data.loadError} />
        <Outlet />
        <SettingsSummary settings={settings} />
        <Converter active={data.active} converter={data.converter} preview={data.preview} error={data.previewError} />
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3">
              Currencies
            </Title>
            <Anchor component={Link} to={data.showAll ? '.' : '?all=1'} size="sm">
              {data.showAll ? 'Show active currencies only' : `Show inactive currencies too (${data.inactiveCount})`}
            </Anchor>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="Currencies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Symbol</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.currencies.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600}>{c.code}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.symbol}</Table.Td>
                    <Table.Td>{c.display_order}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge color={c.is_active ? 'green' : 'gray'} variant="light">
                          {c.is_active ? 'Active' : 'Inactive'}
                        </Badge>
                        {c.is_base_currency ? <Badge color="blue">Base</Badge> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm">
                        <Anchor component={Link} to={`currencies/${c.id}/edit`} aria-label={`Edit ${c.code}`} preventScrollReset>
                          Edit
                        </Anchor>
                        <Anchor component={Link} to={`currencies/${c.id}/delete`} c="red" aria-label={`Delete ${c.code}`} preventScrollReset>
                          Delete
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h3" mb="sm">
            Conversion Rates
          </Title>
          {data.rates.length === 0 ? (
            <Text c="dimmed">No conversion rates yet. Add one, or import a rates file.</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover aria-label="Conversion rates">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Rate</Table.Th>
                    <Table.Th>Effective date</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rates.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.from_currency.code}</Table.Td>
                      <Table.Td>{r.to_currency.code}</Table.Td>
                      <Table.Td ff="monospace">{trimRate(r.rate)}</Table.Td>
                      <Table.Td>{r.effective_date}</Table.Td>
                      <Table.Td>{r.source}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge color={r.is_active ? 'green' : 'gray'} variant="light">
                            {r.is_active ? 'Active' : 'Inactive'}
                          </Badge>
                          {r.is_current ? <Badge color="teal">In force</Badge> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm">
                          <Anchor component={Link} to={`rates/${r.id}/edit`} aria-label={`Edit rate ${r.from_currency.code} to ${r.to_currency.code} of ${r.effective_date}`} preventScrollReset>
                            Edit
                          </Anchor>
                          <Anchor component={Link} to={`rates/${r.id}/delete`} c="red" aria-label={`Delete rate ${r.from_currency.code} to ${r.to_currency.code} of ${r.effective_date}`} preventScrollReset>
                            Delete
                          </Anchor>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </Container>
  )
}

/** Rates are stored with 10 places; shown with at least 6 (§9), without trailing zeros beyond. */
function trimRate(rate: string) {
  const [int, frac = ''] = rate.split('.')
  const kept = frac.replace(/0+$/, '').padEnd(6, '0')
  return `${int}.${kept}`
}

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { denied: true }>

function SettingsSummary({ settings }: { settings: Loaded['settings'] }) {
  const margin = settings?.global_margin_percentage ?? '0'
  return (
    <Paper withBorder radius="md" p="md" aria-label="Currency settings summary">
      <Group gap="xl">
        <Text size="sm">
          Global margin: <strong data-testid="margin">{margin}%</strong>
        </Text>
        <Text size="sm">
          Base currency: <strong>{settings?.base_currency?.code ?? 'none'}</strong>
        </Text>
        <Text size="sm">
          Decimal places: <strong>{settings?.default_decimal_places ?? 2}</strong>
        </Text>
        <Text size="sm">
          Symbols: <strong>{settings?.show_currency_symbols === false ? 'hidden' : 'shown'}</strong>
        </Text>
        <Text size="sm">
          Rate updates: <strong>{settings?.auto_update_rates ? `automatic (${settings.external_api_provider})` : 'manual'}</strong>
        </Text>
      </Group>
      {settings?.last_rate_update_message ? (
        <Text size="xs" c="dimmed" mt="xs">
          Last rate update: {settings.last_rate_update_message}
        </Text>
      ) : null}
    </Paper>
  )
}

/** A preview of a conversion with the current rates and settings; nothing is recorded. A GET form: works without JS. */
function Converter({
  active,
  converter,
  preview,
  error,
}: {
  active: Loaded['active']
  converter: Loaded['converter']
  preview: Loaded['preview']
  error: string | null
}) {
  const navigation = useNavigation()
  const options = active.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h3" mb="sm">
        Converter
      </Title>
      <Form method="get" aria-label="Converter" preventScrollReset>
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label="Amount" name="amount" inputMode="decimal" defaultValue={converter.amount} required />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NativeSelect label="From" name="from" data={options} defaultValue={converter.from || active[0]?.code} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NativeSelect label="To" name="to" data={options} defaultValue={converter.to || active[1]?.code} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label="Rates of (date)" name="date" type="date" defaultValue={converter.date} description="Today when empty" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }}>
            <Button type="submit" fullWidth loading={navigation.state === 'loading' && navigation.location?.search.includes('amount=')}>
              Preview
            </Button>
          </Grid.Col>
        </Grid>
      </Form>
      {error ? (
        <Text c="red" mt="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {preview ? (
        <Stack gap={2} mt="md" aria-label="Conversion preview" role="status">
          <Text size="xl" fw={700} data-testid="converted-amount">
            {preview.formatted_amount}
          </Text>
          <Text size="sm" c="dimmed">
            {preview.amount} {preview.from_currency.code} at {preview.rate.replace(/0+$/, '').replace(/\.$/, '')} ({preview.path} rate
            {preview.path === 'cross' ? ' through the base currency' : ''} of {preview.date}), margin {preview.margin_percentage}% → {preview.converted_amount}{' '}
            {preview.to_currency.code}
          </Text>
        </Stack>
      ) : null}
    </Paper>
  )
}
