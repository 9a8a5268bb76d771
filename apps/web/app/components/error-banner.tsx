import { Alert } from '@mantine/core'
import { useEffect, useState } from 'react'

/**
 * The red banner the screens show a failure in (the spec's "red error banner" with its close button). Closing hides
 * this message; the next one shows the banner again. Without JavaScript it simply stays.
 */
export function ErrorBanner({ message, title }: { message?: string | null; title?: string }) {
  const [closed, setClosed] = useState(false)
  useEffect(() => setClosed(false), [message])
  if (!message || closed) return null
  return (
    <Alert color="red" variant="light" role="alert" title={title} withCloseButton closeButtonLabel="Dismiss" onClose={() => setClosed(true)}>
      {message}
    </Alert>
  )
}
