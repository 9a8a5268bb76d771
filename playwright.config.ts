/*
 * Browser tests against the production build (`npm run test:e2e`). Playwright starts e2e/support/serve.mjs, which
 * builds the web app when stale and runs the server on a fresh temporary PGlite directory (demo accounts seeded),
 * then stops the whole process group at the end.
 *
 * Environment:
 *   PLAYWRIGHT_CHROMIUM_PATH  browser executable; default Debian's headless shell (package chromium-headless-shell) when
 *                             installed, else Debian's chromium, else Playwright's own
 *   E2E_PORT                  port for the test server; default a free port picked at start
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

// This file is evaluated again in every worker: the port chosen by the runner reaches them through the environment.
process.env.E2E_PORT ||= String(await freePort())
const port = Number(process.env.E2E_PORT)
// The server's media folder, known to the specs so they can check that deleted media leaves no file behind.
process.env.E2E_MEDIA_ROOT ||= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-media-')), 'media')
// The accessibility plan the setup project writes for e2e/a11y-dashboard.spec.ts.
process.env.E2E_A11Y_PLAN ||= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-a11y-')), 'plan.json')
const baseURL = `http://127.0.0.1:${port}`

// Chromium shares rendered frames through /dev/shm; `--disable-dev-shm-usage` moves that to files in /tmp, which
// containers with a 64 MB /dev/shm need and which costs a great deal where /tmp is a disk. Only when /dev/shm is small.
function smallDevShm(): boolean {
  try {
    const { bsize, blocks } = fs.statfsSync('/dev/shm')
    return bsize * blocks < 1024 ** 3
  } catch {
    return true
  }
}

// The specs that render without reading or writing anything the database engine could answer differently.
const RENDER_ONLY = /\/(a11y-public|a11y-discovery|a11y-analytics|errors|headers|navigation|public|redirects)\.spec\.ts$/

// Chromium's headless shell draws the same pages as the full browser without its window machinery: the browser part
// ran 111 s with /usr/bin/chromium and 64 s with the shell on the same four specs here. The shell's binary itself, not
// its wrapper script, so that stopping the browser leaves no process behind.
const BROWSERS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium']
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || BROWSERS.find((file) => fs.existsSync(file))

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Under CI a test that fails is run once more: one that then passes is counted as passed and listed by `npm test`
  // as flaky (a defect to fix, see docs/testing.md), so that a single lost timing on a loaded machine does not throw
  // away a whole run. A test that fails twice fails the run. Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous for 2-core machines that build or run other jobs at the same time; a quiet run needs a fraction.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // Recording a trace (screenshots and DOM snapshots of every step) costs about a fifth of the run's time here, for
    // every test, to keep the few that fail: off by default; `--trace retain-on-failure` (or `on`) turns it on.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        ...(smallDevShm() ? ['--disable-dev-shm-usage'] : []),
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The media library spec counts every item and stored file of the library, so it runs after the rest (whose
  // activity spec uploads photos of its own), not beside it.
  // The dashboard accessibility check is planned by a setup project (the screens each role may open, grouped by what
  // they show) and then run in parts. Its records (a conversation and an itinerary of the demo traveler's among them)
  // would change what the app specs read, so it comes after them; it stores no file (its photo is one of the demo
  // world's), so its plan, a minute or more of pages rendered one after another, runs beside the media library spec
  // rather than after it. It checks markup and colours, which do not depend on the database: `npm test` runs it on
  // PGlite, not again on PostgreSQL.
  //
  // Specs that only render (public pages, accessibility, headers, redirects, the shell's navigation, error screens)
  // read nothing the database engine can change: they run once, on PGlite. On PostgreSQL the browser part runs the
  // rest, every spec that creates, changes, searches or lists records; a new spec runs on both unless named here. Of a
  // flow tested with JavaScript off and on, PostgreSQL runs the JavaScript-off twin (see the app project).
  projects: [
    {
      name: 'app',
      testIgnore: process.env.TEST_DATABASE_URL ? [/(media|a11y-dashboard)\.spec\.ts$/, RENDER_ONLY] : /(media|a11y-dashboard)\.spec\.ts$/,
      // A flow run twice, "JavaScript off" and "JavaScript on", sends the server the same reads and writes both times
      // (the same loaders and actions, by form post or by fetch): on PostgreSQL its JavaScript-off run is enough.
      ...(process.env.TEST_DATABASE_URL ? { grepInvert: /JavaScript on\b/ } : {}),
    },
    { name: 'media-library', testMatch: /media\.spec\.ts$/, dependencies: ['app'] },
    ...(process.env.TEST_DATABASE_URL
      ? []
      : [
          { name: 'a11y-plan', testMatch: /a11y-dashboard\.setup\.ts$/, dependencies: ['app'] },
          { name: 'a11y-dashboard', testMatch: /a11y-dashboard\.spec\.ts$/, dependencies: ['a11y-plan'] },
        ]),
  ],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    url: `${baseURL}/readyz`,
    // Warnings and errors only: a line per request would bury the test report (E2E_LOG_LEVEL=info to see them).
    env: { PORT: String(port), HOST: '127.0.0.1', MEDIA_ROOT: process.env.E2E_MEDIA_ROOT, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
    // A build from a clean checkout takes most of this.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
