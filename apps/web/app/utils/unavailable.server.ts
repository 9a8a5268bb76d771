import type { AppLoadContext } from '@remix-run/node'
import { asDomainError, STATUS_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@meridian/core'

/**
 * Pages whose loader or action failed because the database is down, restarting or too busy (decision 018).
 * entry.server's handleError marks the request's load context; the document is then answered 503 with
 * Retry-After and a screen that says what happened, instead of the generic error screen with a 500.
 */
const unavailable = new WeakSet<AppLoadContext>()

/** Remember the failure when it is an outage; true when it was. */
export function noteUnavailable(error: unknown, context: AppLoadContext): boolean {
  if (asDomainError(error)?.code !== 'unavailable') return false
  unavailable.add(context)
  return true
}

export function wasUnavailable(context: AppLoadContext): boolean {
  return unavailable.has(context)
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A page of its own, without scripts: the application's bundle may be fine, but nothing it would load can
 * answer until the database is back. GET pages reload themselves after Retry-After; a form post is not
 * resent by itself.
 */
export function unavailableDocument(request: Request): Response {
  const url = new URL(request.url)
  const here = escape(`${url.pathname}${url.search}`)
  const seconds = UNAVAILABLE_RETRY_AFTER_SECONDS
  const refresh = request.method === 'GET' ? `<meta http-equiv="refresh" content="${seconds}">` : ''
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}
<title>Service temporarily unavailable | Meridian Travel</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:560px;margin:16px;padding:40px;background:#fff;border:1px solid #dee2e6;border-radius:16px;box-shadow:0 4px 12px rgba(0,0,0,.06);text-align:center}
h1{font-size:26px;margin:0 0 12px}p{line-height:1.5;margin:0 0 12px;color:#495057}
a{display:inline-block;margin:8px 6px 0;padding:8px 18px;border-radius:8px;text-decoration:none;background:#228be6;color:#fff}
a.secondary{background:#e9ecef;color:#212529}
</style>
</head>
<body>
<main data-testid="service-unavailable">
<h1>Service temporarily unavailable</h1>
<p>${escape(STATUS_MESSAGES[500])}</p>
<p>Meridian cannot reach its database at the moment. This usually passes within a few seconds${request.method === 'GET' ? `; this page tries again in ${seconds} seconds` : ''}.</p>
<a href="${here}">Try Again</a><a class="secondary" href="/">Home</a>
</main>
</body>
</html>`
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
  })
}
