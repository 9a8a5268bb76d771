import type { IncomingMessage } from 'node:http'
import type { RequestMeta } from '@meridian/core'

/** Client address and agent; X-Forwarded-For is believed only behind a trusted proxy (TRUST_PROXY). */
export function requestMeta(req: IncomingMessage, trustProxy: boolean): RequestMeta {
  let ip = req.socket.remoteAddress ?? ''
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for']
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
    if (first) ip = first
  }
  if (ip.startsWith('::ffff:')) ip = ip.slice(7)
  return { ipAddress: ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) }
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
