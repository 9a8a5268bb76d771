import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Booking Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function BookingsPage() {
  return (
    <PlaceholderPage
      title="Booking Management"
      description="Your flight, hotel, activity and trip bookings in one list, with their status and value."
      icon="/dashboard/bookings"
    />
  )
}
