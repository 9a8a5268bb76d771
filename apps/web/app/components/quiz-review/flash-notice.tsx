import { Alert } from '@mantine/core'
import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '../../root.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'

/**
 * The redirect's toast for a browser without JavaScript: the root loader has read the one-shot message, but only a
 * script can draw the toast, so until hydration it is shown in the page instead.
 */
export function FlashNotice() {
  const hydrated = useHydrated()
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash
  if (hydrated || !flash) return null
  return (
    <Alert color={flash.type === 'error' ? 'red' : 'teal'} variant="light" role="status">
      {flash.message}
    </Alert>
  )
}
