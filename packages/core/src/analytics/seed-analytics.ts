import { type Database, rowsOf, sql } from '@meridian/db'

const DAY = 86_400_000

/**
 * Demo history for the Analytics Dashboard (run after the other demo seeds, on a new installation): the demo accounts
 * (addresses at meridian.example) joined over the last three months instead of all in the first second, each quiz
 * submitted the day after its traveler joined, so the trends, the period comparisons and the funnel have a shape.
 * Figures are still computed from the records; request figures and uptime are never invented. The accounts dated.
 */
export async function seedDemoAnalytics(db: Database, now: Date = new Date()): Promise<number> {
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email like '%@meridian.example' order by id`)).map((r) => Number(r.id))
  if (!ids.length) return 0
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      // The first accounts (the staff) about three months back, the last a few days ago.
      const daysBack = Math.max(2, Math.round(88 - (i * 86) / Math.max(1, ids.length - 1)))
      const joined = new Date(now.getTime() - daysBack * DAY - ((id * 7_919) % 36_000) * 1000)
      await tx.execute(sql`update users set date_joined = ${joined.toISOString()}::timestamptz where id = ${id}`)
      await tx.execute(sql`
        update quiz_submissions set submitted_at = least(submitted_at, ${new Date(joined.getTime() + DAY).toISOString()}::timestamptz)
         where user_id = ${id}`)
    }
  })
  return ids.length
}
