import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { authedProcedure, gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * The signed-in user's own screens: the dashboard, the onboarding quiz (1-platform-core.md §7), preferences and
 * sign-ins; and browser error reports (§7 Monitoring).
 */
const anyone = operations(publicProcedure)
const signedIn = operations(authedProcedure)
const limit = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)))

export const dashboard = {
  overview: signedIn.read(core.getDashboardOverview),
  search: signedIn.query(core.searchEverything, undefined, v.object({ q: v.string(), limit })),
}

export const quiz = {
  submit: operations(gatedProcedure((service) => core.assertCan(service, 'access_trip_planning'))).create(
    core.submitOnboardingQuiz,
    { at: 'POST /api/onboarding/quiz/', summary: 'Submit an onboarding quiz', body: val.SubmitQuizInput },
    val.SubmitQuizInput,
  ),
  get: signedIn.get(core.getQuizSubmission, { at: 'GET /api/onboarding/quiz/{id}/', summary: 'One quiz submission' }),
  latest: signedIn.read(core.getLatestOwnQuiz),
  /** The quiz types and their questions (this product's own addition): anyone may read them. */
  definitions: anyone.read(core.listQuizDefinitions, { at: 'GET /api/onboarding/quizzes/', auth: 'optional', summary: 'The quiz types and their questions' }),
}

export const preferences = { get: signedIn.read(core.getPreferences), update: signedIn.write(core.updatePreferences, undefined, val.UpdatePreferencesInput) }

export const security = {
  list: custom(authedProcedure.query(({ ctx }) => core.listSignIns(ctx.service, ctx.sessionId))),
  revoke: operations(authedProcedure, { id: v.string() }).act(async (ctx, id) => (await core.revokeSignIn(ctx, id), { detail: 'Signed out.' })),
}

export const monitoring = {
  /** REST answers `{status: 'logged', id}` under both paths. */
  logError: custom(
    publicProcedure.input(val.ClientErrorReport).mutation(({ ctx, input }) => core.logClientError(ctx.service, input)),
    {
      at: ['POST /api/monitoring/log-error/', 'POST /api/errors/'],
      auth: 'optional',
      summary: 'Report an error seen in the browser',
      body: val.ClientErrorReport,
      status: 201,
      errors: [429],
      handler: async ({ ctx, body }) => ({ status: 201, body: { status: 'logged', ...(await core.logClientError(ctx, await body())) } }),
    },
  ),
  recentErrors: signedIn.query((ctx, input) => core.listClientErrors(ctx, input.limit), undefined, v.optional(v.object({ limit }), {})),
}
