import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { Sql } from 'postgres'

/** The statement kinds the query timings are split by: few and fixed, so a metric label stays bounded. */
export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other'

/** Hears how long one statement took, in seconds (failed statements included), and its kind. */
export type QueryListener = (seconds: number, kind: QueryKind) => void

const KINDS: Record<string, QueryKind> = { select: 'select', insert: 'insert', update: 'update', delete: 'delete' }

export function queryKind(statement: string): QueryKind {
  const start = statement.search(/\S/)
  return KINDS[statement.slice(start, start + 6).toLowerCase()] ?? 'other'
}

/**
 * The listeners of one database handle's statement timings (the metrics of each server over it). With nobody
 * listening a statement is not timed at all: the wrappers below cost one property read then.
 */
export class QueryTimer {
  private readonly listeners = new Set<QueryListener>()

  /** Every how many statements one is timed (1: all of them). */
  private every = 1
  private seen = 0

  get listening(): boolean {
    return this.listeners.size > 0
  }

  /** Whether to time the statement about to run: listened to, and this one's turn in the sample. */
  sample(): boolean {
    return this.listeners.size > 0 && ++this.seen % this.every === 0
  }

  /** `every`: time one statement in that many (the last listener's choice applies to all). */
  observe(listener: QueryListener, every = 1): () => void {
    this.every = Math.max(1, Math.floor(every))
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  time<T>(statement: string, work: () => PromiseLike<T>): Promise<T> {
    const started = performance.now()
    const heard = () => {
      const seconds = (performance.now() - started) / 1000
      const kind = queryKind(statement)
      for (const listener of this.listeners) listener(seconds, kind)
    }
    // One `then` on the driver's own promise: no further promise in a statement's path.
    return work().then(
      (value) => (heard(), value),
      (error: unknown) => {
        heard()
        throw error
      },
    ) as Promise<T>
  }
}

type PendingQuery = PromiseLike<unknown> & { values(): unknown }
type Unsafe = (query: string, params?: unknown[], options?: unknown) => PendingQuery

/**
 * The postgres.js client as Drizzle uses it (`unsafe(...)`, `unsafe(...).values()`, `begin(...)`), each statement
 * timed from the moment it is sent until its answer, those inside a transaction too. postgres.js runs a query when
 * it is awaited, so the wrapper is lazy in the same way.
 */
export function timedPostgres(client: Sql, timer: QueryTimer): Sql {
  const unsafeOf = (target: Sql) => {
    const unsafe = target.unsafe as unknown as Unsafe
    return (query: string, params?: unknown[], options?: unknown) => {
      const pending = unsafe.call(target, query, params, options)
      if (!timer.sample()) return pending
      let started: Promise<unknown> | null = null
      const start = () => (started ??= timer.time(query, () => pending))
      const lazy = {
        values() {
          pending.values()
          return lazy
        },
        then: (ok?: (value: unknown) => unknown, fail?: (error: unknown) => unknown) => start().then(ok, fail),
        catch: (fail?: (error: unknown) => unknown) => start().catch(fail),
        finally: (done?: () => void) => start().finally(done),
      }
      return lazy
    }
  }
  // begin(fn), begin(options, fn), savepoint(fn), savepoint(name, fn): the callback's client is timed as well.
  const withTimedCallback = (target: Sql, method: 'begin' | 'savepoint') => {
    const call = (target as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!
    return (...args: unknown[]) => {
      const last = args.length - 1
      const callback = args[last]
      if (typeof callback === 'function') args[last] = (tx: Sql) => callback(wrap(tx))
      return call.apply(target, args)
    }
  }
  const wrap = (target: Sql): Sql => {
    const unsafe = unsafeOf(target)
    const begin = withTimedCallback(target, 'begin')
    const savepoint = typeof (target as unknown as { savepoint?: unknown }).savepoint === 'function' ? withTimedCallback(target, 'savepoint') : undefined
    return new Proxy(target, {
      get(object, property, receiver) {
        if (property === 'unsafe') return unsafe
        if (property === 'begin') return begin
        if (property === 'savepoint' && savepoint) return savepoint
        return Reflect.get(object, property, receiver)
      },
    })
  }
  return wrap(client)
}

/** PGlite as Drizzle uses it (`query`, `transaction`), each statement timed, those inside a transaction too. */
export function timedPglite(client: PGlite, timer: QueryTimer): PGlite {
  const queryOf =
    (target: PGlite | Transaction) =>
    (statement: string, ...rest: unknown[]) => {
      const run = () => (target.query as (...args: unknown[]) => Promise<unknown>).call(target, statement, ...rest)
      return timer.sample() ? timer.time(statement, run) : run()
    }
  const passThrough = <T extends object>(object: T, property: string | symbol) => {
    const value = Reflect.get(object, property)
    // PGlite keeps its state in private fields: its methods must run on the object itself, not on the proxy.
    return typeof value === 'function' && property !== 'constructor' ? value.bind(object) : value
  }
  const wrapTransaction = (tx: Transaction): Transaction => {
    const query = queryOf(tx)
    return new Proxy(tx, { get: (object, property) => (property === 'query' ? query : passThrough(object, property)) })
  }
  const query = queryOf(client)
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(wrapTransaction(tx)))
  return new Proxy(client, {
    get(object, property) {
      if (property === 'query') return query
      if (property === 'transaction') return transaction
      return passThrough(object, property)
    },
  })
}
