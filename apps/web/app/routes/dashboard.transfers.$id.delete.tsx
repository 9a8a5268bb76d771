import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { deleteTransfer, getTransfer, canManageTransfers } from '@meridian/core'
import { TRANSFER_MESSAGES } from '@meridian/core/messages'
import { ConfirmDelete } from '../components/kit/confirm-delete.tsx'
import {backWithToast, formFailure } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { TRANSFERS } from '../components/currency/transfer-paths.ts'
import { listTarget } from '../components/currency/transfer-route.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  const transfer = await getTransfer(ctx, params.id).catch(notFoundResponse)
  return { name: transfer.name || 'Unnamed transfer' }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  try {
    await deleteTransfer(ctx, params.id)
  } catch (error) {
    return formFailure(error, {}, '')
  }
  return backWithToast(listTarget(new URL(request.url).search), 'Transfer deleted.')
}

export default function DeleteTransfer() {
  const { name } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title={`Delete ${name}`} closeTo={`${TRANSFERS}${search}`} size="md">
      <ConfirmDelete question={TRANSFER_MESSAGES.confirmDelete} error={failure?.message} cancelTo={`${TRANSFERS}${search}`} />
    </RouteModal>
  )
}
