import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Book Trip · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function BookTripPage() {
  return (
    <PlaceholderPage
      title="Book Trip"
      description="Request a trip in five steps: destination and dates, travelers and style, preferences, budget, and special requests. An expert will then be assigned to plan it with you."
      icon="/dashboard/book-trip"
    />
  )
}
