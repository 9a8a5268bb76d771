import { useEffect, useState } from 'react'

/**
 * False on the server and on the first client render, true once React has hydrated. Interactive widgets (menus,
 * drawers, modals) switch on only then; before that the page shows their no-JavaScript fallback.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
