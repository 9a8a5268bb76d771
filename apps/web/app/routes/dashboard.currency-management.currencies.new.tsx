import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { createCurrency, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { CurrencyForm } from '../components/currency/currency-forms.tsx'
import { backWithToast, formFailure, formValues, withCheckboxes } from '../components/currency/form-action.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const values = withCheckboxes(formValues(await request.formData()), ['is_active', 'is_base_currency'])
  try {
    const made = await createCurrency(ctx, values)
    return backWithToast(BASE, `Currency ${made.code} added.`)
  } catch (error) {
    return formFailure(error, values, `${CURRENCY_MESSAGES.currencySaveFailed}: `)
  }
}

export default function NewCurrency() {
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title="Add Currency" closeTo={BASE}>
      <CurrencyForm values={failure?.values ?? { is_active: true, display_order: 0 }} fields={failure?.fields} message={failure?.message} cancelTo={BASE} />
    </RouteModal>
  )
}
