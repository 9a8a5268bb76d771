import { Button, Grid, Group, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { fieldError, FormError, SettingsSection } from './settings-section.tsx'

export interface ProfileValues {
  first_name: string
  last_name: string
  email: string
  bio: string
  phone_number: string
  city: string
  country: string
}

export const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'bio', 'phone_number', 'city', 'country'] as const

/** Names, e-mail and the profile fields (1-platform-core.md §3 User), saved with updateProfile. */
export function ProfileForm({
  values,
  fields,
  message,
  busy,
}: {
  values: ProfileValues
  fields?: Record<string, string[]>
  message?: string | null
  busy: boolean
}) {
  const input = (name: keyof ProfileValues) => ({ name, defaultValue: values[name], error: fieldError(fields, name) })
  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description="Your name, contact details and a few words about you, as travelers and the team see them."
    >
      <Form method="post" aria-label="Profile">
        <input type="hidden" name="intent" value="profile" />
        <Grid gutter="md">
          <Grid.Col span={12}>
            <FormError message={message} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" maxLength={150} {...input('first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" maxLength={150} {...input('last_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" type="email" autoComplete="email" required maxLength={254} {...input('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone number" type="tel" autoComplete="tel" maxLength={32} {...input('phone_number')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="City" autoComplete="address-level2" maxLength={100} {...input('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Country" autoComplete="country-name" maxLength={100} {...input('country')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Bio" autosize minRows={3} maxRows={8} maxLength={2000} {...input('bio')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={busy}>
            Save profile
          </Button>
        </Group>
      </Form>
    </SettingsSection>
  )
}
