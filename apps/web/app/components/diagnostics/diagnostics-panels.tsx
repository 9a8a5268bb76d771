import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ClientErrorDto } from '@meridian/core'
import type { HeldToken } from '../../utils/bearer-token.ts'
import type { CheckResult } from '../../utils/diagnostics.ts'

/** The parts of the diagnostics screen (3-back-office.md §2.8): endpoint rows, authentication status, error reports. */

const STATE_LABEL = { pending: 'Testing...', success: 'Working', error: 'Failed' } as const
const STATE_COLOR = { pending: 'gray', success: 'teal', error: 'red' } as const

/** A time in the reader's own zone: UTC in the server's HTML, local once the browser has it. */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(
    () => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC',
  )
  useEffect(() => setText(new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })), [iso])
  return <time dateTime={iso}>{text}</time>
}

export function EndpointRow({ label, auth, result }: { label: string; auth: 'none' | 'bearer' | 'session'; result: CheckResult }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      py="sm"
      gap="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="endpoint"
      data-path={result.path}
      data-state={result.state}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          GET {result.path}
          {auth === 'bearer' ? ' · bearer token' : auth === 'session' ? ' · session cookie' : ''}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Badge color={STATE_COLOR[result.state]} variant={result.state === 'pending' ? 'outline' : 'light'} data-testid="endpoint-state">
          {STATE_LABEL[result.state]}
        </Badge>
        {result.state !== 'pending' ? (
          <Text size="xs" c={result.state === 'error' ? 'red' : 'dimmed'} ta="right" data-testid="endpoint-detail">
            {result.detail}
            {result.ms !== null ? ` · ${result.ms} ms` : ''}
          </Text>
        ) : null}
      </Stack>
    </Group>
  )
}

export interface AuthPanelUser {
  name: string
  username: string
  roleLabel: string
}

export function AuthPanel({
  user,
  sessionExpiresAt,
  token,
  hydrated,
}: {
  user: AuthPanelUser
  sessionExpiresAt: string | null
  token: HeldToken | null
  hydrated: boolean
}) {
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="auth-status">
      <Title order={2} fz="lg" mb="md">
        Authentication status
      </Title>
      <Stack gap="sm">
        <Field label="Signed in as">
          {user.name}{' '}
          <Text span c="dimmed">
            (@{user.username})
          </Text>
          <Badge ml="xs" size="sm" variant="light">
            {user.roleLabel}
          </Badge>
        </Field>
        <Field label="Session expires">{sessionExpiresAt ? <LocalTime iso={sessionExpiresAt} /> : 'Unknown'}</Field>
        <Field label="Bearer token">
          {token ? (
            <span data-testid="token-status">
              <Badge color="teal" variant="light" size="sm" mr={6}>
                Held
              </Badge>
              by this page
              {token.expiresAt ? (
                <>
                  , expires <LocalTime iso={token.expiresAt.toISOString()} />
                </>
              ) : null}
            </span>
          ) : (
            <span data-testid="token-status">
              <Badge color="gray" variant="light" size="sm" mr={6}>
                None
              </Badge>
              held by this page
            </span>
          )}
        </Field>
        <Text size="xs" c="dimmed">
          {hydrated
            ? 'The REST paths take a bearer token; Sync Tokens issues one for your session and keeps it in this tab only.'
            : 'Without JavaScript, Sync Tokens issues a token for one server-side test run; it is not kept.'}
        </Text>
      </Stack>
    </Paper>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.5 }}>
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </div>
  )
}

export function RecentErrors({ errors }: { errors: ClientErrorDto[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" mt="lg" data-testid="recent-errors">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Recent client error reports
        </Title>
        <Text size="sm" c="dimmed">
          Latest {errors.length}
        </Text>
      </Group>
      {errors.length === 0 ? (
        <Text size="sm" c="dimmed">
          No error reports yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Retries</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((report) => (
                <Table.Tr key={report.id} data-testid="error-report">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">
                      <LocalTime iso={report.created_at} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                      {report.message}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {report.error_id || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={180}>
                    <Text size="xs" ff="monospace" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {pathOf(report.url)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{report.username ?? 'Anonymous'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{report.retry_count}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  )
}

function pathOf(url: string) {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return url || '—'
  }
}
