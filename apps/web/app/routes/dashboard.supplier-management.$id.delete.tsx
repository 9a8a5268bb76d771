import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { canWriteSuppliers, deleteSupplier, getSupplier } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { backWithToast, catalogueFailure, listTarget } from '../components/kit/form-action.server.ts'
import { ConfirmDelete } from '../components/kit/confirm-delete.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canWriteSuppliers(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const supplier = await getSupplier(ctx, params.id).catch(notFoundResponse)
  return { name: supplier.name }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const back = (await request.formData()).get('back')
  try {
    await deleteSupplier(ctx, params.id)
  } catch (error) {
    return catalogueFailure(error, {}, `${CATALOGUE_MESSAGES.supplierDeleteFailed}: `)
  }
  return backWithToast(listTarget(BASE, back), 'Supplier deleted.')
}

export default function DeleteSupplier() {
  const { name } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title={`Delete ${name}`} closeTo={`${BASE}${search}`} size="md">
      <ConfirmDelete question={CATALOGUE_MESSAGES.confirmDeleteSupplier} error={failure?.message} back={search} cancelTo={`${BASE}${search}`} />
    </RouteModal>
  )
}
