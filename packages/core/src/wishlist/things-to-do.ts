import { activities, and, count, desc, eq } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { loadCards, type WishlistCard } from './cards.ts'

export type ThingToDo = WishlistCard & { id: number }

/**
 * The active activities of one destination as travelers see them on its page ('Things to do'): the newest `limit`
 * (read from activities_country_idx), each as a card with its "From" price by the pricing engine, and how many there
 * are. For any signed-in user, like the destination page itself.
 */
export async function destinationActivities(ctx: ServiceContext, countryId: number, limit = 12): Promise<{ count: number; results: ThingToDo[] }> {
  const where = and(eq(activities.countryId, countryId), eq(activities.isActive, true))
  const [rows, [total]] = await Promise.all([
    ctx.db.select({ id: activities.id }).from(activities).where(where).orderBy(desc(activities.createdAt), desc(activities.id)).limit(limit),
    ctx.db.select({ n: count() }).from(activities).where(where),
  ])
  const cards = await loadCards(
    ctx.db,
    rows.map((r) => ({ type: 'activity' as const, id: r.id })),
  )
  return { count: total?.n ?? 0, results: rows.flatMap((r) => (cards.has(`activity:${r.id}`) ? [{ id: r.id, ...cards.get(`activity:${r.id}`)! }] : [])) }
}
