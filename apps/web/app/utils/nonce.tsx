import { createContext, useContext } from 'react'

/**
 * This response's Content-Security-Policy nonce, for the inline scripts of the document (Remix's <Scripts>,
 * <ScrollRestoration>, Mantine's <ColorSchemeScript>). Provided by entry.server; in the browser it is empty, since
 * the scripts have already run by the time React hydrates.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
