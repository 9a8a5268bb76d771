import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { parseTrustProxy } from './trust-proxy.ts'

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const raw of [undefined, '', 'false', 'no', 'off', ' FALSE ']) {
      const parsed = parseTrustProxy(raw)
      expect(parsed.setting).toBe(false)
      expect(parsed.trust('127.0.0.1', 0)).toBe(false)
    }
  })

  it('takes true (every hop), a number of hops, or addresses and CIDR ranges, as Express does', () => {
    const all = parseTrustProxy('true')
    expect(all.setting).toBe(true)
    expect(all.trust('203.0.113.1', 7)).toBe(true)

    const one = parseTrustProxy('1')
    expect(one.setting).toBe(1)
    expect(one.trust('10.0.0.1', 0)).toBe(true)
    expect(one.trust('10.0.0.1', 1)).toBe(false)
    expect(parseTrustProxy('0').trust('10.0.0.1', 0)).toBe(false)

    const list = parseTrustProxy('loopback, 10.0.0.0/8 ,192.0.2.4')
    expect(list.setting).toEqual(['loopback', '10.0.0.0/8', '192.0.2.4'])
    expect(list.trust('127.0.0.1', 0)).toBe(true)
    expect(list.trust('10.200.3.4', 3)).toBe(true)
    expect(list.trust('192.0.2.4', 1)).toBe(true)
    expect(list.trust('192.0.2.5', 1)).toBe(false)
  })

  it('refuses a malformed value at start-up, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/meridian-trust-proxy', JWT_SECRET: 's'.repeat(32), TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/meridian-trust-proxy', JWT_SECRET: 's'.repeat(32), TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/)
  })
})
