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

/** What the profile answers that the user does not change there (the username and the account's flags and dates). */
const PROFILE_READ_ONLY = ['username', 'full_name', 'is_active', 'is_staff', 'is_superuser', 'last_login', 'date_joined']

/** The auth calls of spec 1 §7, under both path families. */
export function authRoutes(table: RouteTable) {
  for (const base of ['/users/api/auth', '/api/auth']) {
    table
      .add('POST', `${base}/login/`, login, 'public', {
        summary: 'Sign in: an access and a refresh token',
        description: 'Answers `{access, refresh, user}`; send `Authorization: Bearer <access>` on later calls. Repeated failures answer 429.',
        body: LoginInput,
        errors: [429],
      })
      .add('POST', `${base}/register/`, register, 'public', {
        summary: 'Create a traveler account and sign in',
        body: RegisterInput,
        status: 201,
        errors: [429],
      })
      .add('POST', `${base}/refresh/`, refresh, 'public', { summary: 'A new token pair for a refresh token (the old one is spent)', body: RefreshInput })
      .add('POST', `${base}/logout/`, logout, 'public', { summary: 'Revoke a refresh token', body: LogoutInput })
      .add('GET', `${base}/profile/`, profile, { summary: "The signed-in user's profile" })
      .add('PATCH', `${base}/profile/`, patchProfile, { summary: "Change the signed-in user's profile", body: UpdateProfileInput, readOnly: PROFILE_READ_ONLY })
      .add('PUT', `${base}/profile/`, patchProfile, { summary: "Change the signed-in user's profile", body: UpdateProfileInput, readOnly: PROFILE_READ_ONLY })
  }
  table
    .add('POST', '/users/api/auth/change-password/', password, { summary: "Change the signed-in user's password", body: ChangePasswordInput })
    .add('POST', '/users/api/auth/password-reset/', passwordReset, 'public', { summary: 'Mail a password reset link', body: PasswordResetInput, errors: [429] })
    .add('POST', '/users/api/auth/password-reset/confirm/', passwordResetConfirm, 'public', {
      summary: 'Set a new password with a reset link’s uid and token',
      body: PasswordResetConfirmInput,
    })
}
