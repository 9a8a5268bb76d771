import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'User Management · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function UsersPage() {
  return (
    <PlaceholderPage
      title="User Management"
      description="Everyone with an account: roles, status and access, with bulk activation and deactivation."
      icon="/dashboard/users"
    />
  )
}
