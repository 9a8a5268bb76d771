import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getCurrencySettings, updateCurrencySettings, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { SettingsForm } from '../components/currency/currency-forms.tsx'
import {backWithToast, formFailure, formValues, withCheckboxes } from '../components/currency/form-action.server.ts'
import { rateFormOptions } from '../components/currency/rate-route.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const settings = await getCurrencySettings(ctx).catch(notFoundResponse)
  return { settings, active: await rateFormOptions(ctx) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const values = withCheckboxes(formValues(await request.formData()), ['show_currency_symbols', 'auto_update_rates'])
  // §5: the margin is 0 when it is not a number (a blank field).
  const margin = values.global_margin_percentage?.trim() ?? ''
  const input = { ...values, global_margin_percentage: margin === '' ? '0' : margin }
  try {
    await updateCurrencySettings(ctx, input)
    return backWithToast(BASE, 'Currency settings saved.')
  } catch (error) {
    return formFailure(error, values, CURRENCY_MESSAGES.settingsSaveFailed)
  }
}

export default function CurrencySettingsModal() {
  const { settings, active } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const values = failure?.values ?? { ...settings, base_currency: settings.base_currency ? String(settings.base_currency.id) : '' }
  return (
    <RouteModal title="Currency Settings" closeTo={BASE}>
      <SettingsForm values={values} fields={failure?.fields} message={failure?.message} cancelTo={BASE} active={active} />
    </RouteModal>
  )
}
