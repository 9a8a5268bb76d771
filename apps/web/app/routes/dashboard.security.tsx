import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { DomainError, listSignIns, revokeOtherSignIns, revokeSignIn } from '@meridian/core'
import { useNow } from '../components/overview/use-now.ts'
import { SignInList } from '../components/settings/sign-in-list.tsx'
import { currentSession, requireUser } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

export const meta: MetaFunction = () => [{ title: 'Security · Meridian Travel' }]

const PAGE = '/dashboard/security'

async function currentSessionId(request: Request, context: LoaderFunctionArgs['context']) {
  return (await currentSession(request, context))?.sessionId
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const signIns = await listSignIns(ctx, await currentSessionId(request, context))
  // This browser first, then the most recently used.
  signIns.sort((a, b) => Number(b.current) - Number(a.current))
  return { signIns, now: new Date().toISOString(), sessionDays: context.app.config.sessionDays }
}

async function back(message: string) {
  return redirect(PAGE, { headers: { 'Set-Cookie': await flashHeader({ type: 'success', message }) } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const form = await request.formData()
  const intent = form.get('intent')

  if (intent === 'revoke-others') {
    const count = await revokeOtherSignIns(ctx, await currentSessionId(request, context))
    return back(
      count
        ? `Signed out of ${count} other ${count === 1 ? 'session' : 'sessions'}.`
        : 'No other sessions were signed in.'
    )
  }

  if (intent === 'revoke') {
    try {
      await revokeSignIn(ctx, String(form.get('id') ?? ''))
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') {
        return data({ error: 'That session has already ended.' }, { status: 404 })
      }
      throw error
    }
    // Revoking this browser's own session signs it out.
    if (!(await currentSessionId(request, context))) {
      const headers = new Headers()
      headers.append('Set-Cookie', context.app.sessions.blankCookie())
      headers.append('Set-Cookie', await flashHeader({ type: 'success', message: 'You have been signed out.' }))
      return redirect('/login', { headers })
    }
    return back('Session revoked.')
  }

  return data({ error: 'Unknown action.' }, { status: 400 })
}

export default function Security() {
  const { signIns, now: serverNow, sessionDays } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { now, live } = useNow(serverNow)
  const submitting = navigation.state !== 'idle' ? navigation.formData : undefined
  const others = signIns.filter((s) => !s.current).length

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1}>Security</Title>
          <Text c="dimmed" mt={4}>
            Where you are signed in: browsers and apps using your account. Revoke anything you don’t recognise, then
            change your password.
          </Text>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <Button
            type="submit"
            color="red"
            variant="light"
            disabled={others === 0}
            loading={submitting?.get('intent') === 'revoke-others'}
          >
            Sign out everywhere else
          </Button>
        </Form>
      </Group>
      {result?.error ? (
        <Alert color="red" variant="light" role="alert">
          {result.error}
        </Alert>
      ) : null}
      {signIns.length ? (
        <SignInList
          signIns={signIns}
          now={live ? now : new Date(serverNow)}
          live={live}
          busyId={submitting?.get('intent') === 'revoke' ? String(submitting.get('id')) : null}
        />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Text>No active sessions.</Text>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {signIns.length} active {signIns.length === 1 ? 'sign-in' : 'sign-ins'}. Browser sessions end by themselves
        after {sessionDays} days without use; app sign-ins when their refresh token expires.
      </Text>
    </Stack>
  )
}
