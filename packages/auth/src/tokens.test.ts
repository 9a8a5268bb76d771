import { describe, expect, it } from 'vitest'
import { createTokenSigner, issuedBefore } from './tokens.ts'

describe('token issue times', () => {
  const signer = createTokenSigner({ secret: 'x'.repeat(40), accessTtlSeconds: 300, refreshTtlSeconds: 3600 })

  it('carries the issue time to the millisecond', async () => {
    const before = Date.now()
    const { token } = await signer.sign({ userId: 7, type: 'access' })
    const claims = await signer.verify(token, 'access')
    expect(claims?.iat_ms).toBeGreaterThanOrEqual(before)
    expect(claims?.iat_ms).toBeLessThanOrEqual(Date.now())
    expect(claims?.iat).toBe(Math.floor(claims!.iat_ms! / 1000))
  })

  it('tells a token from a change made later in the same second', () => {
    const second = 1_800_000_000
    expect(issuedBefore({ iat: second, iat_ms: second * 1000 + 100 }, new Date(second * 1000 + 600))).toBe(true)
    expect(issuedBefore({ iat: second, iat_ms: second * 1000 + 700 }, new Date(second * 1000 + 600))).toBe(false)
  })

  it('counts a token known only to the second as issued before a change in that second', () => {
    const second = 1_800_000_000
    expect(issuedBefore({ iat: second }, new Date(second * 1000 + 600))).toBe(true)
    expect(issuedBefore({ iat: second + 1 }, new Date(second * 1000 + 600))).toBe(false)
  })
})
