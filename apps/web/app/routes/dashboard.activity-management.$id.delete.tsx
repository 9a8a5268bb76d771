import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { deleteActivity, getActivity } from '@meridian/core'
import { ACTIVITY_MESSAGES } from '@meridian/core/messages'
import { backWithToast, catalogueFailure, listTarget } from '../components/kit/form-action.server.ts'
import { ConfirmDelete } from '../components/kit/confirm-delete.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/activity-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const activity = await getActivity(ctx, params.id).catch(notFoundResponse)
  return { name: activity.name }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const back = (await request.formData()).get('back')
  try {
    await deleteActivity(ctx, params.id)
  } catch (error) {
    return catalogueFailure(error, {}, `${ACTIVITY_MESSAGES.deleteFailed}: `)
  }
  return backWithToast(listTarget(BASE, back), 'Activity deleted.')
}

export default function DeleteActivity() {
  const { name } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title={`Delete ${name}`} closeTo={`${BASE}${search}`} size="md">
      <ConfirmDelete question={ACTIVITY_MESSAGES.confirmDelete} error={failure?.message} back={search} cancelTo={`${BASE}${search}`} />
    </RouteModal>
  )
}
