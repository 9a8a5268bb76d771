import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { createRate, canManageCurrencies } from '@meridian/core'
import { CURRENCY_MESSAGES } from '@meridian/core/messages'
import { RateForm } from '../components/currency/currency-forms.tsx'
import {backWithToast, formFailure, formValues, withCheckboxes } from '../components/currency/form-action.server.ts'
import { rateFormOptions, todayUtc } from '../components/currency/rate-route.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/currency-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  return { active: await rateFormOptions(ctx).catch(notFoundResponse), today: todayUtc() }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  canManageCurrencies(ctx)
  const values = withCheckboxes(formValues(await request.formData()), ['is_active'])
  try {
    const made = await createRate(ctx, values)
    return backWithToast(BASE, `Rate ${made.from_currency.code} → ${made.to_currency.code} added.`)
  } catch (error) {
    return formFailure(error, values, CURRENCY_MESSAGES.rateSaveFailed)
  }
}

export default function NewRate() {
  const { active, today } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  return (
    <RouteModal title="Add Conversion Rate" closeTo={BASE}>
      <RateForm values={failure?.values ?? { effective_date: today, source: 'manual', is_active: true }} fields={failure?.fields} message={failure?.message} cancelTo={BASE} active={active} />
    </RouteModal>
  )
}
