import { type SQL, sql } from '@meridian/db'

/** A list of ids as one bound array parameter. */
export const intArray = (ids: Iterable<number>) => sql`${`{${[...ids].join(',')}}`}::int[]`
/** A list of plain words (category names) as one bound array parameter. */
export const textArray = (values: Iterable<string>) => sql`${`{${[...values].join(',')}}`}::text[]`

/**
 * The price of activity `a` for a group of `n` in its own currency, by the pricing engine's rule (activities/pricing.ts):
 * the fixed price, else the first tier covering the group, its group price or price per unit times the group; null
 * when no tier takes the group.
 */
export const groupPriceSql = (n: number): SQL => sql`(case when a.pricing_model = 'fixed' then a.fixed_price
      else (select coalesce(t.fixed_price, t.price_per_unit * ${n}) from activity_pricing_tiers t
             where t.activity_id = a.id and t.min_quantity <= ${n} and (t.max_quantity is null or t.max_quantity >= ${n})
             order by t.position, t.id limit 1) end)`

/**
 * Activity `a` can be offered to a group of `n`: active, in an active place of an active destination, taking that many.
 * Checked row by row as an index is read in order (a scalar subquery each, never a join of the whole table), so a read
 * stopped at a page stops early; coalesce() keeps the most-of-the-table active index out of a bitmap of words.
 */
export const openActivitySql = (n: number): SQL[] => [
  sql`coalesce(a.is_active, false)`,
  sql`(a.max_participants is null or a.max_participants >= ${n})`,
  sql`(select l.is_active from locations l where l.id = a.location_id)`,
  sql`(select c.is_active from countries c where c.id = a.country_id)`,
]
