import { Alert, Box, Button, Center, Code, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { AutoRetryNote } from './auto-retry-note.tsx'
import { ErrorDetails } from './error-details.tsx'
import { AlertIcon, BugIcon, CopyIcon } from './icons.tsx'
import { NotFoundScreen } from './not-found-screen.tsx'
import { bugReportHref, errorDetailsText, useErrorSupport } from './support.ts'
import { useErrorScreen } from './use-error-screen.ts'

/** How long 'Copied!' stays on the Copy Details button (spec 1 §9). */
export const COPIED_MS = 2000

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Older browsers and some permission settings: the selection-based copy still works.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}

/**
 * The global 'Oops! Something went wrong' screen (spec 1 §2 Error screens, 2): error ID and message, Try Again,
 * Reload, Home, Copy Details ('Copied!' for 2 s) and Report Bug (a mail draft to support).
 */
export function GlobalErrorScreen({ error }: { error: unknown }) {
  const screen = useErrorScreen(error)
  const { supportEmail, showDetails } = useErrorSupport()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const [copied, setCopied] = useState(false)
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(copiedTimer.current), [])

  const details = () =>
    errorDetailsText({
      errorId: screen.errorId,
      message: screen.message,
      technical: screen.technical,
      status: screen.status,
      stack: screen.stack,
    })

  async function copyDetails() {
    if (!(await copyText(details()))) return
    setCopied(true)
    clearTimeout(copiedTimer.current)
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS)
  }

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)" data-error-id={screen.errorId} data-testid="global-error-screen">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} maw={620} w="100%">
        <Stack gap="lg">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light" color="red">
              <AlertIcon size={32} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Oops! Something went wrong
            </Title>
            <Text c="dimmed" maw={460}>
              We're sorry for the trouble. You can try again, or send us the details below so we can fix it.
            </Text>
          </Stack>

          <Alert color="red" variant="light" radius="md" title="Error message">
            <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="error-message">
              {screen.message}
            </Text>
          </Alert>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Error ID:
            </Text>
            <Code data-testid="error-id">{screen.errorId}</Code>
          </Group>
          <AutoRetryNote state={screen.autoRetry} />

          <Group justify="center" gap="sm">
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
            <Button
              component="a"
              href={here}
              variant="default"
              onClick={(event: React.MouseEvent) => {
                event.preventDefault()
                window.location.reload()
              }}
            >
              Reload
            </Button>
            <Button component={Link} to="/" variant="default" reloadDocument>
              Home
            </Button>
          </Group>

          <Divider />
          <Group justify="center" gap="sm">
            <Button variant="subtle" color="gray" leftSection={<CopyIcon />} onClick={copyDetails} aria-live="polite">
              {copied ? 'Copied!' : 'Copy Details'}
            </Button>
            <Button
              component="a"
              variant="subtle"
              color="gray"
              leftSection={<BugIcon />}
              href={bugReportHref(supportEmail, { errorId: screen.errorId, message: screen.message })}
              onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
                // The full details (page, time, browser) are only known here; the plain link works without scripts.
                event.currentTarget.href = bugReportHref(supportEmail, {
                  errorId: screen.errorId,
                  message: screen.message,
                  details: details(),
                })
              }}
            >
              Report Bug
            </Button>
          </Group>
          {showDetails ? (
            <Box>
              <ErrorDetails message={screen.technical} stack={screen.stack} />
            </Box>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  )
}

/** The root ErrorBoundary: a loader's 404 shows the not-found page, anything else the global screen. */
export function RootErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen fullPage />
  return <GlobalErrorScreen error={error} />
}
