import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Itineraries · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function ItinerariesPage() {
  return (
    <PlaceholderPage
      title="Itineraries"
      description="Day-by-day trip plans built from activities, with the cost of each day and a status from draft to approved."
      icon="/dashboard/itineraries"
    />
  )
}
