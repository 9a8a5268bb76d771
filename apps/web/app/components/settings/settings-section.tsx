import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core'

/** One block of a settings page: a title and what it does on the left, its form on the right. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <Grid gutter={{ base: 'sm', md: 'xl' }} component="section" aria-labelledby={`${id}-title`} id={id}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">{children}</Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  )
}

/** A form-level error (one without a field of its own). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <Alert color="red" variant="light" role="alert" title="Not saved">
      {message}
    </Alert>
  )
}

/** Field errors of a DomainError, by field name, as Mantine's `error` prop wants them. */
export function fieldError(fields: Record<string, string[]> | undefined, name: string): string | undefined {
  const messages = fields?.[name] ?? fields?.[`profile.${name}`]
  return messages?.length ? messages.join(' ') : undefined
}
