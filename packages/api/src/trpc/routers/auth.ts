import {
  ChangePasswordInput,
  LoginInput,
  LogoutInput,
  PasswordResetConfirmInput,
  PasswordResetInput,
  RefreshInput,
  RegisterInput,
  UpdateProfileInput,
} from '@meridian/validators'
import {
  changePassword,
  confirmPasswordReset,
  issueTokens,
  refreshTokenPair,
  registerTraveler,
  requestPasswordReset,
  revokeRefreshToken,
  serializeUser,
  signIn,
  updateProfile,
} from '@meridian/core'
import * as v from 'valibot'
import { authedProcedure, publicProcedure, router } from '../init.ts'

export const authRouter = router({
  /** Username or e-mail and password; answers the same {access, refresh, user} as REST login. */
  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    const actor = await signIn(ctx.service, input)
    return { ...(await issueTokens(ctx.service, actor)), user: serializeUser(actor) }
  }),
  register: publicProcedure.input(RegisterInput).mutation(async ({ ctx, input }) => {
    const actor = await registerTraveler(ctx.service, input)
    return { ...(await issueTokens(ctx.service, actor)), user: serializeUser(actor) }
  }),
  refresh: publicProcedure.input(RefreshInput).mutation(async ({ ctx, input }) => {
    const { access, refresh } = await refreshTokenPair(ctx.service, input)
    return { access, refresh }
  }),
  logout: publicProcedure.input(LogoutInput).mutation(async ({ ctx, input }) => {
    await revokeRefreshToken(ctx.service, input)
    return { detail: 'Successfully logged out.' }
  }),
  me: authedProcedure.query(({ ctx }) => serializeUser(ctx.actor)),
  updateProfile: authedProcedure
    .input(UpdateProfileInput)
    .mutation(async ({ ctx, input }) => serializeUser(await updateProfile(ctx.service, input))),
  changePassword: authedProcedure.input(ChangePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.service, input)
    return { detail: 'Password changed successfully.' }
  }),
  requestPasswordReset: publicProcedure
    .input(v.object({ ...PasswordResetInput.entries, origin: v.optional(v.pipe(v.string(), v.url())) }))
    .mutation(async ({ ctx, input }) => {
      const origin = ctx.app.config.appOrigin ?? input.origin ?? `http://localhost:${ctx.app.config.port}`
      const message = await requestPasswordReset(ctx.service, { email: input.email }, origin)
      return { detail: message }
    }),
  confirmPasswordReset: publicProcedure.input(PasswordResetConfirmInput).mutation(async ({ ctx, input }) => {
    await confirmPasswordReset(ctx.service, input)
    return { detail: 'Password has been reset with the new password.' }
  }),
})
