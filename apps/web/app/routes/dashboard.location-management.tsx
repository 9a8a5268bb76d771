import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Location Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function LocationManagementPage() {
  return (
    <PlaceholderPage
      title="Location Management"
      description="Cities, islands and resorts within each country, by type."
      icon="/dashboard/location-management"
    />
  )
}
