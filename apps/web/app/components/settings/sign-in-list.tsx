import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { Form } from '@remix-run/react'
import type { SignInDto } from '@meridian/core'
import { IconShield } from '../shell/icons.tsx'
import { timeAgo } from '../shell/time-ago.ts'
import { formatDate } from '../overview/use-now.ts'
import { describeUserAgent } from './user-agent.ts'

const IconDevice = ({ kind }: { kind: string }) => (
  <svg
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {kind === 'mobile' ? (
      <path d="M7 4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2zM11 18h2" />
    ) : kind === 'tablet' ? (
      <path d="M5 4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1zM11 17h2" />
    ) : kind === 'client' ? (
      <path d="M7 8l-4 4 4 4M17 8l4 4-4 4M14 4l-4 16" />
    ) : (
      <path d="M3 5a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zM7 20h10M9 16v4M15 16v4" />
    )}
  </svg>
)

/** One row per browser session or API sign-in: device, address, dates, and a Revoke button (a plain form). */
export function SignInList({
  signIns,
  now,
  live,
  busyId,
}: {
  signIns: SignInDto[]
  now: Date
  live: boolean
  busyId: string | null
}) {
  return (
    <Stack gap="sm" data-testid="sign-ins">
      {signIns.map((signIn) => {
        const device = describeUserAgent(signIn.user_agent)
        const label = signIn.kind === 'token' ? `${device.label} (app sign-in)` : device.label
        return (
          <Paper
            key={signIn.id}
            withBorder
            radius="md"
            p="md"
            data-testid="sign-in"
            data-current={signIn.current || undefined}
          >
            <Group justify="space-between" wrap="wrap" gap="md" align="center">
              <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
                <ThemeIcon variant="light" size={42} radius="md" color={signIn.current ? 'teal' : 'gray'}>
                  {signIn.current ? (
                    <IconShield size={20} />
                  ) : (
                    <IconDevice kind={signIn.kind === 'token' ? 'client' : device.kind} />
                  )}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} data-role="device">
                      {label}
                    </Text>
                    {signIn.current ? (
                      <Badge color="teal" variant="dot" radius="sm">
                        This device
                      </Badge>
                    ) : null}
                    <Badge color="gray" variant="outline" radius="sm" size="sm">
                      {signIn.kind === 'token' ? 'API token' : 'Browser'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {signIn.ip_address || 'Unknown address'}
                    {' · '}Signed in {formatDate(signIn.created_at, live)}
                    {' · '}Last used {signIn.last_used_at ? timeAgo(signIn.last_used_at, now) : 'never'}
                    {' · '}Expires {formatDate(signIn.expires_at, live)}
                  </Text>
                </div>
              </Group>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="id" value={signIn.id} />
                <Button
                  type="submit"
                  variant="default"
                  color="red"
                  loading={busyId === signIn.id}
                  aria-label={signIn.current ? `Revoke ${label}, this device (signs you out)` : `Revoke ${label}`}
                >
                  Revoke
                </Button>
              </Form>
            </Group>
          </Paper>
        )
      })}
    </Stack>
  )
}
