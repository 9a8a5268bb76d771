import { Divider, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getManagedUser, getUserActivity, type ManagedUserDto, roleSelectOptions, updateManagedUser, USER_MANAGEMENT_MESSAGES as M } from '@meridian/core'
import { AuditList } from '../components/users/audit-list.tsx'
import { RouteModal } from '../components/users/route-modal.tsx'
import { UserForm } from '../components/users/user-form.tsx'
import { backToList, formFailure, loadOrBack, requireUserManagerPage, typedValues, userInput } from '../components/users/users.server.ts'
import { userId } from '../components/users/user-id.ts'

export const meta: MetaFunction = () => [{ title: 'Edit User · Meridian Travel' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  return loadOrBack(request, async () => {
    const id = userId(params.id)
    const [user, history, roles] = await Promise.all([getManagedUser(ctx, id), getUserActivity(ctx, id), roleSelectOptions(ctx)])
    return { user, history, roles }
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  const form = await request.formData()
  try {
    const user = await updateManagedUser(ctx, userId(params.id), userInput(form, 'edit'))
    return backToList(request, `User ${user.username} saved.`)
  } catch (error) {
    return formFailure(error, typedValues(form), M.saveFailed)
  }
}

/** The stored user as the form's strings. */
function formValues(user: ManagedUserDto): Record<string, string> {
  const on = (b: boolean) => (b ? 'on' : '')
  const p = user.profile_info
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    role_id: String(user.role.id),
    is_active: on(user.is_active),
    is_staff: on(user.is_staff),
    is_superuser: on(user.is_superuser),
    phone: p.phone,
    bio: p.bio,
    specializations: p.specializations.join(', '),
    expert_countries: p.expert_countries.join(', '),
    years_experience: String(p.years_experience),
    is_expert: on(p.is_expert),
    is_admin: on(p.is_admin),
    is_superadmin: on(p.is_superadmin),
  }
}

export default function EditUser() {
  const { user, history, roles } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title="Edit User" size="xl">
      <Stack gap="lg">
        <UserForm mode="edit" values={failure?.values ?? formValues(user)} roles={roles} fields={failure?.fields} message={failure?.message} />
        <Divider />
        <section aria-labelledby="user-history">
          <Title order={3} size="h5" id="user-history" mb="xs">
            History
          </Title>
          {history.length ? <AuditList entries={history} /> : <Text c="dimmed" size="sm">No changes recorded yet.</Text>}
        </section>
      </Stack>
    </RouteModal>
  )
}
