import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Media Library · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function MediaPage() {
  return (
    <PlaceholderPage
      title="Media Library"
      description="Photos and videos of destinations and activities: upload them, organise them and choose the featured ones."
      icon="/dashboard/media"
    />
  )
}
