import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'

const posted = new WeakSet<AppLoadContext>()

/**
 * An action of the chat screen ran in this request. The load context is made once per request, so the loaders that
 * draw the page after a form post that failed (a blank message) can tell: they leave the read mark alone, as a
 * refused post writes nothing.
 */
export function noteChatAction(context: AppLoadContext) {
  posted.add(context)
}

export const actedThisRequest = (context: AppLoadContext) => posted.has(context)

/** A message id from the query string (`before=`), or null when absent or not an id. */
export function cursorParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null
}

/** The conversation list's search (at most what the service accepts). */
export const searchParam = (url: URL) => (url.searchParams.get('search') ?? '').trim().slice(0, 100)

/** The client key of a message sent from this page without JavaScript (one per page: a form sent twice posts once). */
export const pageClientKey = () => randomUUID()
