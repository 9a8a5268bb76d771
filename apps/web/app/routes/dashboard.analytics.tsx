import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Analytics Dashboard · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics Dashboard"
      description="Platform figures over time: users by role, active trips, revenue, top destinations and system health."
      icon="/dashboard/overview#analytics"
    />
  )
}
