import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? 'Chat & Messages'} · Meridian Travel` },
]

/** Travelers know this screen as Expert Communication (their sidebar label). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request, context)
  return actor.role === 'traveler'
    ? { title: 'Expert Communication', description: 'Your conversations with the travel experts planning your trips.' }
    : {
        title: 'Chat & Messages',
        description: 'Your conversations with travelers and colleagues, each with its full message history.',
      }
}

export default function ChatPage() {
  const { title, description } = useLoaderData<typeof loader>()
  return <PlaceholderPage title={title} description={description} icon="/dashboard/chat" />
}
