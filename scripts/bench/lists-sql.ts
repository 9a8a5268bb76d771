// The lists the bench times, and the raw SQL the baseline answers each with: the count and the page as two
// prepared statements, the page's ids cut from an index in the list's order, related data read for those rows only.
// `$1` is the page size, `$2` the offset; `roleId` lists take the role as `$3` (the count as `$1`).

export interface BenchList {
  name: string
  /** The app's REST path (DRF page-number pagination). */
  path: (ctx: { roleId: number }) => string
  pageSize: number
  /** Signed-in only (the public destinations are not). */
  auth: boolean
  count: string
  page: string
  /** The list's figures beside the page (activities' stats chips). */
  stats?: boolean
  roleParam?: boolean
}

const userColumns = `u.id, u.username, u.email, u.first_name, u.last_name, u.is_active, u.is_staff, u.is_superuser, u.date_joined,
  u.last_login, json_build_object('id', r.id, 'name', r.name, 'display_name', r.display_name) role,
  json_build_object('role', r.name, 'phone', u.phone_number, 'bio', u.bio, 'expert_countries', u.expert_countries,
    'specializations', u.specializations, 'years_experience', u.years_experience, 'is_expert', u.profile_is_expert,
    'is_admin', u.profile_is_admin, 'is_superadmin', u.profile_is_superadmin) profile_info`

const usersPage = (where: string) => `select ${userColumns}
  from (select id, date_joined from users ${where} order by date_joined desc nulls last, id desc nulls last limit $1 offset $2) p
  join users u on u.id = p.id join roles r on r.id = u.role_id
  order by p.date_joined desc, p.id desc`

const countryPage = (where: string, order: string, outer: string) => `select c.*,
    (select count(*) from locations l where l.country_id = c.id)::int locations_count,
    (select count(*) from activities a where a.country_id = c.id)::int activities_count
  from (select id, name, is_promoted_destination from countries ${where} order by ${order} limit $1 offset $2) p
  join countries c on c.id = p.id order by ${outer}`

