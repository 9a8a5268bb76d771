import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { createManagedUser, roleSelectOptions, USER_MANAGEMENT_MESSAGES as M } from '@meridian/core'
import { RouteModal } from '../components/users/route-modal.tsx'
import { UserForm } from '../components/users/user-form.tsx'
import { backToList, formFailure, requireUserManagerPage, typedValues, userInput } from '../components/users/users.server.ts'

export const meta: MetaFunction = () => [{ title: 'Create New User · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  return { roles: await roleSelectOptions(ctx) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUserManagerPage(request, context)
  const form = await request.formData()
  try {
    const origin = context.app.config.appOrigin ?? new URL(request.url).origin
    const user = await createManagedUser(ctx, userInput(form, 'create'), origin)
    const invited = form.get('send_password_link') === 'on' && !form.get('password')
    return backToList(request, invited ? `User ${user.username} created; a set-password link is on its way.` : `User ${user.username} created.`)
  } catch (error) {
    return formFailure(error, typedValues(form), M.saveFailed)
  }
}

export default function NewUser() {
  const { roles } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const traveler = roles.find((r) => r.name === 'traveler')
  const values = failure?.values ?? { is_active: 'on', role_id: traveler ? String(traveler.value) : '' }
  return (
    <RouteModal title="Create New User">
      <UserForm mode="create" values={values} roles={roles} fields={failure?.fields} message={failure?.message} />
    </RouteModal>
  )
}
