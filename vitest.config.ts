import { defineConfig } from 'vitest/config'

/**
 * Units and services against a real database; its own config, without the Remix plugin.
 * Each test file opens its own database: an in-memory PGlite started from a migrated template
 * (written once by the global setup), or a fresh database on the server in TEST_DATABASE_URL.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/**/src/**/*.test.ts', 'apps/web/server/**/*.test.ts', 'apps/web/app/**/*.test.ts'],
    // The fault suite has a config of its own (vitest.faults.config.ts: a private PostgreSQL, real processes).
    exclude: ['**/node_modules/**', 'test/faults/**', 'test/processes/**'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // Vitest's default is cores - 1, i.e. one worker on these 2-core machines; files spend much of their
    // time waiting on PGlite start-up and HTTP round trips, so two workers finish sooner.
    maxWorkers: 2,
    // Files share their worker's loaded modules instead of loading every package again for each of them: the unit
    // part took 7:51 on PGlite and 5:25 on PostgreSQL with a fresh module graph per file, 3:23 and 2:45 without. Each
    // file still opens its own database; no test mocks a module or stubs the environment, so nothing leaks between.
    isolate: false,
    minWorkers: 1,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
