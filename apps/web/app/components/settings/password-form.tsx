import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core'
import { Form } from '@remix-run/react'
import { PASSWORD_MIN } from '@meridian/validators'
import { fieldError, FormError, SettingsSection } from './settings-section.tsx'

/** Change one's password: every other session and API token ends, this browser gets a fresh session. */
export function PasswordForm({
  fields,
  message,
  busy,
}: {
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
}) {
  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing your password signs you out everywhere else: other browsers and apps will need the new one."
    >
      <Form method="post" aria-label="Change password">
        <input type="hidden" name="intent" value="password" />
        <Stack gap="md">
          <FormError message={message} />
          <PasswordInput
            label="Current password"
            name="old_password"
            autoComplete="current-password"
            required
            error={fieldError(fields, 'old_password')}
          />
          <PasswordInput
            label="New password"
            name="new_password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            description={`At least ${PASSWORD_MIN} characters, not a common one.`}
            error={fieldError(fields, 'new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            name="confirm_password"
            autoComplete="new-password"
            required
            error={fieldError(fields, 'confirm_password')}
          />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              You stay signed in here.
            </Text>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </Form>
    </SettingsSection>
  )
}
