import { type MantineSize, SimpleGrid, Text } from '@mantine/core'

/** Label and value pairs as a description list, in a grid. */
export function Facts({
  rows,
  cols = 2,
  valueSize = 'sm',
}: {
  rows: (readonly [string, React.ReactNode])[]
  cols?: number | Record<string, number>
  valueSize?: MantineSize
}) {
  return (
    <SimpleGrid cols={cols} spacing="xs" verticalSpacing="xs" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size={valueSize} m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

/** One label and its value, as the read-only views show a record's field: '—' when empty, line breaks kept, long words wrapped. */
export function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </div>
  )
}
