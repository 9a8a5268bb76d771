import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Transfers · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function TransfersPage() {
  return (
    <PlaceholderPage
      title="Transfers"
      description="Transfers between places by type and country, with their routes, pricing and schedules."
      icon="/dashboard/transfers"
    />
  )
}
