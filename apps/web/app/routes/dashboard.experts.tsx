import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Expert Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function ExpertsPage() {
  return (
    <PlaceholderPage
      title="Expert Management"
      description="Travel experts, their specialities and the trips assigned to them."
      icon="/dashboard/overview#expert-assignments"
    />
  )
}
