import { defineConfig } from 'vitest/config'

/**
 * The fault suite (`npm run test:faults`): real server processes against a private PostgreSQL cluster that the
 * tests stop and restart, an S3 server they stop, clients that hang up, and two processes sharing one database.
 * Files run one at a time: each starts its own processes and some stop the shared cluster.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts', 'test/processes/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    minWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
