import { Alert, Anchor, Button, Container, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'

export interface LegacyAuthResult {
  error?: string | null
  fields?: Record<string, string[] | undefined>
  values?: Record<string, string>
}

/** The legacy auth screen served at /legacy-login and /register: sign in, or create a traveler account. */
export function LegacyAuthScreen({ mode, registrationEnabled }: { mode: 'login' | 'register'; registrationEnabled: boolean }) {
  const result = useActionData<LegacyAuthResult>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const values = result?.values ?? {}
  const fieldError = (name: string) => result?.fields?.[name]?.join(' ')

  return (
    <Container size={440} py={60}>
      <Title order={2} ta="center">
        Meridian Travel
      </Title>
      <Paper withBorder shadow="md" p={30} mt={24} radius="md">
        {registrationEnabled ? (
          <SegmentedControl
            fullWidth
            mb="md"
            value={mode}
            data={[
              { value: 'login', label: <Link to="/legacy-login" style={{ color: 'inherit', textDecoration: 'none' }}>Sign In</Link> },
              { value: 'register', label: <Link to="/register" style={{ color: 'inherit', textDecoration: 'none' }}>Register</Link> },
            ]}
          />
        ) : null}
        {result?.error ? (
          <Alert color="red" role="alert" mb="md">
            {result.error}
          </Alert>
        ) : null}
        {mode === 'login' || !registrationEnabled ? (
          <Form method="post" replace>
            <input type="hidden" name="intent" value="login" />
            <Stack>
              {!registrationEnabled && mode === 'register' ? (
                <Alert color="yellow">Registration is closed. Contact your administrator.</Alert>
              ) : null}
              <TextInput label="Username" name="username" autoComplete="username" defaultValue={values.username} />
              <PasswordInput label="Password" name="password" autoComplete="current-password" />
              <Button type="submit" disabled={busy}>
                {busy ? 'Signing in...' : 'Sign In'}
              </Button>
            </Stack>
          </Form>
        ) : (
          <Form method="post" replace>
            <input type="hidden" name="intent" value="register" />
            <Stack>
              <TextInput label="First name" name="first_name" defaultValue={values.first_name} error={fieldError('first_name')} />
              <TextInput label="Last name" name="last_name" defaultValue={values.last_name} error={fieldError('last_name')} />
              <TextInput label="Username" name="username" required autoComplete="username" defaultValue={values.username} error={fieldError('username')} />
              <TextInput label="Email" name="email" type="email" required autoComplete="email" defaultValue={values.email} error={fieldError('email')} />
              <PasswordInput label="Password" name="password" required autoComplete="new-password" error={fieldError('password')} />
              <PasswordInput label="Confirm password" name="confirm_password" required autoComplete="new-password" error={fieldError('confirm_password')} />
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating account...' : 'Create Account'}
              </Button>
            </Stack>
          </Form>
        )}
      </Paper>
      <Text c="dimmed" size="sm" ta="center" mt="md">
        <Anchor component={Link} to="/login">
          Go to the main sign-in
        </Anchor>
      </Text>
    </Container>
  )
}
