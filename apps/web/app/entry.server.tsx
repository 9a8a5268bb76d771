import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './utils/nonce.tsx'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (server/security-headers.ts). */
    cspNonce?: string
    /** This server's own origin as the request reached it, for the diagnostics screen's self-tests. */
    selfOrigin?: string
  }
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
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
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
          if (shellRendered) console.error(error)
        },
      },
    )
    // Abort a little after streamTimeout so that pending promises are rejected and their errors reach the client.
    setTimeout(abort, streamTimeout + 1000)
  })
}
