import { getQuizSubmission, listQuizDefinitions, logClientError, submitOnboardingQuiz } from '@meridian/core'
import { ClientErrorReport, SubmitQuizInput } from '@meridian/validators'
import type { Handler, RouteTable } from './router.ts'

/** Onboarding quiz (1-platform-core.md §7) and browser error reports (§7 Monitoring). */
export function onboardingRoutes(table: RouteTable) {
  table
    .add(
      'POST',
      '/api/onboarding/quiz/',
      async ({ ctx, body }) => ({
        status: 201,
        body: await submitOnboardingQuiz(ctx, await body()),
      }),
      { summary: 'Submit an onboarding quiz', body: SubmitQuizInput, status: 201 },
    )
    .add(
      'GET',
      '/api/onboarding/quiz/{id}/',
      async ({ ctx, params }) => ({
        body: await getQuizSubmission(ctx, Number(params.id)),
      }),
      { summary: 'One quiz submission' },
    )
    // The quiz types and their questions (this product's own addition): anyone may read them.
    .add('GET', '/api/onboarding/quizzes/', async ({ ctx }) => ({ body: await listQuizDefinitions(ctx) }), 'optional', {
      summary: 'The quiz types and their questions',
    })
}

export function monitoringRoutes(table: RouteTable) {
  const report: Handler = async ({ ctx, body }) => ({
    status: 201,
    body: { status: 'logged', ...(await logClientError(ctx, await body())) },
  })
  const doc = { summary: 'Report an error seen in the browser', body: ClientErrorReport, status: 201, errors: [429] }
  table.add('POST', '/api/monitoring/log-error/', report, 'optional', doc).add('POST', '/api/errors/', report, 'optional', doc)
}
