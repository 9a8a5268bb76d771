import { Alert, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { isStaff, issueTokens, listClientErrors } from '@meridian/core'
import { STATUS_MESSAGES } from '@meridian/core/messages'
import { AuthPanel, EndpointRow, LocalTime, RecentErrors } from '../components/diagnostics/diagnostics-panels.tsx'
import { PageHeader } from '../components/shell/placeholder-page.tsx'
import { requireUser, readSessionToken } from '../utils/auth.server.ts'
import { heldToken, type HeldToken, storeTokens } from '../utils/bearer-token.ts'
import { type CheckResult, DIAGNOSTIC_ENDPOINTS, pendingResults, runCheck } from '../utils/diagnostics.ts'
import { runChecksOnServer } from '../utils/diagnostics.server.ts'
import { notify } from '../utils/notify.ts'

export const meta: MetaFunction = () => [{ title: 'API Diagnostics · Meridian Travel' }]

async function requireStaff(request: Request, context: LoaderFunctionArgs['context']) {
  const auth = await requireUser(request, context)
  return { ...auth, allowed: isStaff(auth.actor) }
}

function selfOrigin(request: Request, context: LoaderFunctionArgs['context']) {
  return context.selfOrigin ?? new URL(request.url).origin
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx, allowed } = await requireStaff(request, context)
  if (!allowed) return data({ allowed: false as const, message: STATUS_MESSAGES[403] }, { status: 403 })
  const token = readSessionToken(request)
  const session = token ? await context.app.sessions.validate(token) : null
  const [results, errors] = await Promise.all([runChecksOnServer(selfOrigin(request, context), request), listClientErrors(ctx, 20)])
  return {
    allowed: true as const,
    user: {
      name: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.username,
      username: actor.username,
      roleLabel: ROLE_DISPLAY_NAMES[actor.role],
    },
    sessionExpiresAt: session ? session.session.expiresAt.toISOString() : null,
    results,
    checkedAt: new Date().toISOString(),
    errors,
  }
}

/**
 * Sync Tokens: a bearer token pair for the signed-in session user. With JavaScript the page keeps it in
 * sessionStorage and retests; without, the server retests with it at once and the pair is not sent back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, ctx, allowed } = await requireStaff(request, context)
  if (!allowed) return data({ error: STATUS_MESSAGES[403] }, { status: 403 })
  const form = await request.formData()
  if (form.get('intent') !== 'sync-tokens') return data({ error: 'Unknown action.' }, { status: 400 })
  const pair = await issueTokens(ctx, actor)
  if (form.get('keep') === 'tab') return { tokens: pair }
  return { results: await runChecksOnServer(selfOrigin(request, context), request, pair.access), checkedAt: new Date().toISOString() }
}

export default function Diagnostics() {
  const loaded = useLoaderData<typeof loader>()
  if (!loaded.allowed) return <AccessDenied message={loaded.message} />
  return <DiagnosticsScreen data={loaded} />
}

function AccessDenied({ message }: { message: string }) {
  return (
    <Container size="sm" px={0}>
      <Alert color="red" variant="light" radius="lg" title="Access denied" role="alert">
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          <Group>
            <Button component={Link} to="/dashboard/overview" variant="default" size="xs">
              Back to Dashboard
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  )
}

type Allowed = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { allowed: true }>

function DiagnosticsScreen({ data: loaded }: { data: Allowed }) {
  const fetcher = useFetcher<typeof action>()
  const posted = useActionData<typeof action>()
  const [clientResults, setClientResults] = useState<CheckResult[] | null>(null)
  const [token, setToken] = useState<HeldToken | null>(null)
  const [hydrated, setHydrated] = useState(false)
  const [running, setRunning] = useState(false)
  const runId = useRef(0)

  // Each endpoint in turn: Testing..., then Working or Failed. A newer run makes an older one stop.
  const runAll = useCallback(async () => {
    const id = ++runId.current
    const held = heldToken()
    setToken(held)
    setRunning(true)
    setClientResults(pendingResults())
    const headers: Record<string, string> = held ? { Authorization: `Bearer ${held.access}` } : {}
    for (const [index, endpoint] of DIAGNOSTIC_ENDPOINTS.entries()) {
      const result = await runCheck(endpoint.path, endpoint.path, headers)
      if (id !== runId.current) return
      setClientResults((current) => (current ?? pendingResults()).map((r, i) => (i === index ? result : r)))
    }
    setRunning(false)
  }, [])

  useEffect(() => {
    setHydrated(true)
    void runAll()
    return () => {
      runId.current++
    }
  }, [runAll])

  useEffect(() => {
    const answer = fetcher.data
    if (!answer || !('tokens' in answer) || !answer.tokens) return
    storeTokens(answer.tokens)
    notify.success('Tokens synced')
    void runAll()
  }, [fetcher.data, runAll])

  useEffect(() => {
    if (fetcher.data && 'error' in fetcher.data) notify.error(fetcher.data.error)
  }, [fetcher.data])

  const noScriptRun = posted && 'results' in posted ? posted : null
  const results = clientResults ?? noScriptRun?.results ?? loaded.results
  const checkedAt = clientResults ? null : noScriptRun?.checkedAt ?? loaded.checkedAt
  const working = results.filter((r) => r.state === 'success').length
  const syncing = fetcher.state !== 'idle'

  return (
    <Container size="lg" px={0} data-testid="diagnostics" data-run={clientResults === null ? 'server' : running ? 'running' : 'done'}>
      <PageHeader
        title="API Diagnostics"
        description="Tests this application's endpoints one after another, with the credentials this page holds."
      >
        <Group gap="sm">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="sync-tokens" />
            {hydrated ? <input type="hidden" name="keep" value="tab" /> : null}
            <Button type="submit" loading={syncing}>
              Sync Tokens
            </Button>
          </fetcher.Form>
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault()
              void runAll()
            }}
          >
            <Button type="submit" variant="default" disabled={running}>
              Retest All
            </Button>
          </form>
          <Button component={Link} to="/dashboard/overview" variant="subtle">
            Back to Dashboard
          </Button>
        </Group>
      </PageHeader>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p="lg" h="100%">
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                Endpoint tests
              </Title>
              <Group gap="xs">
                {running ? <Loader size="xs" /> : null}
                <Text size="sm" c="dimmed" data-testid="endpoint-summary">
                  {working} of {results.length} working
                  {checkedAt ? (
                    <>
                      {' · checked '}
                      <LocalTime iso={checkedAt} />
                    </>
                  ) : null}
                </Text>
              </Group>
            </Group>
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {DIAGNOSTIC_ENDPOINTS.map((endpoint, index) => (
                <EndpointRow key={endpoint.path} label={endpoint.label} auth={endpoint.auth} result={results[index]!} />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <AuthPanel user={loaded.user} sessionExpiresAt={loaded.sessionExpiresAt} token={token} hydrated={hydrated} />
        </Grid.Col>
      </Grid>

      <RecentErrors errors={loaded.errors} />
    </Container>
  )
}
