import { SaveWishlistInput, WishlistFilters } from '@meridian/validators'
import { activities, and, countries, type Database, eq, inArray, sql, suppliers, trips, wishlistItems } from '@meridian/db'
import { WISHLIST_TYPES, type WishlistType } from '@meridian/validators/booking-constants'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { recordId } from '../catalogue/shared.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { keepsWishlist, requireWishlistOwner, WISHLIST_MESSAGES } from './access.ts'
import { loadCards, type Target, type WishlistCard } from './cards.ts'

type WishlistRow = typeof wishlistItems.$inferSelect

/** The target column of each type (the table's check keeps exactly one set). */
const TARGET_COLUMN = {
  destination: wishlistItems.countryId,
  hotel: wishlistItems.supplierId,
  activity: wishlistItems.activityId,
  trip: wishlistItems.tripId,
} as const
const TARGET_FIELD = { destination: 'countryId', hotel: 'supplierId', activity: 'activityId', trip: 'tripId' } as const

export const targetOf = (row: WishlistRow): Target => ({ type: row.itemType, id: row[TARGET_FIELD[row.itemType]]! })

/** A traveler's saved things newest first, and by type (indexes wishlist_user_saved_idx, wishlist_user_type_saved_idx). */
const wishlistList = pagedList({
  name: 'wishlist',
  table: wishlistItems,
  id: wishlistItems.id,
  keys: [
    { expr: wishlistItems.savedAt, type: 'timestamp' },
    { expr: wishlistItems.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    user: (p) => sql`${wishlistItems.userId} = ${p()}`,
    type: (p) => sql`${wishlistItems.itemType} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({ item: wishlistItems, ...page.cursor })
      .from(page.from)
      .innerJoin(wishlistItems, eq(wishlistItems.id, page.id)),
})

export type WishlistItemDto = WishlistCard & { id: number; type: WishlistType; object_id: number; saved_at: string }

const UNKNOWN: WishlistCard = {
  title: '',
  location: '',
  description: '',
  image: null,
  rating: null,
  price: null,
  currency: null,
  price_suffix: '',
  price_from: false,
  url: null,
  is_available: false,
}

/** Saved items in the wire shape (2-catalogue-content.md §3 Wishlist item), with their cards in one read per type. */
async function serializeItems(db: Database, rows: WishlistRow[]): Promise<WishlistItemDto[]> {
  const cards = await loadCards(db, rows.map(targetOf))
  return rows.map((row) => {
    const target = targetOf(row)
    return {
      id: row.id,
      type: target.type,
      object_id: target.id,
      ...(cards.get(`${target.type}:${target.id}`) ?? UNKNOWN),
      saved_at: row.savedAt.toISOString(),
    }
  })
}

/** GET /api/wishlist/: the traveler's saved items, newest saved first, optionally of one type. Needs create_trips. */
export async function listWishlist(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const actor = requireWishlistOwner(ctx)
  const f = parseInput(WishlistFilters, query ?? {})
  const { count, rows, next_cursor } = await wishlistList.page(ctx.db, { user: actor.id, type: f.type }, page)
  return {
    count,
    results: await serializeItems(
      ctx.db,
      rows.map((r) => r.item),
    ),
    next_cursor,
  }
}

/** The list's statements (plan checks in tests). */
export const wishlistListQueries = (db: Database, userId: number, type: WishlistType | undefined, page: PageWindow) =>
  wishlistList.queries(db, { user: userId, type }, page)

export interface WishlistCounts {
  total: number
  destination: number
  hotel: number
  activity: number
  trip: number
}

const countsByType = new WeakMap<Database, ReturnType<typeof prepareCounts>>()
const prepareCounts = (db: Database) =>
  db
    .select({ type: wishlistItems.itemType, n: sql<number>`count(*)`.mapWith(Number) })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, sql.placeholder('user')))
    .groupBy(wishlistItems.itemType)
    .prepare('wishlist_counts')

/** GET /api/wishlist/counts/: Total Saved and the count of each type. Needs create_trips. */
export async function wishlistCounts(ctx: ServiceContext): Promise<WishlistCounts> {
  const actor = requireWishlistOwner(ctx)
  let statement = countsByType.get(ctx.db)
  if (!statement) countsByType.set(ctx.db, (statement = prepareCounts(ctx.db)))
  const out: WishlistCounts = { total: 0, destination: 0, hotel: 0, activity: 0, trip: 0 }
  for (const r of await statement.execute({ user: actor.id })) {
    out[r.type] = r.n
    out.total += r.n
  }
  return out
}

/**
 * Whether the target may be saved by this traveler: an active destination, an active accommodation supplier, an
 * active activity, or one of the traveler's own trips. Anything else is DRF's "object does not exist" on object_id
 * (an inactive thing or another traveler's trip is not revealed).
 */
async function assertSavable(db: Database, actor: Actor, target: Target): Promise<void> {
  const id = target.id
  const found =
    target.type === 'destination'
      ? await db
          .select({ id: countries.id })
          .from(countries)
          .where(and(eq(countries.id, id), eq(countries.isActive, true)))
      : target.type === 'hotel'
      ? await db
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(and(eq(suppliers.id, id), eq(suppliers.supplierType, 'accommodation'), eq(suppliers.status, 'active')))
      : target.type === 'activity'
      ? await db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.id, id), eq(activities.isActive, true)))
      : await db
          .select({ id: trips.id })
          .from(trips)
          .where(and(eq(trips.id, id), eq(trips.travelerId, actor.id)))
  if (found.length === 0) throw DomainError.invalid({ object_id: [WISHLIST_MESSAGES.doesNotExist(id)] })
}

const findSaved = async (db: Database, userId: number, target: Target) =>
  (
    await db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(TARGET_COLUMN[target.type], target.id)))
  )[0]

/**
 * POST /api/wishlist/ `{type, object_id}`: saves the thing once. Saving it again changes nothing and answers the
 * item already there (`created: false`: REST 200 instead of 201). Needs create_trips. Writes one row at most.
 */
export async function saveToWishlist(ctx: ServiceContext, input: unknown): Promise<{ created: boolean; item: WishlistItemDto }> {
  const actor = requireWishlistOwner(ctx)
  const data = parseInput(SaveWishlistInput, input ?? {})
  const target: Target = { type: data.type, id: data.object_id }
  await assertSavable(ctx.db, actor, target)
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await ctx.db
      .insert(wishlistItems)
      .values({ userId: actor.id, itemType: target.type, [TARGET_FIELD[target.type]]: target.id })
      .onConflictDoNothing()
      .returning()
    if (created) return { created: true, item: (await serializeItems(ctx.db, [created]))[0]! }
    // Saved already (perhaps a moment ago by a second tab); removed again in between, the insert is tried once more.
    const existing = await findSaved(ctx.db, actor.id, target)
    if (existing) return { created: false, item: (await serializeItems(ctx.db, [existing]))[0]! }
  }
  throw new DomainError('conflict', 'The wishlist changed while saving. Please try again.')
}

/** DELETE /api/wishlist/{id}/: removes one of the traveler's own items; another person's answers 404. Needs create_trips. */
export async function removeFromWishlist(ctx: ServiceContext, rawId: unknown): Promise<{ id: number; type: WishlistType; object_id: number }> {
  const actor = requireWishlistOwner(ctx)
  const id = recordId(rawId, WISHLIST_MESSAGES.notFound)
  const [row] = await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, actor.id)))
    .returning()
  if (!row) throw new DomainError('not_found', WISHLIST_MESSAGES.notFound)
  return { id: row.id, ...toWire(targetOf(row)) }
}

const toWire = (t: Target) => ({ type: t.type, object_id: t.id })

/** DELETE /api/wishlist/?type=&object_id=: removes the saved item of that thing, or 404 when it is not saved. Needs create_trips. */
export async function removeWishlistTarget(ctx: ServiceContext, input: unknown): Promise<{ id: number; type: WishlistType; object_id: number }> {
  const actor = requireWishlistOwner(ctx)
  const data = parseInput(SaveWishlistInput, input ?? {})
  const [row] = await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, actor.id), eq(TARGET_COLUMN[data.type], data.object_id)))
    .returning()
  if (!row) throw new DomainError('not_found', WISHLIST_MESSAGES.notFound)
  return { id: row.id, ...toWire(targetOf(row)) }
}

/**
 * For pages with save toggles: which of these things the signed-in user has saved (object id → item id). `enabled`
 * is false for visitors and for roles without a wishlist, whose pages show no toggle; nothing is refused.
 */
export async function wishlistLookup(ctx: ServiceContext, type: WishlistType, ids: number[]): Promise<{ enabled: boolean; saved: Record<number, number> }> {
  if (!keepsWishlist(ctx.actor)) return { enabled: false, saved: {} }
  if (!(WISHLIST_TYPES as readonly string[]).includes(type)) throw DomainError.invalid({ type: ['Select a valid type.'] })
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647))]
  if (wanted.length === 0) return { enabled: true, saved: {} }
  const column = TARGET_COLUMN[type]
  const rows = await ctx.db
    .select({ id: wishlistItems.id, target: column })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, ctx.actor.id), inArray(column, wanted)))
  return { enabled: true, saved: Object.fromEntries(rows.map((r) => [r.target!, r.id])) }
}
