import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Trip Planning · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function TripPlanningPage() {
  return (
    <PlaceholderPage
      title="Trip Planning"
      description="Plan and follow trips from the first request to departure, with the traveler's preferences and the assigned expert."
      icon="/dashboard/overview#trip-planning"
    />
  )
}
