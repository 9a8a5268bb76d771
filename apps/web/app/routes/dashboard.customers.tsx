import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Customer Profiles · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function CustomersPage() {
  return (
    <PlaceholderPage
      title="Customer Profiles"
      description="Travelers and their status, with a direct way to start a conversation with each of them."
      icon="/dashboard/overview#customer-profiles"
    />
  )
}
