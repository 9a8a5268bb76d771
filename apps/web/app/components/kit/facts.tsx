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
