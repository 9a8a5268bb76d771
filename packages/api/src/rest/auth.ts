import {
  changePassword,
  confirmPasswordReset,
  getProfile,
  issueTokens,
  refreshTokenPair,
  registerTraveler,
  requestPasswordReset,
  revokeRefreshToken,
  serializeUser,
  signIn,
  updateProfile,
} from '@meridian/core'
import type { Handler, RouteTable } from './router.ts'

const login: Handler = async ({ ctx, body }) => {
  const actor = await signIn(ctx, await body())
  const tokens = await issueTokens(ctx, actor)
  return { body: { ...tokens, user: serializeUser(actor) } }
}

const register: Handler = async ({ ctx, body }) => {
  const actor = await registerTraveler(ctx, await body())
  const tokens = await issueTokens(ctx, actor)
  return { status: 201, body: { ...tokens, user: serializeUser(actor) } }
}

const refresh: Handler = async ({ ctx, body }) => {
  const { access, refresh } = await refreshTokenPair(ctx, await body())
  return { body: { access, refresh } }
}

const logout: Handler = async ({ ctx, body }) => {
  await revokeRefreshToken(ctx, await body())
  return { body: { detail: 'Successfully logged out.' } }
}

const profile: Handler = async ({ ctx }) => ({ body: serializeUser(getProfile(ctx)) })
const patchProfile: Handler = async ({ ctx, body }) => ({ body: serializeUser(await updateProfile(ctx, await body())) })

const password: Handler = async ({ ctx, body }) => {
  await changePassword(ctx, await body())
  return { body: { detail: 'Password changed successfully.' } }
}

const passwordReset: Handler = async ({ ctx, body, origin }) => {
  const message = await requestPasswordReset(ctx, await body(), origin)
  return { body: { detail: message, message } }
}

const passwordResetConfirm: Handler = async ({ ctx, body }) => {
  await confirmPasswordReset(ctx, await body())
  return { body: { detail: 'Password has been reset with the new password.' } }
}

/** The auth calls of spec 1 §7, under both path families. */
export function authRoutes(table: RouteTable) {
  for (const base of ['/users/api/auth', '/api/auth']) {
    table
      .add('POST', `${base}/login/`, login, 'public')
      .add('POST', `${base}/register/`, register, 'public')
      .add('POST', `${base}/refresh/`, refresh, 'public')
      .add('POST', `${base}/logout/`, logout, 'public')
      .add('GET', `${base}/profile/`, profile)
      .add('PATCH', `${base}/profile/`, patchProfile)
      .add('PUT', `${base}/profile/`, patchProfile)
  }
  table
    .add('POST', '/users/api/auth/change-password/', password)
    .add('POST', '/users/api/auth/password-reset/', passwordReset, 'public')
    .add('POST', '/users/api/auth/password-reset/confirm/', passwordResetConfirm, 'public')
}
