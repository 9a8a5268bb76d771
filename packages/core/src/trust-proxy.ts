import proxyaddr from 'proxy-addr'

/**
 * Which hops in front of the server are proxies we run, in the terms of Express's 'trust proxy' setting.
 * The client address is then found by walking X-Forwarded-For from the right (the hop nearest the server)
 * and stopping at the first address that is not trusted; everything left of it was written by the client.
 */
export interface TrustProxy {
  /** As configured: false (no proxy), true (trust every hop), a number of hops, or addresses and CIDR ranges. */
  readonly setting: boolean | number | string[]
  /** Is `address`, `hop` steps away from the server (0 = the socket's peer), a trusted proxy? */
  readonly trust: (address: string, hop: number) => boolean
}

export class TrustProxyError extends Error {}

const NONE: TrustProxy = { setting: false, trust: () => false }

/**
 * Read TRUST_PROXY: `true`/`false` (also yes/no, on/off), a whole number of hops (`1` = one load balancer),
 * or a comma-separated list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? ''
  const lower = value.toLowerCase()
  if (value === '' || ['false', 'no', 'off'].includes(lower)) return NONE
  if (['true', 'yes', 'on'].includes(lower)) return { setting: true, trust: () => true }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return { setting: hops, trust: (_address, hop) => hop < hops }
  }
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  try {
    return { setting: list, trust: proxyaddr.compile(list) }
  } catch (error) {
    throw new TrustProxyError(
      `TRUST_PROXY must be true, false, a number of hops or a list of addresses and CIDR ranges (${(error as Error).message})`,
    )
  }
}
