import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Trip Assignments · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function AssignmentsPage() {
  return (
    <PlaceholderPage
      title="Trip Assignments"
      description="Trips assigned to experts, waiting to be accepted or in progress."
      icon="/dashboard/assignments"
    />
  )
}
