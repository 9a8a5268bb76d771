import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'My Wishlist · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function WishlistPage() {
  return (
    <PlaceholderPage
      title="My Wishlist"
      description="Destinations, hotels, activities and trips you have saved for later."
      icon="/dashboard/wishlist"
    />
  )
}
