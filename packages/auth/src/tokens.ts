import { randomUUID } from 'node:crypto'
import { SignJWT, errors, jwtVerify } from 'jose'

export type TokenType = 'access' | 'refresh'

export interface TokenClaims {
  user_id: number
  token_type: TokenType
  jti: string
  exp: number
  iat: number
  /** When it was issued, in milliseconds: `iat` has whole seconds, too coarse to tell a token from a password change made in the same second. */
  iat_ms?: number
  /** Refresh tokens only: the family every rotation of one sign-in belongs to. */
  fam?: string
}

export interface TokenSigner {
  sign(input: { userId: number; type: TokenType; familyId?: string }): Promise<{ token: string; claims: TokenClaims }>
  /** Verify signature, expiry and type. Returns null for anything invalid. */
  verify(token: string, type: TokenType): Promise<TokenClaims | null>
  accessTtlSeconds: number
  refreshTtlSeconds: number
}

export function createTokenSigner(options: {
  secret: string
  accessTtlSeconds: number
  refreshTtlSeconds: number
}): TokenSigner {
  // Imported once: given raw bytes, jose runs crypto.subtle.importKey on every sign and verify, about 8% of
  // an authenticated GET's CPU time (measured with scripts/bench/profile.ts).
  let cryptoKey: Promise<CryptoKey> | undefined
  const key = () =>
    (cryptoKey ??= crypto.subtle.importKey('raw', new TextEncoder().encode(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]))
  return {
    accessTtlSeconds: options.accessTtlSeconds,
    refreshTtlSeconds: options.refreshTtlSeconds,
    async sign({ userId, type, familyId }) {
      const issuedAt = Date.now()
      const iat = Math.floor(issuedAt / 1000)
      const ttl = type === 'access' ? options.accessTtlSeconds : options.refreshTtlSeconds
      const claims: TokenClaims = { user_id: userId, token_type: type, jti: randomUUID(), iat, iat_ms: issuedAt, exp: iat + ttl }
      if (familyId) claims.fam = familyId
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await key())
      return { token, claims }
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'] })
        if (payload.token_type !== type || typeof payload.user_id !== 'number' || typeof payload.jti !== 'string') {
          return null
        }
        return payload as unknown as TokenClaims
      } catch (error) {
        if (error instanceof errors.JOSEError) return null
        throw error
      }
    },
  }
}

/**
 * Whether a token was issued before `moment` (a forced sign-out: password change, reset, deactivation). A token
 * without `iat_ms` is only known to the second, so one issued in the same second as the moment counts as before it.
 */
export function issuedBefore(claims: Pick<TokenClaims, 'iat' | 'iat_ms'>, moment: Date): boolean {
  const issuedAt = typeof claims.iat_ms === 'number' && Number.isFinite(claims.iat_ms) ? claims.iat_ms : claims.iat * 1000
  return issuedAt < moment.getTime()
}
