import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Currency Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function CurrencyManagementPage() {
  return (
    <PlaceholderPage
      title="Currency Management"
      description="Currencies, conversion rates and the settings used to price trips: global margin and decimal places."
      icon="/dashboard/currency-management"
    />
  )
}
