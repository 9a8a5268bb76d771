import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { deleteCountry, getCountry } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { backWithToast, catalogueFailure, listTarget } from '../components/kit/form-action.server.ts'
import { ConfirmDelete } from '../components/kit/confirm-delete.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/destination-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const country = await getCountry(ctx, params.id).catch(notFoundResponse)
  return { id: country.id, name: country.name }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const back = (await request.formData()).get('back')
  try {
    await deleteCountry(ctx, params.id)
  } catch (error) {
    return catalogueFailure(error, {})
  }
  return backWithToast(listTarget(BASE, back), 'Destination deleted.')
}

export default function DeleteDestination() {
  const { name } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title={`Delete ${name}`} closeTo={`${BASE}${search}`} size="md">
      <ConfirmDelete question={CATALOGUE_MESSAGES.confirmDeleteDestination} error={failure?.message} back={search} cancelTo={`${BASE}${search}`} />
    </RouteModal>
  )
}
