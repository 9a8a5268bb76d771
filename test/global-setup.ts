import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writePgliteTemplate } from '@meridian/db/testing'

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data directory; empty on PostgreSQL runs. */
    pgliteTemplate: string
  }
}

/**
 * On PGlite runs, migrate one database and dump it to a temp file, once: every test file then starts its own
 * in-memory database from that dump instead of running initdb and the migrations again.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-vitest-'))
  const file = path.join(dir, 'pglite-template.tar')
  const started = Date.now()
  await writePgliteTemplate(file)
  if (process.env.MERIDIAN_TEST_TIMINGS) console.log(`[test] PGlite template written in ${Date.now() - started} ms`)
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
