import { Anchor, Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import { AutoRetryNote } from './auto-retry-note.tsx'
import { ErrorDetails } from './error-details.tsx'
import { AlertIcon } from './icons.tsx'
import { NotFoundScreen } from './not-found-screen.tsx'
import { useErrorSupport } from './support.ts'
import { useErrorScreen } from './use-error-screen.ts'

/**
 * The generic 'Something went wrong' screen (spec 1 §2 Error screens, 1): Try Again, Go to Dashboard, debug details
 * outside production, and the support address for when the problem persists.
 */
export function GenericErrorScreen({ error }: { error: unknown }) {
  const screen = useErrorScreen(error)
  const { supportEmail, showDetails } = useErrorSupport()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`

  return (
    <Center mih="60vh" p="md" data-error-id={screen.errorId} data-testid="error-screen">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} maw={560} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <AlertIcon size={32} />
          </ThemeIcon>
          <Title order={2}>Something went wrong</Title>
          <Text c="dimmed" maw={420}>
            {screen.friendly}
          </Text>
          <AutoRetryNote state={screen.autoRetry} />
          <Group justify="center" gap="sm" mt="xs">
            {/* A link to this page as well, so that Try Again works before the scripts load. */}
            <Button
              component="a"
              href={here}
              loading={screen.retrying}
              onClick={(event: React.MouseEvent) => {
                event.preventDefault()
                screen.tryAgain()
              }}
            >
              Try Again
            </Button>
            <Button component={Link} to="/dashboard/overview" variant="default">
              Go to Dashboard
            </Button>
          </Group>
          {showDetails ? <ErrorDetails message={screen.technical} stack={screen.stack} /> : null}
          <Text size="sm" c="dimmed">
            If the problem persists, please contact support at{' '}
            <Anchor href={`mailto:${supportEmail}`} inherit>
              {supportEmail}
            </Anchor>
            .
          </Text>
          <Text size="xs" c="dimmed">
            Error ID: <Code data-testid="error-id">{screen.errorId}</Code>
          </Text>
        </Stack>
      </Paper>
    </Center>
  )
}

/**
 * ErrorBoundary for the routes under /dashboard: a loader's 404 shows the not-found page, anything else the generic
 * screen. The dashboard layout re-exports it: `export { DashboardErrorBoundary as ErrorBoundary } from ...`.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />
  return <GenericErrorScreen error={error} />
}
