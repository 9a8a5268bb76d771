import { getQuizSubmission, listQuizDefinitions, logClientError, submitOnboardingQuiz } from '@meridian/core'
import type { Handler, RouteTable } from './router.ts'

/** Onboarding quiz (1-platform-core.md §7) and browser error reports (§7 Monitoring). */
export function onboardingRoutes(table: RouteTable) {
  table
    .add('POST', '/api/onboarding/quiz/', async ({ ctx, body }) => ({
      status: 201,
      body: await submitOnboardingQuiz(ctx, await body()),
    }))
    .add('GET', '/api/onboarding/quiz/{id}/', async ({ ctx, params }) => ({
      body: await getQuizSubmission(ctx, Number(params.id)),
    }))
    // The quiz types and their questions (this product's own addition): anyone may read them.
    .add('GET', '/api/onboarding/quizzes/', async ({ ctx }) => ({ body: await listQuizDefinitions(ctx) }), 'optional')
}

export function monitoringRoutes(table: RouteTable) {
  const report: Handler = async ({ ctx, body }) => ({
    status: 201,
    body: { status: 'logged', ...(await logClientError(ctx, await body())) },
  })
  table.add('POST', '/api/monitoring/log-error/', report, 'optional').add('POST', '/api/errors/', report, 'optional')
}
