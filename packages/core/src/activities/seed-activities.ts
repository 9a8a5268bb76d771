import { activities, count, currencies, type Database, eq, locations, sql, suppliers } from '@meridian/db'
import { ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES, EXPERIENCE_TYPES } from '@meridian/validators/activity-constants'

const SEED_DESCRIPTION = 'Seeded activity'
const SEED_SUPPLIERS = 20
const arr = (list: readonly string[]) => sql.raw(`array[${list.map((x) => `'${x}'`).join(',')}]`)

/**
 * Demo and benchmark activities, made in PostgreSQL itself (generate_series) so 100,000 take seconds: names from
 * a small vocabulary with a number, every category, difficulty and experience type, a fifth of them fixed-price,
 * the rest with three tiers; spread over the first 5,000 locations and 20 seed suppliers. Tops up to `total` seeded
 * activities (safe to run twice). Needs currencies (USD) and locations; returns the activities added.
 */
export async function seedActivities(db: Database, total: number): Promise<number> {
  const [have] = await db.select({ n: count() }).from(activities).where(sql`${activities.description} like ${`${SEED_DESCRIPTION} %`}`)
  const missing = total - (have?.n ?? 0)
  if (missing <= 0) return 0
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  const [locs] = await db.select({ n: count() }).from(locations)
  if (!usd || !locs?.n) throw new Error('Seeding activities needs the USD currency and some locations: seed currencies and the catalogue first.')
  const [sups] = await db.select({ n: count() }).from(suppliers).where(sql`${suppliers.name} like 'Seed Supplier %'`)
  if ((sups?.n ?? 0) < SEED_SUPPLIERS) {
    await db.insert(suppliers).values(Array.from({ length: SEED_SUPPLIERS - (sups?.n ?? 0) }, (_, i) => ({ name: `Seed Supplier ${(sups?.n ?? 0) + i + 1}`, supplierType: 'tour_operator' as const })))
  }
  const start = (have?.n ?? 0) + 1
  const end = total
  await db.execute(sql`
    with locs as (select id, country_id, row_number() over (order by id) as rn from locations order by id limit 5000),
         n as (select count(*) as c from locs),
         sups as (select id, name, row_number() over (order by id) as rn from suppliers where name like 'Seed Supplier %' order by id limit ${SEED_SUPPLIERS})
    insert into activities (name, description, category, difficulty, experience_type, supplier_id, supplier_name, pricing_model,
      currency_id, fixed_price, duration_hours, location_id, country_id, max_participants, is_featured, is_active, created_at, updated_at)
    select
      (${arr(['Kayak', 'Walking', 'Street Food', 'Wine', 'Canyon', 'Sunset', 'Temple', 'Market', 'Cooking', 'Safari', 'Snorkel', 'Cycling', 'Museum', 'Jazz', 'Yoga', 'Surf'])})[1 + g % 16]
        || ' ' || (${arr(['Tour', 'Trip', 'Class', 'Adventure', 'Experience', 'Walk', 'Cruise'])})[1 + (g / 16) % 7] || ' ' || g,
      ${`${SEED_DESCRIPTION} `} || g,
      (${arr(ACTIVITY_CATEGORIES)})[1 + g % ${ACTIVITY_CATEGORIES.length}],
      (${arr(ACTIVITY_DIFFICULTIES)})[1 + (g / 12) % ${ACTIVITY_DIFFICULTIES.length}],
      (${arr(EXPERIENCE_TYPES)})[1 + (g / 48) % ${EXPERIENCE_TYPES.length}],
      s.id, s.name,
      case when g % 5 = 0 then 'fixed' else 'tiered' end,
      ${usd.id},
      case when g % 5 = 0 then (20 + g % 180)::numeric(12, 2) else null end,
      (1 + g % 8)::numeric / 2 + 1,
      l.id, l.country_id,
      case when g % 4 = 0 then null else 8 + g % 20 end,
      g % 10 = 0, g % 7 <> 0,
      now() - make_interval(mins => g), now()
    from generate_series(${start}::int, ${end}::int) as g
    join locs l on l.rn = 1 + g % (select c from n)
    join sups s on s.rn = 1 + (g / 7) % ${SEED_SUPPLIERS}
  `)
  await db.execute(sql`
    insert into activity_pricing_tiers (activity_id, position, name, min_quantity, max_quantity, price_per_unit, fixed_price)
    select a.id, t.pos, t.name, t.min_q, t.max_q, (t.factor * (30 + a.id % 120))::numeric(12, 2), null
    from activities a
    cross join (values (0, 'Solo', 1, 1, 1.0), (1, 'Small group', 2, 6, 0.8), (2, 'Large group', 7, null, 0.6)) as t(pos, name, min_q, max_q, factor)
    where a.pricing_model = 'tiered' and a.description like ${`${SEED_DESCRIPTION} %`}
      and not exists (select 1 from activity_pricing_tiers x where x.activity_id = a.id)
  `)
  // Counting the stats chips is an index-only scan once the visibility map is set: do it now, not at autovacuum's pace.
  await db.execute(sql`vacuum analyze activities`)
  return missing
}
