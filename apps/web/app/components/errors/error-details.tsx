import { Code, Text } from '@mantine/core'

/** Debug details (message and stack), shown outside production only. */
export function ErrorDetails({ message, stack }: { message: string; stack: string }) {
  return (
    <details style={{ width: '100%', textAlign: 'left' }} data-testid="error-details">
      <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
        Debug details
      </Text>
      <Code block mt="xs" style={{ maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {stack.includes(message) ? stack : [message, stack].filter(Boolean).join('\n')}
      </Code>
    </details>
  )
}
