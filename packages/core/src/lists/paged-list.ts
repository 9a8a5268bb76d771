import { and, type AnyColumn, type Database, type PgTable, type Placeholder, type SQL, sql } from '@meridian/db'
import { cursorText, cursorValue, decodeCursor, encodeCursor, type KeyType, type SortKey } from './cursor.ts'

/** The placeholder of a filter's value; `p('lo')` is one named part of an object value (`{lo, hi}`). */
export type FilterParam = (part?: string) => Placeholder

/** What a rows query is given: the page's ids in list order, to select from and join the table on. */
export interface PageRef {
  /** `from(page.from)`: the cut page (ids and sort keys), never more rows than the page holds. */
  from: any
  /** The page row's id: join the list's table on it. */
  id: SQL.Aliased<number>
  /** Spread into the select: the sort keys as cursor text (`__c0`…; serializers leave them out). */
  cursor: Record<string, SQL.Aliased<string>>
}

/** The part of a Drizzle select the helper finishes: order by the page's keys, prepare under a name. */
interface Finishable<Row> {
  orderBy(...order: SQL[]): { prepare(name: string): Executable<Row> }
}
interface Executable<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>
  getQuery(): { sql: string; params: unknown[] }
}
interface Preparable<Row> {
  prepare(name: string): Executable<Row>
}

export interface ListSpec<F extends string, Row> {
  /** Statement names start with it (letters and underscores). */
  name: string
  /** The table the page is cut from and counted over. */
  table: PgTable
  /** Its id, which the rows query joins on. */
  id: AnyColumn
  /**
   * The sort keys in list order, all in `direction`, the last one unique (the id, as tie-breaker). An index on
   * exactly these keys must exist (and one per filter, on the filter's column followed by them).
   */
  keys: SortKey[]
  direction: 'asc' | 'desc'
  /** A condition every page has (media: never the uploads in progress). */
  where?: SQL
  /** One condition per filter, reading its value from `p()`. Each filter should have an index in list order. */
  filters: Record<F, (p: FilterParam) => SQL>
  /** Figures over the filtered set beside the count (`count(*) filter (where …)`), as numbers. */
  totals?: Record<string, SQL>
  /** A kept counter answering the count for these filters, or undefined to count the rows. */
  counter?: (db: Database, active: F[], param: (filter: F, part?: string) => Placeholder) => Preparable<Record<string, unknown>> | undefined
  /** The page's full rows: `db.select({...columns, ...page.cursor}).from(page.from).innerJoin(table, eq(table.id, page.id))…` */
  rows: (db: Database, page: PageRef) => Finishable<Row>
}

/** Which page: `offset` rows skipped (REST's ?page=), or the rows after a cursor (`after`, from `next_cursor`). */
export interface PageWindow {
  limit: number
  offset?: number
  after?: string | null
}

export interface ListPage<Row> {
  count: number
  /** The spec's totals (and count) over the filtered set. */
  totals: Record<string, number>
  rows: Row[]
  /** Where the next page starts; null when this page came back short (nothing after it). */
  next_cursor: string | null
}

type FilterValues<F extends string> = Partial<Record<F, unknown>>

const isParts = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

/**
 * A list read the one way every paginated service reads: the page is cut first from an index in the list's
 * order (ids and sort keys only), its full rows and to-one relations are read for those ids only, and the count
 * is its own statement run beside it (or a kept counter). Each combination of filters in use, with offset or
 * cursor, is one pair of statements prepared once per database under a name. See docs/decisions/021.
 */
