import type { Sql } from 'postgres'
import { DatabaseBusyError } from './unavailable.ts'

/**
 * At most `size` statements (or transactions) at once, and a bound on how long the next one waits for its turn.
 * postgres.js queues (or pipelines behind a busy connection) without limit; with the gate sized to the pool, a
 * request that finds every connection taken waits at most `waitMs`, then fails with DatabaseBusyError (503).
 */
export class PoolGate {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly size: number,
    readonly waitMs: number,
  ) {}

  /** Statements running or holding a transaction now, and callers waiting for a turn (tests, diagnostics). */
  get stats() {
    return { active: this.active, waiting: this.waiting.length }
  }

  async run<T>(work: () => PromiseLike<T>): Promise<T> {
    await this.acquire()
    try {
      return await work()
    } finally {
      this.release()
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.size) {
      this.active++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(new DatabaseBusyError(this.waitMs))
      }, this.waitMs)
      this.waiting.push(turn)
    })
  }

  private release() {
    // The permit passes straight to the next waiter, so `active` stays as it is.
    const next = this.waiting.shift()
    if (next) next()
    else this.active--
  }
}

type PendingQuery = PromiseLike<unknown> & { values(): PromiseLike<unknown> }

/**
 * The postgres.js client as Drizzle uses it (`unsafe(...)`, `unsafe(...).values()`, `begin(...)`), each call
 * taking a turn at the gate for as long as it runs. A transaction holds one turn from BEGIN to COMMIT; the
 * statements inside it run on its own connection and need none. Everything else passes through untouched.
 */
export function gatedClient(client: Sql, gate: PoolGate): Sql {
  const unsafe = (query: string, params?: unknown[], options?: unknown) => {
    let raw = false
    let started: Promise<unknown> | null = null
    const start = () =>
      (started ??= gate.run(() => {
        const pending = (client.unsafe as (...args: unknown[]) => PendingQuery)(query, params, options)
        return raw ? pending.values() : pending
      }))
    const lazy = {
      values() {
        raw = true
        return lazy
      },
      then: (ok?: (value: unknown) => unknown, fail?: (error: unknown) => unknown) => start().then(ok, fail),
      catch: (fail?: (error: unknown) => unknown) => start().catch(fail),
      finally: (done?: () => void) => start().finally(done),
    }
    return lazy
  }
  const begin = (...args: unknown[]) => gate.run(() => (client.begin as (...a: unknown[]) => Promise<unknown>)(...args))
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe
      if (property === 'begin') return begin
      return Reflect.get(target, property, receiver)
    },
  })
}
