import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { changeUserRole, getManagedUser, roleSelectOptions, USER_MANAGEMENT_MESSAGES as M } from '@meridian/core'
import { RoleBadge } from '../components/users/role-badge.tsx'
import { RouteModal, useListUrl } from '../components/users/route-modal.tsx'
import { ErrorBanner, fieldError } from '../components/users/user-form.tsx'
import { userId } from '../components/users/user-id.ts'
import { backToList, formFailure, loadOrBack, requireUserManagerPage } from '../components/users/users.server.ts'

export const meta: MetaFunction = () => [{ title: 'Change User Role · Meridian Travel' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  return loadOrBack(request, async () => {
    const [user, roles] = await Promise.all([getManagedUser(ctx, userId(params.id)), roleSelectOptions(ctx)])
    return { user, roles }
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  const form = await request.formData()
  const roleId = String(form.get('role_id') ?? '')
  try {
    const user = await changeUserRole(ctx, userId(params.id), { role_id: roleId })
    return backToList(request, `${user.username} is now ${user.role.display_name}.`)
  } catch (error) {
    return formFailure(error, { role_id: roleId }, M.saveFailed)
  }
}

/** Change User Role: submits only with a role chosen (3-back-office.md §5). Takes effect on the user's next request. */
export default function ChangeRole() {
  const { user, roles } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const back = useListUrl()
  const busy = useNavigation().state === 'submitting'
  return (
    <RouteModal title="Change User Role" size="md">
      <Form method="post" aria-label="Change User Role">
        <Stack gap="md">
          <ErrorBanner message={failure?.message} />
          <Group gap="xs">
            <Text size="sm">
              {user.full_name} (@{user.username}) is now
            </Text>
            <RoleBadge role={user.role} />
          </Group>
          <NativeSelect
            label="New role"
            name="role_id"
            required
            defaultValue={failure?.values.role_id ?? String(user.role.id)}
            error={fieldError(failure?.fields, 'role_id')}
            data={[{ value: '', label: 'Select a role' }, ...roles.map((r) => ({ value: String(r.value), label: r.label }))]}
          />
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Change Role
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteModal>
  )
}
