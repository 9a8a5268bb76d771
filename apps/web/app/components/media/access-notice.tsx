import { Alert, Container } from '@mantine/core'
import { MEDIA_MESSAGES } from '@meridian/core/messages'

/** What people without media rights see (spec 2 §2 Media Management). */
export function MediaAccessDenied() {
  return (
    <Container size="sm" px={0} py="xl">
      <Alert color="red" variant="light" title={MEDIA_MESSAGES.deniedTitle} role="alert">
        {MEDIA_MESSAGES.deniedBody}
      </Alert>
    </Container>
  )
}
