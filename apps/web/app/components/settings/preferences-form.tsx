import { Button, Grid, Group, NativeSelect, NumberInput, Radio, Stack, Switch, Text } from '@mantine/core'
import { Form } from '@remix-run/react'
import { PAGE_SIZES, type Preferences, REFRESH_MAX, REFRESH_MIN } from '@meridian/validators'
import { fieldError, FormError, SettingsSection } from './settings-section.tsx'

/** Dashboard UI state (3-back-office.md §9 defaults), saved per user with updatePreferences. */
export function PreferencesForm({
  values,
  fields,
  message,
  busy,
}: {
  values: Preferences
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
}) {
  return (
    <SettingsSection
      id="preferences"
      title="Preferences"
      description="How the dashboard looks and behaves for you, on every device you sign in on."
    >
      <Form method="post" aria-label="Preferences">
        <input type="hidden" name="intent" value="preferences" />
        <Stack gap="lg">
          <FormError message={message} />
          <Radio.Group name="theme" label="Theme" defaultValue={values.theme} error={fieldError(fields, 'theme')}>
            <Group gap="lg" mt={6}>
              <Radio value="auto" label="Auto (follow the system)" />
              <Radio value="light" label="Light" />
              <Radio value="dark" label="Dark" />
            </Group>
          </Radio.Group>
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                name="items_per_page"
                label="Items per page"
                description="Rows shown in lists."
                defaultValue={String(values.items_per_page)}
                data={PAGE_SIZES.map(String)}
                error={fieldError(fields, 'items_per_page')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Radio.Group
                name="view_mode"
                label="View mode"
                description="How lists are laid out."
                defaultValue={values.view_mode}
                error={fieldError(fields, 'view_mode')}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="list" label="List" />
                  <Radio value="grid" label="Grid" />
                </Group>
              </Radio.Group>
            </Grid.Col>
          </Grid>
          <Stack gap="sm">
            <Switch
              name="auto_refresh"
              label="Auto refresh"
              description="Reload dashboard figures while the page is open."
              defaultChecked={values.auto_refresh}
            />
            <NumberInput
              name="refresh_interval"
              label="Refresh interval (seconds)"
              defaultValue={values.refresh_interval}
              min={REFRESH_MIN}
              max={REFRESH_MAX}
              step={5}
              allowDecimal={false}
              maw={240}
              error={fieldError(fields, 'refresh_interval')}
            />
            <Switch
              name="notifications"
              label="Notifications"
              description="Show recent platform updates under the bell in the header."
              defaultChecked={values.notifications}
            />
          </Stack>
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              Saved to your account.
            </Text>
            <Button type="submit" loading={busy}>
              Save preferences
            </Button>
          </Group>
        </Stack>
      </Form>
    </SettingsSection>
  )
}
