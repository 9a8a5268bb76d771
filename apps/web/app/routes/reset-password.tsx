import { Alert, Button, Container, Paper, PasswordInput, Stack, Title } from '@mantine/core'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { confirmPasswordReset, DomainError } from '@meridian/core'
import { anonymousContext } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Meridian Travel' }]

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  try {
    await confirmPasswordReset(anonymousContext(request, context), Object.fromEntries(form))
  } catch (error) {
    if (error instanceof DomainError) return data({ fields: error.fields ?? {}, error: error.message }, { status: 400 })
    throw error
  }
  const cookie = await flashHeader({ type: 'success', message: 'Your password has been reset. Please sign in.' })
  return redirect('/login', { headers: { 'Set-Cookie': cookie } })
}

export default function ResetPassword() {
  const result = useActionData<typeof action>()
  const [params] = useSearchParams()
  const busy = useNavigation().state !== 'idle'
  const fields = (result?.fields ?? {}) as Record<string, string[] | undefined>
  return (
    <Container size={420} py={80}>
      <Title order={2} ta="center">
        Choose a new password
      </Title>
      <Paper withBorder shadow="md" p={30} mt={30} radius="md">
        <Form method="post">
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <Stack>
            {fields.token ? <Alert color="red">{fields.token.join(' ')}</Alert> : null}
            <PasswordInput label="New password" name="new_password" required autoComplete="new-password" error={fields.new_password?.join(' ')} />
            <PasswordInput label="Confirm new password" name="confirm_password" required autoComplete="new-password" error={fields.confirm_password?.join(' ')} />
            <Button type="submit" disabled={busy}>
              Set new password
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Container>
  )
}
