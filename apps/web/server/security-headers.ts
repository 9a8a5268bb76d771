import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/**
 * Security headers of the HTML application (pages, their assets, Remix data requests). The REST paths and /trpc
 * answer with their own headers and never pass through here.
 *
 * Scripts run only from this origin or inline with this response's nonce (Remix's hydration and route scripts,
 * Mantine's colour-scheme script). Styles allow 'unsafe-inline' because Mantine writes its CSS variables into a
 * <style> element and components set style attributes; a nonce in style-src would switch that off.
 */
export interface SecurityHeaderOptions {
  nonce: string
  production: boolean
  /** The Stripe payment provider is on: Stripe.js and its frames may load (docs/bookings.md "Payments"). */
  stripe?: boolean
}

/** What Stripe.js needs (Stripe's CSP guide): its script, its frames (the card form, 3-D Secure) and its API. */
const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
}

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

export function contentSecurityPolicy(nonce: string, production = true, stripe = false): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // Development only: Vite's hot-reload socket listens on a port of its own.
    'connect-src': production ? ["'self'"] : ["'self'", 'ws:', 'wss:'],
    // The service worker (/sw.js) and the web app manifest, from this origin only (docs/traveler-app.md).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  }
  // Only while the Stripe provider is switched on; the manual provider loads nothing from elsewhere.
  if (stripe) for (const [name, sources] of Object.entries(STRIPE_SOURCES)) directives[name] = [...(directives[name] ?? ["'self'"]), ...sources]
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

export function securityHeaders({ nonce, production, stripe = false }: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(nonce, production, stripe),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  }
  // Browsers ignore HSTS over plain HTTP; in production the site is served over HTTPS (directly or behind a proxy).
  if (production) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/** Set the headers on a response before any handler writes it; returns the nonce for the page's inline scripts. */
export function applySecurityHeaders(res: ServerResponse, options: { production: boolean; nonce?: string; stripe?: boolean }): string {
  const nonce = options.nonce ?? createNonce()
  for (const [name, value] of Object.entries(securityHeaders({ nonce, production: options.production, stripe: options.stripe }))) {
    res.setHeader(name, value)
  }
  return nonce
}
