import { Button, Group, Text, Textarea, VisuallyHidden } from '@mantine/core'
import { Form } from '@remix-run/react'
import { forwardRef, useState } from 'react'
import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH } from '@meridian/validators/chat-constants'
import { ALERT_TEXT_COLOR } from '../itinerary/status-badge.tsx'

/** The refused no-JavaScript post: its field messages and what was typed, as the action answered them. */
export interface ComposerFailure {
  message: string | null
  fields: Record<string, string[]>
  values: Record<string, string>
}

/** What is wrong with a message before it is sent (the service says the same: §5, and the length limit). */
export function contentError(content: string): string | null {
  if (content.trim() === '') return CHAT_MESSAGES.blank
  if (content.length > MAX_MESSAGE_LENGTH) return CHAT_MESSAGES.tooLong
  return null
}

/**
 * The message box. Without JavaScript it is a plain form: Send posts it with a client key made for this page, so a
 * form sent twice makes one message, and the page comes back with the message in it (or the field message and the
 * text kept). With JavaScript `onSend` takes the text instead: Enter sends, Shift+Enter starts a new line.
 */
export const Composer = forwardRef<
  HTMLTextAreaElement,
  { action: string; clientKey: string; failure: ComposerFailure | null; hydrated: boolean; onSend: (content: string) => void }
>(function Composer({ action, clientKey, failure, hydrated, onSend }, ref) {
  const [content, setContent] = useState(failure?.values.content ?? '')
  const [localError, setLocalError] = useState<string | null>(null)
  const fieldError = localError ?? failure?.fields.content?.join(' ') ?? null
  // Anything else the action refused (a client key out of shape) shows under the box too.
  const otherError = localError ? null : Object.entries(failure?.fields ?? {}).find(([key]) => key !== 'content')?.[1]?.[0] ?? failure?.message ?? null

  const send = () => {
    const problem = contentError(content)
    setLocalError(problem)
    if (problem) return
    onSend(content)
    setContent('')
  }

  return (
    <Form
      method="post"
      action={action}
      aria-label="Send a message"
      onSubmit={(event) => {
        // Only a script runs this: it sends through onSend; without one the browser posts the form.
        event.preventDefault()
        send()
      }}
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="client_key" value={clientKey} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          ref={ref}
          name="content"
          label={<VisuallyHidden>Message</VisuallyHidden>}
          placeholder="Type a message…"
          description={hydrated ? 'Enter sends; Shift+Enter starts a new line.' : undefined}
          autosize
          minRows={2}
          maxRows={8}
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value)
            if (localError) setLocalError(null)
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return
            event.preventDefault()
            send()
          }}
          error={fieldError}
          styles={{
            error: { color: ALERT_TEXT_COLOR },
            label: { marginBottom: 0 },
            // Mantine writes the text and placeholder of a field in error in its red, under 4.5:1: only the border says it.
            wrapper: { '--input-color': 'var(--mantine-color-text)', '--input-placeholder-color': 'var(--mantine-color-placeholder)' } as React.CSSProperties,
          }}
          style={{ flex: 1 }}
        />
        <Button type="submit">Send</Button>
      </Group>
      {otherError ? (
        <Text size="sm" mt={4} role="alert" style={{ color: ALERT_TEXT_COLOR }}>
          {otherError}
        </Text>
      ) : null}
    </Form>
  )
})
