import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Destinations · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function DestinationsPage() {
  return (
    <PlaceholderPage
      title="Destinations"
      description="Countries and places to travel to, with seasons, highlights and the experts who know them."
      icon="/dashboard/destinations"
    />
  )
}
