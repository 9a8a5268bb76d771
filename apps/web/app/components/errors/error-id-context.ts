import { createContext } from 'react'

/**
 * The id the server logged this request's failure under (entry.server.tsx provides it while rendering the
 * document), so the error screen shows the id a person can quote and the log line carries.
 */
export const ServerErrorIdContext = createContext<string | null>(null)
