import { type Database, rowsOf, sql } from '@meridian/db'

/**
 * Every paginated list's table topped up to a number of rows in a few set-based statements (generate_series),
 * for the plan checks and the lists bench: names, flags and links spread like real data, nothing of value. Rows
 * already there are kept; new ones get names after theirs. Needs the roles (migrations) and, for activities, at
 * least one currency, location and country, which the earlier tables provide.
 */
export interface BulkTargets {
  countries?: number
  locations?: number
  suppliers?: number
  currencies?: number
  rates?: number
  transfers?: number
  activities?: number
  users?: number
  media?: number
}

type Table = keyof BulkTargets
const ORDER: Table[] = ['countries', 'locations', 'suppliers', 'currencies', 'rates', 'transfers', 'activities', 'users', 'media']
const TABLE_NAME: Record<Table, string> = {
  countries: 'countries',
  locations: 'locations',
  suppliers: 'suppliers',
  currencies: 'currencies',
  rates: 'conversion_rates',
  transfers: 'transfers',
  activities: 'activities',
  users: 'users',
  media: 'media_items',
}


async function scalar(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf(await db.execute(query))
  return Number(Object.values(row ?? {})[0] ?? 0)
}

/** Insert `n` rows into one table; `base` is the highest id so far (new names are numbered after it). */
function insert(table: Table, n: number, base: number) {
  const g = sql`generate_series(${base + 1}::int, ${base + n}::int)`
  switch (table) {
    case 'countries':
      return sql`insert into countries (name, continent, destination_category, is_active, is_promoted_destination, population)
        select 'Land ' || lpad(g::text, 7, '0'),
          (array['Africa','Asia','Europe','North America','South America','Oceania','Antarctica'])[1 + g % 7],
          (array['beach','culture','adventure','luxury','budget','family','honeymoon','business'])[1 + g % 8],
          g % 10 <> 0, g % 25 = 0, g * 1000
        from ${g} g`
    case 'locations':
      return sql`insert into locations (name, country_id, location_type, is_active, is_featured)
        select 'Place ' || lpad(g::text, 7, '0'), c.ids[1 + g % array_length(c.ids, 1)],
          (array['city','region','landmark','airport','port','resort_area','national_park','island','district','other'])[1 + g % 10],
          g % 10 <> 0, g % 20 = 0
        from ${g} g, (select array_agg(id order by id) ids from countries) c`
    case 'suppliers':
      return sql`insert into suppliers (name, supplier_type, status, verified, country_id, company_name, city, email)
        select 'Supplier ' || lpad(g::text, 7, '0'),
          (array['tour_operator','transport','accommodation','restaurant','activity_provider','equipment_rental','guide_service','other'])[1 + g % 8],
          (array['active','active','active','inactive','pending','suspended'])[1 + g % 6],
          g % 3 = 0, case when g % 9 = 0 then null else c.ids[1 + g % array_length(c.ids, 1)] end,
          'Company ' || g, 'City ' || (g % 500), 'supplier' || g || '@bulk.example'
        from ${g} g, (select array_agg(id order by id) ids from countries) c`
    case 'currencies':
      // Codes are three capital letters: the next unused ones in alphabetical order.
      return sql`insert into currencies (code, name, symbol, display_order, is_active)
        select code, 'Currency ' || code, '¤', i % 100, i % 10 <> 0
        from (select i, chr(65 + i / 676) || chr(65 + (i / 26) % 26) || chr(65 + i % 26) code from generate_series(0, 17575) i) x
        where not exists (select 1 from currencies c where c.code = x.code)
        order by i limit ${n}`
    case 'rates':
      // The pairs of twenty currencies, day after day after the latest rate so far.
      return sql`with pairs as (
          select x.id a, y.id b, row_number() over (order by x.id, y.id) - 1 rn
          from (select id from currencies order by id limit 20) x, (select id from currencies order by id limit 20) y
          where x.id <> y.id),
        np as (select count(*)::int n from pairs),
        d as (select coalesce(max(effective_date), date '2015-01-01') + 1 start from conversion_rates)
        insert into conversion_rates (from_currency_id, to_currency_id, rate, effective_date, is_active)
        select p.a, p.b, round((1 + (k % 97) / 10.0)::numeric, 4), d.start + k / np.n, k % 11 <> 0
        from generate_series(0, ${n - 1}::int) k cross join np cross join d join pairs p on p.rn = k % np.n`
    case 'transfers':
      return sql`insert into transfers (name, type, from_country_id, to_country_id, is_active)
        select 'Transfer ' || lpad(g::text, 7, '0'),
          (array['speedboat','seaplane','shuttle','private_car','ferry','flight','train','bus','car','other'])[1 + g % 10],
          c.ids[1 + g % array_length(c.ids, 1)], c.ids[1 + (g * 7) % array_length(c.ids, 1)], g % 10 <> 0
        from ${g} g, (select array_agg(id order by id) ids from countries) c`
    case 'activities':
      return sql`insert into activities (name, category, difficulty, supplier_id, supplier_name, currency_id, location_id, country_id,
          is_active, is_featured, pricing_model, fixed_price, created_at)
        select 'Activity ' || lpad(g::text, 7, '0'),
          (array['adventure','culture','culinary','nature','wellness'])[1 + g % 5],
          (array['easy','moderate','challenging','expert'])[1 + g % 4],
          case when g % 4 = 0 then null else s.ids[1 + g % array_length(s.ids, 1)] end, '',
          (select min(id) from currencies), l.ids[1 + g % array_length(l.ids, 1)], l.cs[1 + g % array_length(l.ids, 1)],
          g % 10 <> 0, g % 15 = 0, 'fixed', 40 + g % 60, now() - g * interval '1 minute'
        from ${g} g,
          (select array_agg(id order by id) ids, array_agg(country_id order by id) cs from (select id, country_id from locations order by id limit 5000) x) l,
          (select coalesce(array_agg(id order by id), '{}') ids from (select id from suppliers order by id limit 5000) y) s`
    case 'users':
      return sql`insert into users (username, email, password_hash, first_name, last_name, role_id, is_active, is_staff, date_joined)
        select 'bulk' || g, 'bulk' || g || '@bulk.example', 'x',
          (array['Ana','Bruno','Chloe','Dmitri','Elena','Farah','Goran','Hana','Ivan','Jade'])[1 + g % 10],
          (array['Silva','Kowalski','Nguyen','Haddad','Costa','Moreau','Okafor','Berg','Tanaka','Rossi'])[1 + (g / 10) % 10],
          (select id from roles where name = case when g % 20 = 0 then 'expert' when g % 33 = 0 then 'specialist' when g % 50 = 0 then 'editor' else 'traveler' end),
          g % 5 <> 0, g % 20 = 0, now() - g * interval '1 minute'
        from ${g} g`
    case 'media':
      return sql`insert into media_items (uuid, title, description, media_type, mime_type, original_filename, status, content_type, object_id, created_at)
        select 'bulk-' || g, 'Photo ' || g, 'A view, number ' || g, case when g % 6 = 0 then 'video' else 'photo' end,
          case when g % 6 = 0 then 'video/mp4' else 'image/jpeg' end, 'img_' || g || '.jpg',
          case when g % 50 = 0 then 'uploading' when g % 40 = 0 then 'failed' else 'ready' end,
          case when g % 3 = 0 then 'core.country' end, case when g % 3 = 0 then c.ids[1 + g % array_length(c.ids, 1)] end,
          now() - g * interval '1 second'
        from ${g} g, (select array_agg(id order by id) ids from countries) c`
  }
}

/** Top the tables up to the targets (in dependency order), then refresh the planner's statistics and visibility. */
export async function fillListTables(db: Database, targets: BulkTargets, options: { vacuum?: boolean } = {}): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>
  for (const table of ORDER) {
    const name = sql.raw(TABLE_NAME[table])
    const target = targets[table]
    const have = await scalar(db, sql`select count(*) from ${name}`)
    if (target !== undefined && target > have) {
      const base = await scalar(db, sql`select coalesce(max(id), 0) from ${name}`)
      await db.execute(insert(table, target - have, base))
    }
    counts[table] = await scalar(db, sql`select count(*) from ${name}`)
  }
  // Index-only scans need the visibility map; the plans need fresh statistics.
  await db.execute(sql.raw(options.vacuum === false ? 'analyze' : 'vacuum analyze'))
  return counts
}
