import { Alert, Anchor, Box, Button, Container, Grid, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect } from 'react'
import { AUTH_MESSAGES } from '@meridian/core/messages'
import { signInWithForm } from '../utils/sign-in.server.ts'
import { EXPIRED_PARAM, getActor, safeRedirect } from '../utils/auth.server.ts'
import { loginReason, loginReasonTitle } from '../utils/login-reason.ts'
import { retryAfterHeaders } from '../utils/retry-after.ts'
import { forgetOfflineData } from '../components/trip-view/forget.ts'

export const headers = retryAfterHeaders

export const meta: MetaFunction = () => [{ title: 'Sign in · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (await getActor(request, context)) throw redirect(safeRedirect(url.searchParams.get('redirectTo')))
  const redirectTo = url.searchParams.get('redirectTo')
  // Sent here by requireUser with a session cookie that no longer names a session (spec 1 §4 Session, token expiry).
  const expired = url.searchParams.get(EXPIRED_PARAM) === '1'
  return {
    supportEmail: context.app.config.supportEmail,
    expired: expired ? AUTH_MESSAGES.sessionExpired : null,
    reason: expired ? null : loginReason(redirectTo),
    reasonTitle: expired ? null : loginReasonTitle(redirectTo),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const username = String(form.get('username') ?? '')
  const password = String(form.get('password') ?? '')
  const fields: { username?: string; password?: string } = {}
  if (!username.trim()) fields.username = AUTH_MESSAGES.usernameRequired
  if (!password) fields.password = AUTH_MESSAGES.passwordRequired
  if (fields.username || fields.password) return data({ error: null, fields, username }, { status: 400 })
  return signInWithForm({ request, context, username, password, redirectTo: safeRedirect(form.get('redirectTo')) }, (error, status, headers) =>
    data({ error, fields, username }, { status, headers }),
  )
}

export default function Login() {
  const { supportEmail, expired, reason, reasonTitle } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [params] = useSearchParams()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'

  // Nobody is signed in here: nothing kept for offline use stays (docs/traveler-app.md "Signing out").
  useEffect(forgetOfflineData, [])
  useEffect(() => {
    if (result?.error) notifications.show({ color: 'red', title: 'Sign in failed', message: result.error, autoClose: 4000 })
  }, [result])

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Grid gutter={0} mih="100vh">
        <Grid.Col span={{ base: 12, md: 6 }} visibleFrom="md" bg="teal.9" p="xl">
          <Stack justify="center" h="100%" maw={460} mx="auto" c="white">
            <Title order={1}>Meridian Travel</Title>
            <Text size="lg">
              Plan extraordinary journeys with verified travel experts, AI-powered recommendations and seamless booking.
            </Text>
            <Text>Travelers, experts, specialists and our back-office team all work here, on one shared plan.</Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Container size={420} py={80}>
            <Title order={2} ta="center">
              Welcome back
            </Title>
            <Text c="dimmed" size="sm" ta="center" mt={5}>
              Sign in with your username or email
            </Text>
            <Paper withBorder shadow="md" p={30} mt={30} radius="md">
              <Form method="post" replace>
                <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
                <Stack>
                  {expired && !result?.error ? (
                    <Alert color="orange" role="status" title="Session expired" data-testid="session-expired">
                      {expired}
                    </Alert>
                  ) : null}
                  {reason && !result?.error ? (
                    <Alert color="blue" role="status" title={reasonTitle ?? undefined}>
                      {reason}
                    </Alert>
                  ) : null}
                  {result?.error ? (
                    <Alert color="red" role="alert" title="Sign in failed">
                      {result.error}
                    </Alert>
                  ) : null}
                  <TextInput
                    label="Username or email"
                    name="username"
                    autoComplete="username"
                    defaultValue={result?.username ?? ''}
                    error={result?.fields?.username}
                    required
                    autoFocus
                  />
                  <PasswordInput
                    label="Password"
                    name="password"
                    autoComplete="current-password"
                    error={result?.fields?.password}
                    required
                  />
                  <Button type="submit" fullWidth loading={false} disabled={busy}>
                    {busy ? 'Signing in...' : 'Sign In'}
                  </Button>
                  <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
                    Forgot your password?
                  </Anchor>
                </Stack>
              </Form>
            </Paper>
            <Text c="dimmed" size="sm" ta="center" mt="lg">
              No account yet? Contact your administrator.
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              Need help? <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
            </Text>
          </Container>
        </Grid.Col>
      </Grid>
    </Box>
  )
}
