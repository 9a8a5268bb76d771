import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Destination Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function DestinationManagementPage() {
  return (
    <PlaceholderPage
      title="Destination Management"
      description="The countries travelers can visit, with their descriptions, categories and continents."
      icon="/dashboard/destination-management"
    />
  )
}
