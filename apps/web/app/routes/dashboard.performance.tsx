import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Performance · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function PerformancePage() {
  return (
    <PlaceholderPage
      title="Performance"
      description="How trips and assignments are going: response times, completed trips and traveler ratings."
      icon="/dashboard/performance"
    />
  )
}
