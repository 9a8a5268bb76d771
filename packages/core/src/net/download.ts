import http from 'node:http'
import https from 'node:https'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { isLocalHostName, isPublicAddress } from './public-address.ts'

export class DownloadError extends Error {}

export interface DownloadOptions {
  /** Let the address be on this machine or a private network (a test feed, an intranet rates service). */
  allowPrivate?: boolean
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
}

export const PUBLIC_ADDRESS_REQUIRED = 'The address must be http or https on a public host.'

/**
 * Why a typed address may not be fetched, or null when it may: http(s) only, and unless private addresses are
 * allowed, no literal private IP and no local-only host name. Names are resolved again when connecting.
 */
export function addressProblem(url: string, allowPrivate = false): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return PUBLIC_ADDRESS_REQUIRED
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return PUBLIC_ADDRESS_REQUIRED
  if (parsed.username || parsed.password) return PUBLIC_ADDRESS_REQUIRED
  if (allowPrivate) return null
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return isPublicAddress(host) ? null : PUBLIC_ADDRESS_REQUIRED
  return isLocalHostName(host) ? PUBLIC_ADDRESS_REQUIRED : null
}

/**
 * GET a text document from an address a person configured. The host's addresses are checked at the moment of
 * connecting (so a name that resolves to a private address, or changes to one, is refused), every redirect is
 * checked the same way, and the body is capped.
 */
export async function downloadText(url: string, options: DownloadOptions = {}): Promise<string> {
  const { allowPrivate = false, timeoutMs = 15_000, maxBytes = 5 * 1024 * 1024, maxRedirects = 3 } = options
  let target = url
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const problem = addressProblem(target, allowPrivate)
    if (problem) throw new DownloadError(problem)
    const answer = await getOnce(target, { allowPrivate, timeoutMs, maxBytes })
    if (answer.kind === 'body') return answer.text
    target = new URL(answer.location, target).toString()
  }
  throw new DownloadError('Too many redirects.')
}

type Answer = { kind: 'body'; text: string } | { kind: 'redirect'; location: string }

function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: (...args: any[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error)
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address))
      if (!usable.length) return callback(new DownloadError(PUBLIC_ADDRESS_REQUIRED))
      if ((options as { all?: boolean }).all) return callback(null, usable)
      callback(null, usable[0]!.address, usable[0]!.family)
    })
  }
}

function getOnce(url: string, { allowPrivate, timeoutMs, maxBytes }: Required<Omit<DownloadOptions, 'maxRedirects'>>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http
    const req = client.get(url, { lookup: checkedLookup(allowPrivate) as never, timeout: timeoutMs, headers: { accept: '*/*' } }, (res) => {
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        return resolve({ kind: 'redirect', location: res.headers.location })
      }
      if (status < 200 || status >= 300) {
        res.resume()
        return reject(new DownloadError(`The rates service answered ${status} ${res.statusMessage ?? ''}`.trim() + '.'))
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) {
          req.destroy(new DownloadError('The rates file is too large.'))
          return
        }
        chunks.push(chunk)
      })
      res.on('error', reject)
      res.on('end', () => resolve({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('timeout', () => req.destroy(new DownloadError('The rates service did not answer in time.')))
    req.on('error', reject)
  })
}
