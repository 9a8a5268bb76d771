import { Alert } from '@mantine/core'
import { useEffect, useState } from 'react'

/** The red banner of §2.3: shows a message, closes with its button (the next message shows it again). */
export function ErrorBanner({ message }: { message?: string | null }) {
  const [closed, setClosed] = useState(false)
  useEffect(() => setClosed(false), [message])
  if (!message || closed) return null
  return (
    <Alert color="red" variant="filled" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setClosed(true)}>
      {message}
    </Alert>
  )
}
