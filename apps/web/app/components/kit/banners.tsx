import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core'

/** Errors of the catalogue screens show in a red banner (2-catalogue-content.md §8). */
export { ErrorBanner } from '../error-banner.tsx'

/** What a signed-in user without the permission sees instead of a management screen. */
export function AccessDenied({ title, message, children }: { title?: string; message: string; children?: React.ReactNode }) {
  return (
    <Container size="sm" px={0} py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="xs" align="center" ta="center">
          <Badge color="red" variant="light">
            403
          </Badge>
          {title ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : null}
          <Text role="alert">{message}</Text>
          {children}
        </Stack>
      </Paper>
    </Container>
  )
}

/** Field errors of a DomainError, by field name, as Mantine's `error` prop wants them. */
export function fieldError(fields: Record<string, string[]> | undefined, name: string): string | undefined {
  const messages = fields?.[name]
  return messages?.length ? messages.join(' ') : undefined
}
