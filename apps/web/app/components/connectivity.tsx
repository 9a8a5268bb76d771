import { Affix, Alert } from '@mantine/core'
import { useEffect, useState } from 'react'
import { CONNECTIVITY_MESSAGES } from '../utils/messages.ts'
import { notify } from '../utils/notify.ts'

/**
 * Tells the user when the browser goes offline ('You are now offline. Some features may not work.', 8 s) and when it
 * comes back ('Connection restored!'); while offline a small notice stays in the corner.
 */
export function Connectivity() {
  const [offline, setOffline] = useState(false)

  useEffect(() => {
    const goOffline = () => {
      setOffline(true)
      notify.offline()
    }
    const goOnline = () => {
      setOffline(false)
      notify.online()
    }
    if (navigator.onLine === false) setOffline(true)
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    return () => {
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
    }
  }, [])

  if (!offline) return null
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Alert color="yellow" variant="filled" radius="md" py={8} data-testid="offline-notice" role="status">
        {CONNECTIVITY_MESSAGES.offline}
      </Alert>
    </Affix>
  )
}
