import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canWriteSuppliers, getSupplier, listSupplierCountryChoices, updateSupplier } from '@meridian/core'
import { CATALOGUE_MESSAGES } from '@meridian/core/messages'
import { backWithToast, catalogueFailure, formValues, listTarget, withCheckboxes } from '../components/kit/form-action.server.ts'
import { withOwnTerms } from '../components/bookings/own-terms.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
import { pickSupplierFields, SupplierForm, supplierFormValues } from '../components/catalogue/supplier-form.tsx'
import { requireUser } from '../utils/auth.server.ts'

const BASE = '/dashboard/supplier-management'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  try {
    canWriteSuppliers(ctx)
  } catch (error) {
    notFoundResponse(error)
  }
  const supplier = await getSupplier(ctx, params.id).catch(notFoundResponse)
  const countries = await listSupplierCountryChoices(ctx, supplier.country?.id ?? null)
  return { supplier, countries }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, ...rest } = formValues(await request.formData())
  const values = pickSupplierFields(withCheckboxes(rest, ['verified', 'schedule_default', 'policy_default']))
  try {
    const saved = await updateSupplier(ctx, params.id, withOwnTerms(values))
    return backWithToast(listTarget(BASE, back), `Supplier "${saved.name}" saved.`)
  } catch (error) {
    return catalogueFailure(error, values, `${CATALOGUE_MESSAGES.supplierSaveFailed}: `)
  }
}

export default function EditSupplier() {
  const { supplier, countries } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title={`Edit ${supplier.name}`} closeTo={`${BASE}${search}`} size="xl">
      <SupplierForm
        values={failure ? pickSupplierFields(failure.values) : supplierFormValues(supplier)}
        countries={countries}
        fields={failure?.fields}
        message={failure?.message}
        busy={navigation.state === 'submitting'}
        submitLabel="Save Changes"
        back={search}
      />
    </RouteModal>
  )
}
