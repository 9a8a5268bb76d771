import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Activity Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function ActivityManagementPage() {
  return (
    <PlaceholderPage
      title="Activity Management"
      description="The activity catalogue: tiered pricing, schedules, supplier connections and media for every activity."
      icon="/dashboard/activity-management"
    />
  )
}
