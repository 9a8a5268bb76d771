import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getRate, updateRate, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { RateForm } from '../components/currency/currency-forms.tsx'
import {backWithToast, formFailure, formValues, withCheckboxes } from '../components/currency/form-action.server.ts'
import { rateFormOptions } from '../components/currency/rate-route.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const rate = await getRate(ctx, params.id).catch(notFoundResponse)
  return { rate, active: await rateFormOptions(ctx, [rate.from_currency.id, rate.to_currency.id]) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const values = withCheckboxes(formValues(await request.formData()), ['is_active'])
  try {
    await updateRate(ctx, params.id, values)
    return backWithToast(BASE, 'Conversion rate saved.')
  } catch (error) {
    return formFailure(error, values, CURRENCY_MESSAGES.rateSaveFailed)
  }
}

export default function EditRate() {
  const { rate, active } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const values = failure?.values ?? {
    from_currency: String(rate.from_currency.id),
    to_currency: String(rate.to_currency.id),
    rate: rate.rate.replace(/0+$/, '').replace(/\.$/, ''),
    effective_date: rate.effective_date,
    source: rate.source,
    is_active: rate.is_active,
  }
  return (
    <RouteModal title="Edit Conversion Rate" closeTo={BASE}>
      <RateForm key={rate.id} values={values} fields={failure?.fields} message={failure?.message} cancelTo={BASE} active={active} />
    </RouteModal>
  )
}
