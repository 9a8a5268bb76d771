import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { authedProcedure, publicProcedure } from '../trpc/init.ts'
import { type At, custom, operations } from './kit.ts'

/** The auth calls of spec 1 §7; signing in and the profile answer under both path families. */
const both = (path: string, ...methods: string[]) =>
  ['/users/api/auth', '/api/auth'].flatMap((base) => methods.map((method) => `${method} ${base}/${path}/` as At))

type Write<R> = (ctx: core.ServiceContext, input: unknown) => Promise<R>

/** A signed-in answer, REST and tRPC alike: `{access, refresh, user}`. */
const tokensFor = (signIn: Write<core.Actor>) => async (ctx: core.ServiceContext, input: unknown) => {
  const actor = await signIn(ctx, input)
  return { ...(await core.issueTokens(ctx, actor)), user: core.serializeUser(actor) }
}
/** A write answered with a message only. */
const saying = (detail: string, service: Write<void>) => async (ctx: core.ServiceContext, input: unknown) => {
  await service(ctx, input)
  return { detail }
}
/** What the profile answers that the user does not change there (the username and the account's flags and dates). */
const readOnly = ['username', 'full_name', 'is_active', 'is_staff', 'is_superuser', 'last_login', 'date_joined']

const anyone = operations(publicProcedure)
const signedIn = operations(authedProcedure)
export const auth = {
  /** Username or e-mail and password. */
  login: anyone.write(
    tokensFor(core.signIn),
    {
      at: both('login', 'POST'),
      auth: 'public',
      summary: 'Sign in: an access and a refresh token',
      description: 'Answers `{access, refresh, user}`; send `Authorization: Bearer <access>` on later calls. Repeated failures answer 429.',
      body: val.LoginInput,
      errors: [429],
    },
    val.LoginInput,
  ),
  register: anyone.create(
    tokensFor(core.registerTraveler),
    { at: both('register', 'POST'), auth: 'public', summary: 'Create a traveler account and sign in', body: val.RegisterInput, errors: [429] },
    val.RegisterInput,
  ),
  /** The old refresh token is spent. */
  refresh: anyone.write(
    async (ctx, input) => {
      const { access, refresh } = await core.refreshTokenPair(ctx, input)
      return { access, refresh }
    },
    { at: both('refresh', 'POST'), auth: 'public', summary: 'A new token pair for a refresh token (the old one is spent)', body: val.RefreshInput },
    val.RefreshInput,
  ),
  logout: anyone.write(
    saying('Successfully logged out.', core.revokeRefreshToken),
    { at: both('logout', 'POST'), auth: 'public', summary: 'Revoke a refresh token', body: val.LogoutInput },
    val.LogoutInput,
  ),
  me: signedIn.read(async (ctx) => core.serializeUser(core.getProfile(ctx)), { at: both('profile', 'GET'), summary: "The signed-in user's profile" }),
  updateProfile: signedIn.write(
    async (ctx, input) => core.serializeUser(await core.updateProfile(ctx, input)),
    { at: both('profile', 'PATCH', 'PUT'), summary: "Change the signed-in user's profile", body: val.UpdateProfileInput, readOnly },
    val.UpdateProfileInput,
  ),
  changePassword: signedIn.write(
    saying('Password changed successfully.', core.changePassword),
    { at: 'POST /users/api/auth/change-password/', summary: "Change the signed-in user's password", body: val.ChangePasswordInput },
    val.ChangePasswordInput,
  ),
  /** tRPC: the link points at the configured origin, else the one the client names; REST: at this request's origin. */
  requestPasswordReset: custom(
    publicProcedure.input(v.object({ ...val.PasswordResetInput.entries, origin: v.optional(v.pipe(v.string(), v.url())) })).mutation(async ({ ctx, input }) => {
      const origin = ctx.app.config.appOrigin ?? input.origin ?? `http://localhost:${ctx.app.config.port}`
      return { detail: await core.requestPasswordReset(ctx.service, { email: input.email }, origin) }
    }),
    {
      at: 'POST /users/api/auth/password-reset/',
      auth: 'public',
      summary: 'Mail a password reset link',
      body: val.PasswordResetInput,
      errors: [429],
      handler: async ({ ctx, body, origin }) => {
        const message = await core.requestPasswordReset(ctx, await body(), origin)
        return { body: { detail: message, message } }
      },
    },
  ),
  confirmPasswordReset: anyone.write(
    saying('Password has been reset with the new password.', core.confirmPasswordReset),
    {
      at: 'POST /users/api/auth/password-reset/confirm/',
      auth: 'public',
      summary: 'Set a new password with a reset link’s uid and token',
      body: val.PasswordResetConfirmInput,
    },
    val.PasswordResetConfirmInput,
  ),
}
