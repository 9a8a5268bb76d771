import { Button, Checkbox, Divider, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { PASSWORD_MIN } from '@meridian/validators'
import { ErrorBanner } from '../error-banner.tsx'
import { useListUrl } from './route-modal.tsx'

export interface RoleOption {
  value: number
  label: string
  name: string
}

/** Field messages by form field name; profile fields arrive as profile_data.<name>(.<index>). */
export function fieldError(fields: Record<string, string[]> | undefined, name: string): string | undefined {
  if (!fields) return undefined
  const messages = [
    ...(fields[name] ?? []),
    ...Object.entries(fields)
      .filter(([key]) => key === `profile_data.${name}` || key.startsWith(`profile_data.${name}.`))
      .flatMap(([, m]) => m),
  ]
  return messages.length ? [...new Set(messages)].join(' ') : undefined
}

export { ErrorBanner }

/**
 * Create New User / Edit User (3-back-office.md §2.5, §5): names, username, e-mail and role required; password and
 * confirmation on create (or a set-password link by mail); flags and the staff profile.
 */
export function UserForm({
  mode,
  values,
  roles,
  fields,
  message,
}: {
  mode: 'create' | 'edit'
  values: Record<string, string>
  roles: RoleOption[]
  fields?: Record<string, string[]>
  message?: string | null
}) {
  const navigation = useNavigation()
  const back = useListUrl()
  const busy = navigation.state === 'submitting'
  const text = (name: string) => ({ name, defaultValue: values[name] ?? '', error: fieldError(fields, name) })
  const check = (name: string) => ({ name, defaultChecked: values[name] === 'on', error: fieldError(fields, name) })
  return (
    <Form method="post" aria-label={mode === 'create' ? 'Create New User' : 'Edit User'} noValidate={false}>
      <Stack gap="md">
        <ErrorBanner message={message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" required maxLength={150} autoComplete="off" {...text('first_name')} />
          <TextInput label="Last Name" required maxLength={150} autoComplete="off" {...text('last_name')} />
          <TextInput label="Username" required maxLength={150} autoComplete="off" {...text('username')} />
          <TextInput label="Email" type="email" required maxLength={254} autoComplete="off" {...text('email')} />
        </SimpleGrid>
        <NativeSelect
          label="Role"
          required
          data={[{ value: '', label: 'Select a role' }, ...roles.map((r) => ({ value: String(r.value), label: r.label }))]}
          {...text('role_id')}
        />
        {mode === 'create' ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label="Password" name="password" autoComplete="new-password" minLength={PASSWORD_MIN}
                description={`At least ${PASSWORD_MIN} characters, not a common one.`} error={fieldError(fields, 'password')} />
              <PasswordInput label="Confirm Password" name="confirm_password" autoComplete="new-password" error={fieldError(fields, 'confirm_password')} />
            </SimpleGrid>
            <Checkbox label="Leave the password empty and e-mail a link to choose one" {...check('send_password_link')} />
          </>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput label="New Password" name="password" autoComplete="new-password" description="Leave empty to keep the current one."
              error={fieldError(fields, 'password')} />
            <PasswordInput label="Confirm New Password" name="confirm_password" autoComplete="new-password" error={fieldError(fields, 'confirm_password')} />
          </SimpleGrid>
        )}
        <Group gap="lg">
          <Checkbox label="Active" {...check('is_active')} />
          <Checkbox label="Staff" description={mode === 'create' ? 'Unticked: as the role says' : undefined} {...check('is_staff')} />
          <Checkbox label="Superuser" {...check('is_superuser')} />
        </Group>
        <Divider label="Staff profile" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" maxLength={32} {...text('phone')} />
          <TextInput label="Years of experience" type="number" min={0} max={80} {...text('years_experience')} />
          <TextInput label="Specializations" description="Comma-separated, e.g. diving, honeymoons" {...text('specializations')} />
          <TextInput label="Expert countries" description="Country ids, comma-separated" {...text('expert_countries')} />
        </SimpleGrid>
        <Textarea label="Bio" autosize minRows={2} maxRows={6} maxLength={2000} {...text('bio')} />
        <Group gap="lg">
          <Checkbox label="Expert" {...check('is_expert')} />
          <Checkbox label="Admin (profile)" {...check('is_admin')} />
          <Checkbox label="Superadmin (profile)" {...check('is_superadmin')} />
        </Group>
        <Text size="xs" c="dimmed">
          Only a superadmin may grant the superadmin role, the superuser flag or the profile's superadmin flag.
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {mode === 'create' ? 'Create User' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
