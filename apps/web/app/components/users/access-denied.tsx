import { Alert, Code, Paper, Stack, Text, Title } from '@mantine/core'
import { USER_MANAGEMENT_MESSAGES } from '@meridian/core/messages'

export interface AccessDebug {
  username: string
  role: string
  is_superuser: boolean
  profile_is_superadmin: boolean
}

/** What a signed-in user without the superadmin rule sees (3-back-office.md §6), with the debug panel. */
export function AccessDenied({ debug }: { debug: AccessDebug }) {
  return (
    <Stack maw={720} mx="auto" gap="md">
      <Title order={1}>{USER_MANAGEMENT_MESSAGES.accessDenied}</Title>
      <Alert color="red" variant="light" role="alert">
        {USER_MANAGEMENT_MESSAGES.superadminRequired}
      </Alert>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} mb="xs">
          Debug information
        </Text>
        <Code block>
          {JSON.stringify(
            { ...debug, allowed: 'is_superuser, profile_info.is_superadmin, or role superadmin' },
            null,
            2,
          )}
        </Code>
      </Paper>
    </Stack>
  )
}
