import { ClientErrorReport, SubmitQuizInput, UpdatePreferencesInput, RecordId } from '@meridian/validators'
import {
  assertCan,
  getDashboardOverview,
  getLatestOwnQuiz,
  listQuizDefinitions,
  getPreferences,
  getQuizSubmission,
  listClientErrors,
  listSignIns,
  logClientError,
  revokeSignIn,
  searchEverything,
  submitOnboardingQuiz,
  updatePreferences,
} from '@meridian/core'
import * as v from 'valibot'
import { authedProcedure, gatedProcedure, publicProcedure, router } from '../init.ts'

export const dashboardRouter = router({
  overview: authedProcedure.query(({ ctx }) => getDashboardOverview(ctx.service)),
  search: authedProcedure
    .input(v.object({ q: v.string(), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) }))
    .query(({ ctx, input }) => searchEverything(ctx.service, input)),
})

export const quizRouter = router({
  submit: gatedProcedure((service) => assertCan(service, 'access_trip_planning')).input(SubmitQuizInput).mutation(({ ctx, input }) => submitOnboardingQuiz(ctx.service, input)),
  get: authedProcedure.input(v.object({ id: RecordId })).query(({ ctx, input }) => getQuizSubmission(ctx.service, input.id)),
  latest: authedProcedure.query(({ ctx }) => getLatestOwnQuiz(ctx.service)),
  definitions: publicProcedure.query(({ ctx }) => listQuizDefinitions(ctx.service)),
})

export const preferencesRouter = router({
  get: authedProcedure.query(({ ctx }) => getPreferences(ctx.service)),
  update: authedProcedure.input(UpdatePreferencesInput).mutation(({ ctx, input }) => updatePreferences(ctx.service, input)),
})

export const securityRouter = router({
  list: authedProcedure.query(({ ctx }) => listSignIns(ctx.service, ctx.sessionId)),
  revoke: authedProcedure
    .input(v.object({ id: v.string() }))
    .mutation(async ({ ctx, input }) => {
      await revokeSignIn(ctx.service, input.id)
      return { detail: 'Signed out.' }
    }),
})

export const monitoringRouter = router({
  logError: publicProcedure.input(ClientErrorReport).mutation(({ ctx, input }) => logClientError(ctx.service, input)),
  recentErrors: authedProcedure
    .input(v.optional(v.object({ limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) })))
    .query(({ ctx, input }) => listClientErrors(ctx.service, input?.limit)),
})
