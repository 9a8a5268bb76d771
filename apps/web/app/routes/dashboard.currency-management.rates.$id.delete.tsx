import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { deleteRate, getRate, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { ConfirmDelete } from '../components/kit/confirm-delete.tsx'
import {backWithToast, formFailure } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const rate = await getRate(ctx, params.id).catch(notFoundResponse)
  return { label: `${rate.from_currency.code} → ${rate.to_currency.code} of ${rate.effective_date}` }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  try {
    await deleteRate(ctx, params.id)
  } catch (error) {
    return formFailure(error, {}, CURRENCY_MESSAGES.rateDeleteFailed)
  }
  return backWithToast(BASE, 'Conversion rate deleted.')
}

export default function DeleteRate() {
  const { label } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title={`Delete rate ${label}`} closeTo={BASE} size="md">
      <ConfirmDelete question={CURRENCY_MESSAGES.confirmDeleteRate} error={failure?.message} cancelTo={BASE} />
    </RouteModal>
  )
}
