import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { DomainError, requestPasswordReset } from '@meridian/core'
import { anonymousContext } from '../utils/auth.server.ts'
import { retryAfterHeaders } from '../utils/retry-after.ts'

export const headers = retryAfterHeaders

export const meta: MetaFunction = () => [{ title: 'Reset password · Meridian Travel' }]

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const origin = context.app.config.appOrigin ?? new URL(request.url).origin
  try {
    const message = await requestPasswordReset(anonymousContext(request, context), { email: form.get('email') }, origin)
    return { sent: message, error: null }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited') {
      return data({ sent: null, error: error.message }, { status: 429, headers: { 'Retry-After': String(error.retryAfter ?? 60) } })
    }
    if (error instanceof DomainError) return data({ sent: null, error: error.fields?.email?.[0] ?? error.message }, { status: 400 })
    throw error
  }
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  return (
    <Container size={420} py={80}>
      <Title order={2} ta="center">
        Reset your password
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        We will email you a link to choose a new password.
      </Text>
      <Paper withBorder shadow="md" p={30} mt={30} radius="md">
        {result?.sent ? (
          <Alert color="teal" role="status">
            {result.sent}
          </Alert>
        ) : (
          <Form method="post">
            <Stack>
              <TextInput label="Email" name="email" type="email" required error={result?.error} />
              <Button type="submit" disabled={busy}>
                Send reset link
              </Button>
            </Stack>
          </Form>
        )}
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </Container>
  )
}
