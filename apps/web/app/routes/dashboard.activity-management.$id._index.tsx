import { Alert, Badge, Button, Divider, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { activityFormOptions, DomainError, getActivity, priceActivity } from '@meridian/core'
import { ACTIVITY_CATEGORY_LABELS, EXPERIENCE_TYPE_LABELS, WEEKDAYS } from '@meridian/validators/activity-constants'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { MediaManager } from '../components/media/media-manager.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/activity-management'
const PRICE_KEYS = ['participants', 'date', 'price_currency'] as const

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const activity = await getActivity(ctx, params.id).catch(notFoundResponse)
  const url = new URL(request.url)
  const asked = { participants: url.searchParams.get('participants') ?? '', date: url.searchParams.get('date') ?? '', currency: url.searchParams.get('price_currency') ?? '' }
  const { currencies } = await activityFormOptions(ctx)
  let price = null
  let priceError: string | null = null
  if (asked.participants) {
    try {
      price = await priceActivity(ctx, activity.id, asked)
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid') throw error
      priceError = Object.values(error.fields ?? {}).flat().join(' ') || error.message
    }
  }
  return { activity, asked, price, priceError, currencies }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** View mode of the activity modal: the activity, a price for any group size, and its media. */
export default function ViewActivity() {
  const { activity: a, asked, price, priceError, currencies } = useLoaderData<typeof loader>()
  const { search, pathname } = useLocation()
  const listSearch = (() => {
    const params = new URLSearchParams(search)
    for (const k of PRICE_KEYS) params.delete(k)
    const qs = params.toString()
    return qs ? `?${qs}` : ''
  })()
  const days = a.scheduling.availability.days_of_week.map((d) => WEEKDAYS[d - 1]?.label).join(', ')
  return (
    <RouteModal title={a.name} closeTo={`${BASE}${listSearch}`} size="xl">
      <Stack gap="md">
        <Group gap={6}>
          <Badge variant="light">{ACTIVITY_CATEGORY_LABELS[a.category]}</Badge>
          <Badge variant="light" color="grape">
            {cap(a.difficulty)}
          </Badge>
          <Badge variant="light" color="cyan">
            {EXPERIENCE_TYPE_LABELS[a.experience_type]}
          </Badge>
          <Badge variant="light" color={a.is_active ? 'teal' : 'gray'}>
            {a.is_active ? 'Active' : 'Inactive'}
          </Badge>
          {a.is_featured ? <Badge color="yellow">Featured</Badge> : null}
        </Group>
        <Text>{a.description}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">Location: {a.location_summary}</Text>
          <Text size="sm">Supplier: {a.supplier_name || '—'}</Text>
          <Text size="sm">
            Duration: {a.scheduling.duration.hours} hours{a.scheduling.duration.description ? ` (${a.scheduling.duration.description})` : ''}
          </Text>
          <Text size="sm">Available: {days || 'no days'}</Text>
          <Text size="sm">Max participants: {a.max_participants ?? 'no limit'}</Text>
          <Text size="sm">Tags: {a.tag_names.join(', ') || '—'}</Text>
          <Text size="sm">Cancellation fees: {a.policy_text ?? 'its supplier’s, else the booking settings’ (default)'}</Text>
        </SimpleGrid>
        <Divider label={`Pricing (${a.pricing.pricing_model}, ${a.pricing.currency})`} labelPosition="left" />
        {a.pricing.pricing_model === 'fixed' ? (
          <Text>Fixed price: {a.pricing.fixed_price ?? '—'} {a.pricing.currency}</Text>
        ) : (
          <Table aria-label="Pricing tiers" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Group size</Table.Th>
                <Table.Th>Price per person</Table.Th>
                <Table.Th>Group price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.pricing.pricing_tiers.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{t.name || '—'}</Table.Td>
                  <Table.Td>{t.max_quantity === null ? `${t.min_quantity}+` : `${t.min_quantity}–${t.max_quantity}`}</Table.Td>
                  <Table.Td>{t.price_per_unit}</Table.Td>
                  <Table.Td>{t.fixed_price ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Price a group
          </Title>
          <Form method="get" aria-label="Price a group" preventScrollReset>
            {[...new URLSearchParams(listSearch)].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <Group align="flex-end" gap="sm">
              <TextInput label="Participants" name="participants" type="number" min={1} step={1} defaultValue={asked.participants} w={130} />
              <TextInput label="Date" name="date" type="date" defaultValue={asked.date} w={170} />
              <NativeSelect
                label="Show in"
                name="price_currency"
                defaultValue={asked.currency}
                data={[{ value: '', label: a.pricing.currency }, ...currencies.filter((c) => c.code !== a.pricing.currency).map((c) => ({ value: c.code, label: c.code }))]}
              />
              <Button type="submit" variant="light">
                Price
              </Button>
            </Group>
          </Form>
          {priceError ? (
            <Alert color="red" variant="light" role="alert" mt="sm">
              {priceError}
            </Alert>
          ) : null}
          {price ? (
            <Stack gap={2} mt="sm" aria-label="Price">
              <Text fw={700} data-testid="price-total">
                Total: {price.total} {price.currency}
              </Text>
              <Text size="sm">
                {price.participants} × {price.unit_price} {price.currency}
                {price.tier ? ` · tier ${price.tier.name || `${price.tier.min_quantity}+`}` : ''}
                {price.basis === 'tier_group_price' ? ' · group price' : ''}
              </Text>
              {price.converted ? (
                <Text size="sm" data-testid="price-converted">
                  {price.converted.formatted_total} ({price.converted.currency.code}, rate {price.converted.effective_rate})
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Paper>
        <Group justify="flex-end">
          <Button component={Link} to={`${BASE}/${a.id}/edit${listSearch}`} variant="default" preventScrollReset>
            Edit
          </Button>
        </Group>
        <Divider label="Photos and videos" labelPosition="left" />
        <MediaManager contentType="core.activity" objectId={a.id} redirectTo={`${pathname}${search}`} />
      </Stack>
    </RouteModal>
  )
}
