import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Flight Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function FlightsPage() {
  return (
    <PlaceholderPage
      title="Flight Management"
      description="Search flights by route, dates, passengers and class, and keep track of flight bookings."
      icon="/dashboard/flights"
    />
  )
}
