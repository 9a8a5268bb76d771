import type { HeadersFunction } from '@remix-run/node'

/**
 * A route's `headers`: a throttled action's Retry-After reaches the document response (Remix passes an action's
 * headers to the page only through this function).
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}
