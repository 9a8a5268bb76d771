import { createRequire } from 'node:module'

const requireFromHere = createRequire(import.meta.url)

/**
 * A dependency loaded on first use instead of at start-up. For the ones a server may never need, or needs only
 * later: image processing (sharp), payments (stripe), the job queue on PostgreSQL (pg-boss), readable logs in
 * development (pino-pretty). Each costs a worker from 5 to 25 MB once loaded (docs/operations.md "Workers").
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= requireFromHere(name) as T)
}
