import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'

/** One day of the Trends Over Time panel, as plotted (revenue as a number for the drawing only; the table keeps it exact). */
export interface TrendPoint {
  date: string
  Users: number
  Trips: number
  Quizzes: number
  Revenue: number
}

/**
 * The Trends Over Time charts (@mantine/charts over recharts). This module is loaded only by the analytics screen, and
 * only in the browser, so no other page pays for the chart library.
 */
export default function TrendChart({ points, currency }: { points: TrendPoint[]; currency: string }) {
  return (
    <>
      <figure style={{ margin: 0 }} aria-label="Users, trips and quizzes per day (the same figures as the daily table)">
        <LineChart
          h={260}
          data={points}
          dataKey="date"
          withLegend
          curveType="monotone"
          series={[
            { name: 'Users', color: 'indigo.6' },
            { name: 'Trips', color: 'teal.6' },
            { name: 'Quizzes', color: 'orange.6' },
          ]}
        />
      </figure>
      <figure style={{ margin: 0 }} aria-label={`Revenue per day in ${currency} (the same figures as the daily table)`}>
        <LineChart
          h={200}
          data={points}
          dataKey="date"
          withLegend
          curveType="monotone"
          series={[{ name: 'Revenue', label: `Revenue (${currency})`, color: 'green.7' }]}
        />
      </figure>
    </>
  )
}
