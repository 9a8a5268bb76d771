import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'My Trips · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function TripsPage() {
  return (
    <PlaceholderPage
      title="My Trips"
      description="Your trips in planning, active and completed, with dates, travelers, budget and the expert helping you."
      icon="/dashboard/trips"
    />
  )
}
