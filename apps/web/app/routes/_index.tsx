import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Features, Hero, QuizTeaser, WalkthroughSection } from '../components/public/landing-sections.tsx'
import { loadPublicPage } from '../components/public/public-page.server.ts'
import { PublicShell } from '../components/public/public-shell.tsx'

export const meta: MetaFunction = () => [
  { title: 'Meridian Travel · AI-Powered Travel Planning' },
  {
    name: 'description',
    content: 'AI-powered recommendations, expert curation and seamless booking: get matched with a verified travel expert.',
  },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = await loadPublicPage(request, context)
  return { page }
}

export default function Landing() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <PublicShell page={page}>
      <Hero />
      <Features />
      <WalkthroughSection />
      <QuizTeaser />
    </PublicShell>
  )
}
