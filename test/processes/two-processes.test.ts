import { expect } from 'vitest'
import { startApp } from '../faults/support/app-process.ts'
import { describeSharedState } from './support/shared-state.ts'

/**
 * Two real app processes on one PostgreSQL database (different ports, one JWT_SECRET, one media folder), as behind a
 * load balancer: the shared-state suite (support/shared-state.ts) with a and b on ports of their own.
 */
describeSharedState('two app processes on one database', async (env) => {
  // One after the other: the first migrates and seeds, the second finds it done.
  const a = await startApp(env)
  const b = await startApp(env)
  expect(a.url).not.toBe(b.url)
  return [a, b]
})