export function pagedList<F extends string, Row extends Record<string, unknown>>(spec: ListSpec<F, Row>) {
  const names = Object.keys(spec.filters).sort() as F[]
  const keys = spec.keys
  const types: KeyType[] = keys.map((k) => k.type)
  // NULLS LAST as Drizzle writes its indexes (`.desc()` is DESC NULLS LAST): a key's order must match its index's
  // exactly, or PostgreSQL sorts every row. Sort keys are never null, so the answer is the same.
  const dir = sql.raw(spec.direction === 'desc' ? 'desc nulls last' : 'asc nulls last')
  const param = (filter: string, part?: string) => sql.placeholder(part ? `f_${filter}_${part}` : `f_${filter}`)
  const cache = new WeakMap<Database, Map<string, { page: Executable<Row>; count: Executable<Record<string, unknown>> }>>()

  function conditions(active: F[]): SQL[] {
    const where = spec.where ? [spec.where] : []
    for (const f of active) where.push(spec.filters[f]((part) => param(f, part)))
    return where
  }

  function countStatement(db: Database, active: F[], name: string): Executable<Record<string, unknown>> {
    const kept = spec.counter?.(db, active, param)
    if (kept) return kept.prepare(`${name}_counter`)
    const figures = Object.fromEntries(
      Object.entries({ count: sql`count(*)`, ...spec.totals }).map(([k, v]) => [k, sql`${v}`.mapWith(Number)]),
    )
    return db
      .select(figures)
      .from(spec.table)
      .where(and(...conditions(active)))
      .prepare(`${name}_count`)
  }

  function pageStatement(db: Database, active: F[], cursor: boolean, name: string): Executable<Row> {
    const where = conditions(active)
    if (cursor) {
      const op = sql.raw(spec.direction === 'desc' ? '<' : '>')
      const left = sql.join(keys.map((k) => sql`${k.expr}`), sql`, `)
      const right = sql.join(keys.map((k, i) => cursorValue(sql.placeholder(`after_${i}`), k.type)), sql`, `)
      where.push(sql`(${left}) ${op} (${right})`)
    }
    const cut = db
      .select({
        id: sql<number>`${spec.id}`.as('page_id'),
        ...Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.expr}`.as(`page_k${i}`)])),
      })
      .from(spec.table)
      .where(and(...where))
      .orderBy(...keys.map((k) => sql`${k.expr} ${dir}`))
      .limit(sql.placeholder('limit'))
    const page = (cursor ? cut : cut.offset(sql.placeholder('offset'))).as('page') as any
    const keyRefs: SQL[] = keys.map((_, i) => sql`${page[`k${i}`]}`)
    const ref: PageRef = {
      from: page,
      id: page.id,
      cursor: Object.fromEntries(keyRefs.map((k, i) => [`__c${i}`, cursorText(k, types[i]!).as(`page_c${i}`)])),
    }
    return spec.rows(db, ref).orderBy(...keyRefs.map((k) => sql`${k} ${dir}`)).prepare(name)
  }

  function statements(db: Database, active: F[], cursor: boolean) {
    let byShape = cache.get(db)
    if (!byShape) cache.set(db, (byShape = new Map()))
    const shape = `${active.join('_') || 'all'}_${cursor ? 'after' : 'offset'}`
    let pair = byShape.get(shape)
    if (!pair) {
      const name = `list_${spec.name}_${shape}`
      pair = { page: pageStatement(db, active, cursor, name), count: countStatement(db, active, name) }
      byShape.set(shape, pair)
    }
    return pair
  }

  function bind(filters: FilterValues<F>, window: PageWindow) {
    const active = names.filter((f) => filters[f] !== undefined)
    const values: Record<string, unknown> = { limit: window.limit, offset: window.offset ?? 0 }
    for (const f of active) {
      const value = filters[f]
      if (isParts(value)) for (const [part, v] of Object.entries(value)) values[`f_${f}_${part}`] = v
      else values[`f_${f}`] = value
    }
    const cursor = window.after ? decodeCursor(window.after, types) : undefined
    cursor?.forEach((v, i) => (values[`after_${i}`] = v))
    return { active, values, cursor: cursor !== undefined }
  }

  return {
    spec,
    /**
     * One page and the count of the filtered set: two statements, run together. `countOver` counts (and totals)
     * another set of filters instead, for a list whose counters are over a wider set than its page (a status tab's
     * page beside every tab's count): the caller then reads the page's count from the totals.
     */
    async page(db: Database, filters: FilterValues<F>, window: PageWindow, countOver?: FilterValues<F>): Promise<ListPage<Row>> {
      const { active, values, cursor } = bind(filters, window)
      const pair = statements(db, active, cursor)
      const counted = countOver ? bind(countOver, window) : null
      const count = counted ? statements(db, counted.active, false).count : pair.count
      const [rows, [figures]] = await Promise.all([pair.page.execute(values), count.execute(counted ? counted.values : values)])
      const totals = Object.fromEntries(Object.entries(figures ?? {}).map(([k, v]) => [k, Number(v ?? 0)]))
      const last = rows.length === window.limit ? rows.at(-1) : undefined
      const next_cursor = last ? encodeCursor(keys.map((_, i) => String(last[`__c${i}`]))) : null
      // The rows keep their __c* fields (serializers pick their own): deleting properties would slow every object.
      return { count: totals.count ?? 0, totals, rows, next_cursor }
    },
    /** The SQL and parameters of a page's two statements (plan checks in tests). */
    queries(db: Database, filters: FilterValues<F>, window: PageWindow) {
      const { active, values, cursor } = bind(filters, window)
      const pair = statements(db, active, cursor)
      return { page: pair.page.getQuery(), count: pair.count.getQuery(), values }
    },
  }
}

export type PagedList<F extends string, Row extends Record<string, unknown>> = ReturnType<typeof pagedList<F, Row>>

/**
 * A to-many relation or per-row figure of a page (tiers, tags, counts), read for the page's ids in one statement
 * prepared once per database: `build` selects with `= any(${ids})`.
 */
export function byIds<Row>(name: string, build: (db: Database, ids: Placeholder) => Preparable<Row>) {
  const cache = new WeakMap<Database, Executable<Row>>()
  return (db: Database, ids: number[]): Promise<Row[]> => {
    if (ids.length === 0) return Promise.resolve([])
    let statement = cache.get(db)
    if (!statement) cache.set(db, (statement = build(db, sql.placeholder('ids')).prepare(`rel_${name}`)))
    return statement.execute({ ids })
  }
}
