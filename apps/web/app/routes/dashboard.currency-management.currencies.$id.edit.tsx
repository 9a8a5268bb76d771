import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getCurrency, updateCurrency, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { CurrencyForm } from '../components/currency/currency-forms.tsx'
import {backWithToast, formFailure, formValues, withCheckboxes } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  return getCurrency(ctx, params.id).catch(notFoundResponse)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const values = withCheckboxes(formValues(await request.formData()), ['is_active', 'is_base_currency'])
  try {
    const saved = await updateCurrency(ctx, params.id, values, false)
    return backWithToast(BASE, `Currency ${saved.code} saved.`)
  } catch (error) {
    return formFailure(error, values, `${CURRENCY_MESSAGES.currencySaveFailed}: `)
  }
}

export default function EditCurrency() {
  const currency = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title={`Edit ${currency.code}`} closeTo={BASE}>
      <CurrencyForm key={currency.id} values={failure?.values ?? currency} fields={failure?.fields} message={failure?.message} cancelTo={BASE} />
    </RouteModal>
  )
}
