import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Supplier Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function SupplierManagementPage() {
  return (
    <PlaceholderPage
      title="Supplier Management"
      description="The partners behind activities and transfers: contact details, type, status and verification."
      icon="/dashboard/supplier-management"
    />
  )
}
