import { Loader, Group, Text } from '@mantine/core'
import type { AutoRetryState } from './use-error-screen.ts'
import { AUTO_RETRY_DELAYS } from './use-error-screen.ts'

/** 'Retrying in 2 s (attempt 2 of 3)…' while a chunk-load or network error is retried automatically. */
export function AutoRetryNote({ state }: { state: AutoRetryState }) {
  if (state.nextInSeconds !== null) {
    return (
      <Group gap={8} justify="center" data-testid="auto-retry" role="status">
        <Loader size="xs" type="dots" />
        <Text size="sm" c="dimmed">
          Retrying in {state.nextInSeconds} s (attempt {state.attempts + 1} of {AUTO_RETRY_DELAYS.length})…
        </Text>
      </Group>
    )
  }
  if (state.exhausted) {
    return (
      <Text size="sm" c="dimmed" data-testid="auto-retry" role="status">
        Retried {state.attempts} times without success.
      </Text>
    )
  }
  return null
}
