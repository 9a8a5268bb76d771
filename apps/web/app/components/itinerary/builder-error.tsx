import { Paper, Stack, Text, Title } from '@mantine/core'

/** The builder's own error screen: the itinerary could not be loaded or saved, with a way to try again. */
export function BuilderError({ message, retry }: { message: string; retry: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h3">
          {message}
        </Title>
        <Text c="dimmed">Something went wrong on our side. Your changes in this page are kept; try again.</Text>
        {retry}
      </Stack>
    </Paper>
  )
}
