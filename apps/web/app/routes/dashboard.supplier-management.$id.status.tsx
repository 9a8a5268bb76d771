import { Button, Group, NativeSelect, Stack } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { canWriteSuppliers, getSupplier, setSupplierStatus } from '@meridian/core'
import { SUPPLIER_STATUS_LABELS, SUPPLIER_STATUSES } from '@meridian/validators/catalogue-constants'
import { ErrorBanner, fieldError } from '../components/kit/banners.tsx'
import { backWithToast, catalogueFailure, formValues, listTarget } from '../components/kit/form-action.server.ts'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { RouteModal } from '../components/kit/route-modal.tsx'
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
  return { name: supplier.name, status: supplier.status }
}

/** The supplier's status has an action of its own (the edit form shows no status field, §4). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const { back, status = '' } = formValues(await request.formData())
  try {
    const saved = await setSupplierStatus(ctx, params.id, { status })
    return backWithToast(listTarget(BASE, back), `${saved.name} is now ${SUPPLIER_STATUS_LABELS[saved.status]}.`)
  } catch (error) {
    return catalogueFailure(error, { status })
  }
}

export default function SupplierStatusRoute() {
  const { name, status } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const { search } = useLocation()
  return (
    <RouteModal title={`Status of ${name}`} closeTo={`${BASE}${search}`} size="md">
      <Form method="post" aria-label="Supplier status">
        <input type="hidden" name="back" value={search} />
        <Stack gap="md">
          <ErrorBanner message={failure?.message} />
          <NativeSelect
            label="Status"
            name="status"
            defaultValue={failure?.values.status ?? status}
            data={SUPPLIER_STATUSES.map((s) => ({ value: s, label: SUPPLIER_STATUS_LABELS[s] }))}
            error={fieldError(failure?.fields, 'status')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={navigation.state === 'submitting'}>
              Change Status
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteModal>
  )
}
