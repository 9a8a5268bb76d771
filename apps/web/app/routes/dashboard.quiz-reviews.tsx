import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderPage } from '../components/shell/placeholder-page.tsx'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Quiz Review Center · Meridian Travel' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function QuizReviewsPage() {
  return (
    <PlaceholderPage
      title="Quiz Review Center"
      description="Onboarding quizzes waiting for review: score each one and match the traveler with the right expert."
      icon="/dashboard/quiz-reviews"
    />
  )
}
