import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { getTransfer, transferPlaceOptions, updateTransfer, canManageTransfers } from '@meridian/core'
import {backWithToast } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { TransferForm, transferValues } from '../components/currency/transfer-form.tsx'
import { TRANSFERS } from '../components/currency/transfer-paths.ts'
import { listTarget, transferFailure, transferInput } from '../components/currency/transfer-route.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  const [transfer, places] = await Promise.all([getTransfer(ctx, params.id), transferPlaceOptions(ctx)]).catch(notFoundResponse)
  return { transfer, places }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  const { values, input } = transferInput(await request.formData())
  try {
    await updateTransfer(ctx, params.id, input)
  } catch (error) {
    return transferFailure(error, values)
  }
  return backWithToast(listTarget(new URL(request.url).search), 'Transfer saved.')
}

export default function EditTransfer() {
  const { transfer, places } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title="Edit Transfer" closeTo={`${TRANSFERS}${search}`} size="48rem">
      <TransferForm key={transfer.id} values={failure?.values ?? transferValues(transfer)} fields={failure?.fields} message={failure?.message} cancelTo={`${TRANSFERS}${search}`} places={places} />
    </RouteModal>
  )
}
