import { Paper, Text } from '@mantine/core'

/** One figure of a screen's summary row: a small uppercase label over the value, in a bordered card. */
export function StatCard({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  )
}