export const BENCH_LISTS: BenchList[] = [
  {
    name: 'users-mgmt',
    path: () => '/users/api/users-mgmt/',
    pageSize: 20,
    auth: true,
    count: 'select count(*)::int n from users',
    page: usersPage(''),
  },
  {
    name: 'admin users',
    path: () => '/users/api/admin/users/',
    pageSize: 20,
    auth: true,
    count: 'select count(*)::int n from users',
    page: usersPage(''),
  },
  {
    name: "roles' users",
    path: ({ roleId }) => `/users/api/roles/${roleId}/users/`,
    pageSize: 20,
    auth: true,
    roleParam: true,
    count: 'select count(*)::int n from users where role_id = $1',
    page: usersPage('where role_id = $3'),
  },
  {
    name: 'activities',
    path: () => '/api/activities/',
    pageSize: 12,
    auth: true,
    stats: true,
    count: `select count(*)::int n, count(*) filter (where is_active)::int active, count(*) filter (where is_featured)::int featured from activities`,
    page: `select a.*, s.name supplier_ref, l.name location_name, c.name country_name, cu.code currency_code,
        (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'min_quantity', t.min_quantity, 'max_quantity', t.max_quantity,
          'price_per_unit', t.price_per_unit, 'fixed_price', t.fixed_price) order by t.position, t.id), '[]')
          from activity_pricing_tiers t where t.activity_id = a.id) pricing_tiers,
        (select coalesce(json_agg(g.name order by at.position), '[]') from activity_tags at join tags g on g.id = at.tag_id where at.activity_id = a.id) tag_names
      from (select id, created_at from activities order by created_at desc nulls last, id desc nulls last limit $1 offset $2) p
      join activities a on a.id = p.id left join suppliers s on s.id = a.supplier_id left join locations l on l.id = a.location_id
      left join countries c on c.id = a.country_id left join currencies cu on cu.id = a.currency_id
      order by p.created_at desc, p.id desc`,
  },
  {
    name: 'countries',
    path: () => '/api/destinations/countries-mgmt/',
    pageSize: 100,
    auth: true,
    count: 'select count(*)::int n from countries',
    page: countryPage('', 'name, id', 'p.name, p.id'),
  },
  {
    name: 'destinations',
    path: () => '/api/destinations/',
    pageSize: 20,
    auth: false,
    count: 'select count(*)::int n from countries where is_active',
    page: countryPage('where is_active', '(not is_promoted_destination), name, id', '(not p.is_promoted_destination), p.name, p.id'),
  },
  {
    name: 'locations',
    path: () => '/api/destinations/locations-mgmt/',
    pageSize: 100,
    auth: true,
    count: 'select count(*)::int n from locations',
    page: `select l.*, json_build_object('id', c.id, 'name', c.name) country,
        case when r.id is null then null else json_build_object('id', r.id, 'name', r.name) end region,
        (select count(*) from activities a where a.location_id = l.id)::int activities_count
      from (select id, name from locations order by name, id limit $1 offset $2) p
      join locations l on l.id = p.id join countries c on c.id = l.country_id left join regions r on r.id = l.region_id
      order by p.name, p.id`,
  },
  {
    name: 'suppliers',
    path: () => '/api/suppliers/',
    pageSize: 100,
    auth: true,
    count: 'select count(*)::int n from suppliers',
    page: `select s.*, case when c.id is null then null else json_build_object('id', c.id, 'name', c.name, 'continent', c.continent) end country,
        (select count(*) from activities a where a.supplier_id = s.id)::int activities_count
      from (select id, name from suppliers order by name, id limit $1 offset $2) p
      join suppliers s on s.id = p.id left join countries c on c.id = s.country_id
      order by p.name, p.id`,
  },
  {
    name: 'transfers',
    path: () => '/api/itineraries/transfers/',
    pageSize: 100,
    auth: true,
    count: 'select count(*)::int n from transfers',
    page: `select t.*, fc.name from_country_name, tc.name to_country_name, fl.name from_location_name, tl.name to_location_name
      from (select id, name from transfers order by name, id limit $1 offset $2) p
      join transfers t on t.id = p.id left join countries fc on fc.id = t.from_country_id left join countries tc on tc.id = t.to_country_id
      left join locations fl on fl.id = t.from_location_id left join locations tl on tl.id = t.to_location_id
      order by p.name, p.id`,
  },
  {
    name: 'currencies',
    path: () => '/api/currencies-mgmt/',
    pageSize: 200,
    auth: true,
    count: 'select count(*)::int n from currencies',
    page: `select c.* from (select id, display_order, code from currencies order by display_order, code, id limit $1 offset $2) p
      join currencies c on c.id = p.id order by p.display_order, p.code, p.id`,
  },
  {
    name: 'rates',
    path: () => '/api/currencies-mgmt/conversion_rates/',
    pageSize: 100,
    auth: true,
    count: 'select count(*)::int n from conversion_rates',
    page: `select r.id, json_build_object('id', f.id, 'code', f.code, 'symbol', f.symbol) from_currency,
        json_build_object('id', t.id, 'code', t.code, 'symbol', t.symbol) to_currency, r.rate, r.effective_date, r.source, r.is_active,
        (r.is_active and r.effective_date <= (now() at time zone 'utc')::date and not exists (select 1 from conversion_rates x
          where x.from_currency_id = r.from_currency_id and x.to_currency_id = r.to_currency_id and x.is_active
          and x.effective_date <= (now() at time zone 'utc')::date and (x.effective_date, x.id) > (r.effective_date, r.id))) is_current,
        r.created_at, r.updated_at
      from (select id, from_code, to_code, (date '2000-01-01' - effective_date) d from conversion_rates
            order by from_code, to_code, (date '2000-01-01' - effective_date), (- id) limit $1 offset $2) p
      join conversion_rates r on r.id = p.id join currencies f on f.id = r.from_currency_id join currencies t on t.id = r.to_currency_id
      order by p.from_code, p.to_code, p.d, p.id desc`,
  },
  {
    name: 'media',
    path: () => '/api/media/',
    pageSize: 24,
    auth: true,
    count: `select count(*)::int n from media_items where status <> 'uploading'`,
    page: `select m.*, case when m.content_type = 'core.country' then (select name from countries c where c.id = m.object_id) end content_object_name
      from (select id, created_at from media_items where status <> 'uploading' order by created_at desc nulls last, id desc nulls last limit $1 offset $2) p
      join media_items m on m.id = p.id order by p.created_at desc, p.id desc`,
  },
]
