import { ActionIcon, Alert, Badge, Button, Card, Container, Grid, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { mayOpen } from '@meridian/auth/screen-access'
import { listTransfers, transferPlaceOptions } from '@meridian/core'
import { TRANSFER_MESSAGES } from '@meridian/core/messages'
import { TRANSFER_TYPE_LABELS, TRANSFER_TYPES, type TransferType } from '@meridian/validators/currency-constants'
import { ErrorBanner } from '../components/error-banner.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Transfers · Meridian Travel' }]

const FILTERS = ['search', 'type', 'from_country', 'to_country'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  if (!mayOpen(actor, '/dashboard/transfers')) return data({ denied: true as const }, { status: 403 })
  const url = new URL(request.url)
  const filters = Object.fromEntries(FILTERS.map((k) => [k, url.searchParams.get(k) ?? '']))
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v))
  const [list, places] = await Promise.all([
    listTransfers(ctx, query, { limit: 500, offset: 0 }).then(
      (r) => ({ ...r, error: null as string | null }),
      () => ({ count: 0, results: [], error: TRANSFER_MESSAGES.loadFailed }),
    ),
    transferPlaceOptions(ctx),
  ])
  return { denied: false as const, filters, transfers: list.results, loadError: list.error, countries: places.countries }
}

const TYPE_ICONS: Record<TransferType, string> = {
  speedboat: '🚤',
  seaplane: '🛩️',
  shuttle: '🚐',
  private_car: '🚘',
  ferry: '⛴️',
  flight: '✈️',
  train: '🚆',
  bus: '🚌',
  car: '🚗',
  other: '🧭',
}

export default function TransfersPage() {
  const data = useLoaderData<typeof loader>()
  const { search } = useLocation()
  if (data.denied) {
    return (
      <Container size="sm" px={0}>
        <Title order={1} mb="md">
          Access Denied
        </Title>
        <Alert color="yellow">{TRANSFER_MESSAGES.denied}</Alert>
      </Container>
    )
  }
  const countryOptions = [{ value: '', label: 'All Countries' }, ...data.countries.map((c) => ({ value: String(c.id), label: c.name }))]
  return (
    <Container size="xl" px={0}>
      <PageHeader title="Transfers" description="Ways to get between places — speedboats, seaplanes, cars and more — with their routes, pricing and schedules.">
        <Button component={Link} to={`new${search}`} preventScrollReset>
          Create Transfer
        </Button>
      </PageHeader>
      <Stack gap="lg">
        <ErrorBanner message={data.loadError} />
        <Outlet />
        <Form method="get" aria-label="Filter transfers">
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Search" name="search" placeholder="Search transfers…" defaultValue={data.filters.search} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <NativeSelect
                label="Type"
                name="type"
                data={[{ value: '', label: 'All Types' }, ...TRANSFER_TYPES.map((t) => ({ value: t, label: TRANSFER_TYPE_LABELS[t] }))]}
                defaultValue={data.filters.type}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <NativeSelect label="From Country" name="from_country" data={countryOptions} defaultValue={data.filters.from_country} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <NativeSelect label="To Country" name="to_country" data={countryOptions} defaultValue={data.filters.to_country} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <Button type="submit" variant="light" fullWidth>
                Apply
              </Button>
            </Grid.Col>
          </Grid>
        </Form>
        {data.transfers.length === 0 ? (
          <Text c="dimmed">No transfers found.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.transfers.map((t) => (
              <Card key={t.id} withBorder radius="md" padding="md" aria-label={t.name || 'Unnamed transfer'}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xl" aria-label={TRANSFER_TYPE_LABELS[t.type]} role="img">
                      {TYPE_ICONS[t.type]}
                    </Text>
                    <Stack gap={0}>
                      <Text fw={600}>{t.name || 'Unnamed transfer'}</Text>
                      <Text size="xs" c="dimmed">
                        {TRANSFER_TYPE_LABELS[t.type]}
                      </Text>
                    </Stack>
                  </Group>
                  <Badge color={t.is_active ? 'green' : 'gray'} variant="light">
                    {t.is_active ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
                <Text size="sm" mt="sm">
                  {t.from_location_name ?? t.from_country_name ?? '—'} → {t.to_location_name ?? t.to_country_name ?? '—'}
                </Text>
                {t.duration ? (
                  <Text size="sm" c="dimmed">
                    {t.duration}
                  </Text>
                ) : null}
                <Group justify="flex-end" gap="xs" mt="sm">
                  <ActionIcon component={Link} to={`${t.id}/edit${search}`} variant="subtle" aria-label={`Edit ${t.name || 'transfer'}`} preventScrollReset>
                    ✎
                  </ActionIcon>
                  <ActionIcon component={Link} to={`${t.id}/delete${search}`} variant="subtle" color="red" aria-label={`Delete ${t.name || 'transfer'}`} preventScrollReset>
                    🗑
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  )
}
