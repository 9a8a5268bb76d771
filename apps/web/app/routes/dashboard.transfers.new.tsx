import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { createTransfer, transferPlaceOptions, canManageTransfers } from '@meridian/core'
import {backWithToast } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { TransferForm } from '../components/currency/transfer-form.tsx'
import { TRANSFERS } from '../components/currency/transfer-paths.ts'
import { listTarget, transferFailure, transferInput } from '../components/currency/transfer-route.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  return transferPlaceOptions(ctx).catch(notFoundResponse)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageTransfers(ctx)
  const form = await request.formData()
  const { values, input } = transferInput(form)
  try {
    await createTransfer(ctx, input)
  } catch (error) {
    return transferFailure(error, values)
  }
  return backWithToast(listTarget(new URL(request.url).search), 'Transfer saved.')
}

export default function NewTransfer() {
  const places = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteModal title="Create Transfer" closeTo={`${TRANSFERS}${search}`} size="48rem">
      <TransferForm values={failure?.values ?? { type: 'speedboat', is_active: true }} fields={failure?.fields} message={failure?.message} cancelTo={`${TRANSFERS}${search}`} places={places} />
    </RouteModal>
  )
}
