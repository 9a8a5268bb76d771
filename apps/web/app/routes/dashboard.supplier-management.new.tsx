import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canWriteSuppliers, createSupplier, listSupplierCountryChoices } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { backWithToast, catalogueFailure, formValues, listTarget, withCheckboxes } from '../components/kit/form-action.server.ts'
import { withOwnTerms } from '../components/bookings/own-terms.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { EMPTY_SUPPLIER, pickSupplierFields, SupplierForm } from '../components/catalogue/supplier-form.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canWriteSuppliers(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  return { countries: await listSupplierCountryChoices(ctx) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickSupplierFields(withCheckboxes(rest, ['verified', 'schedule_default', 'policy_default']))
  try {
    const created = await createSupplier(ctx, withOwnTerms(values))
    return backWithToast(listTarget(BASE, back), `Supplier "${created.name}" added.`)
  } catch (error) {
    return catalogueFailure(error, values, `${CATALOGUE_MESSAGES.supplierSaveFailed}: `)
  }
}

export default function NewSupplier() {
  const { countries } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title="Add Supplier" closeTo={`${BASE}${search}`} size="xl">
      <SupplierForm
        values={failure ? pickSupplierFields(failure.values) : EMPTY_SUPPLIER}
        countries={countries}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Create Supplier"
        back={search}
      />
    </RouteModal>
  )
}
