import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { reportServerError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@meridian/core'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerErrorIdContext } from './components/errors/error-id-context.ts'
import { NonceProvider } from './utils/nonce.tsx'
import { noteUnavailable, unavailableDocument, wasUnavailable } from './utils/unavailable.server.ts'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (server/security-headers.ts). */
    cspNonce?: string
    /** This server's own origin as the request reached it, for the diagnostics screen's self-tests. */
    selfOrigin?: string
    /** The id this request's unexpected failure is logged under, and shown on its error screen. */
    errorId?: string
  }
}

/**
 * An unexpected failure in a loader or action: logged once with the request's error id (the error screen shows the
 * same id). Responses thrown on purpose, Remix's own 404 and 405, and requests the client abandoned are not
 * failures; a database outage is one line without a stack (it fails every request) and becomes a 503 below.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || error instanceof Response) return
  const url = new URL(request.url)
  if (noteUnavailable(error, context)) {
    console.error(`[web] ${request.method} ${url.pathname}: database unavailable (${(error as Error)?.message})`)
    return
  }
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error
  if (cause instanceof Error && /^(No route matches URL|You made a \w+ request to)/.test(cause.message)) return
  reportServerError(`web ${request.method} ${url.pathname}`, cause, context.errorId)
}

/** Client-side navigations (single fetch): the same 503 and Retry-After; the client shows its error screen. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!wasUnavailable(context) || response.status < 500) return response
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
  return new Response(response.body, { status: 503, headers })
}

/** How long a streamed response may wait for deferred data (single fetch reads this export). */
export const streamTimeout = 5_000

/**
 * Remix's default Node entry, with the CSP nonce handed to React (its inline streaming scripts), to RemixServer
 * (the single-fetch data scripts) and to the document through NonceProvider (Scripts, ScrollRestoration,
 * ColorSchemeScript). Bots and SPA mode wait for the whole document; browsers get the shell as soon as it is ready.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (responseStatusCode >= 500 && wasUnavailable(loadContext)) return unavailableDocument(request)
  const nonce = loadContext.cspNonce || undefined
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const ready = () => {
      shellRendered = true
      const body = new PassThrough()
      responseHeaders.set('Content-Type', 'text/html')
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <ServerErrorIdContext.Provider value={loadContext.errorId ?? null}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </ServerErrorIdContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onAllReady: waitForAll ? ready : undefined,
        onShellReady: waitForAll ? undefined : ready,
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while rendering the shell reject and are logged by Remix; only log those after it.
          if (shellRendered) reportServerError(`web render ${new URL(request.url).pathname}`, error, loadContext.errorId)
        },
      },
    )
    // Abort a little after streamTimeout so that pending promises are rejected and their errors reach the client.
    setTimeout(abort, streamTimeout + 1000)
  })
}
