import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import type { RequestMeta, TrustProxy } from '@meridian/core'

/**
 * Client address and agent. X-Forwarded-For is walked from the right, skipping the hops TRUST_PROXY trusts
 * (proxy-addr, as Express does): each proxy appends the address it saw, so the first untrusted address from the
 * right is the client, and whatever the client wrote further left is ignored.
 */
export function requestMeta(req: IncomingMessage, trustProxy: TrustProxy): RequestMeta {
  let ip = (req.socket.remoteAddress ? proxyaddr(req, trustProxy.trust) : '') ?? ''
  if (ip.startsWith('::ffff:')) ip = ip.slice(7)
  return { ipAddress: ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) }
}

/** http or https as the client used it: X-Forwarded-Proto is believed only from a trusted proxy (as Express). */
export function requestProtocol(req: IncomingMessage, trustProxy: TrustProxy): string {
  const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http'
  if (!trustProxy.trust(req.socket.remoteAddress ?? '', 0)) return own
  const header = req.headers['x-forwarded-proto']
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim()
  return first || own
}

/** Cross-site check for cookie-authenticated writes: Sec-Fetch-Site, else Origin against Host. */
export function isCrossSite(headers: IncomingMessage['headers']): boolean {
  const site = headers['sec-fetch-site']
  if (site) return site !== 'same-origin' && site !== 'none'
  const origin = headers.origin
  if (!origin || origin === 'null') return origin === 'null'
  try {
    return new URL(origin).host !== headers.host
  } catch {
    return true
  }
}
