/**
 * The bearer token pair this browser tab holds for the REST paths (obtained by 'Sync Tokens' on the diagnostics
 * screen). Kept in sessionStorage: it lives as long as the tab and is never sent anywhere by itself.
 */
export const ACCESS_TOKEN_KEY = 'meridian.access_token'
export const REFRESH_TOKEN_KEY = 'meridian.refresh_token'

export interface HeldToken {
  access: string
  /** Expiry of the access token (from its exp claim), or null when it cannot be read. */
  expiresAt: Date | null
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

function expiryOf(token: string): Date | null {
  try {
    const payload = token.split('.')[1]
    if (!payload) return null
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null
  } catch {
    return null
  }
}

/** The access token held by this tab, unless it has expired. */
export function heldToken(): HeldToken | null {
  const access = storage()?.getItem(ACCESS_TOKEN_KEY)
  if (!access) return null
  const expiresAt = expiryOf(access)
  if (expiresAt && expiresAt.getTime() <= Date.now()) return null
  return { access, expiresAt }
}

export function storeTokens(pair: { access: string; refresh: string }) {
  const s = storage()
  if (!s) return
  s.setItem(ACCESS_TOKEN_KEY, pair.access)
  s.setItem(REFRESH_TOKEN_KEY, pair.refresh)
}

export function clearTokens() {
  const s = storage()
  s?.removeItem(ACCESS_TOKEN_KEY)
  s?.removeItem(REFRESH_TOKEN_KEY)
}
