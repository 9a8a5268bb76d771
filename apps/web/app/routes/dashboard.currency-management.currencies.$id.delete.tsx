import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { deleteCurrency, getCurrency, canManageCurrencies } from '@meridian/core'
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
  const currency = await getCurrency(ctx, params.id).catch(notFoundResponse)
  return { code: currency.code, name: currency.name }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  try {
    await deleteCurrency(ctx, params.id)
  } catch (error) {
    return formFailure(error, {}, CURRENCY_MESSAGES.deleteFailed)
  }
  return backWithToast(BASE, 'Currency deleted.')
}

export default function DeleteCurrency() {
  const { code, name } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title={`Delete ${code} (${name})`} closeTo={BASE} size="md">
      <ConfirmDelete question={CURRENCY_MESSAGES.confirmDeleteCurrency} error={failure?.message} cancelTo={BASE} />
    </RouteModal>
  )
}
