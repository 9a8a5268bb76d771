import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { parseTrustProxy } from '@meridian/core'
import { requestMeta, requestProtocol } from './request-meta.ts'

const req = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers }) as unknown as IncomingMessage

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(requestMeta(req('::ffff:198.51.100.1', { 'x-forwarded-for': '1.2.3.4' }), parseTrustProxy('false')).ipAddress).toBe('198.51.100.1')
  })

  it('is the rightmost entry past the trusted hops', () => {
    const headers = { 'x-forwarded-for': 'spoofed, 203.0.113.9, 10.0.0.2' }
    expect(requestMeta(req('10.0.0.1', headers), parseTrustProxy('1')).ipAddress).toBe('10.0.0.2')
    expect(requestMeta(req('10.0.0.1', headers), parseTrustProxy('2')).ipAddress).toBe('203.0.113.9')
    expect(requestMeta(req('10.0.0.1', headers), parseTrustProxy('10.0.0.0/8')).ipAddress).toBe('203.0.113.9')
    // An untrusted peer's header is not read at all.
    expect(requestMeta(req('192.0.2.1', headers), parseTrustProxy('10.0.0.0/8')).ipAddress).toBe('192.0.2.1')
    // true trusts every hop: the leftmost entry, which the client writes (only for proxies that replace the header).
    expect(requestMeta(req('10.0.0.1', headers), parseTrustProxy('true')).ipAddress).toBe('spoofed')
  })

  it('reads X-Forwarded-Proto only from a trusted peer', () => {
    const headers = { 'x-forwarded-proto': 'https' }
    expect(requestProtocol(req('10.0.0.1', headers), parseTrustProxy('10.0.0.0/8'))).toBe('https')
    expect(requestProtocol(req('192.0.2.1', headers), parseTrustProxy('10.0.0.0/8'))).toBe('http')
  })
})
