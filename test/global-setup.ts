import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { migrationsFolder } from '@meridian/db'
import { writePgliteTemplate } from '@meridian/db/testing'

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data directory; empty on PostgreSQL runs. */
    pgliteTemplate: string
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const cacheDir = path.join(root, 'node_modules/.cache/meridian-test')

/** The template depends on the migrations and on the PGlite build only; its file name carries both. */
function templateKey(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(path.relative(migrationsFolder, full)).update(fs.readFileSync(full))
    }
  }
  walk(migrationsFolder)
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  hash.update((JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version)
  return hash.digest('hex').slice(0, 16)
}

/**
 * On PGlite runs, migrate one database and dump it to a file: every test file then starts its own in-memory
 * database from that dump (about 1.5 s) instead of running initdb and the migrations again (5-10 s).
 * The dump is kept in node_modules/.cache between runs until the migrations or PGlite change.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const file = path.join(cacheDir, `pglite-template-${templateKey()}.tar`)
  if (!fs.existsSync(file)) {
    const started = Date.now()
    fs.mkdirSync(cacheDir, { recursive: true })
    for (const old of fs.readdirSync(cacheDir)) {
      if (old.startsWith('pglite-template-')) fs.rmSync(path.join(cacheDir, old), { force: true })
    }
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`
    await writePgliteTemplate(partial)
    fs.renameSync(partial, file)
    if (process.env.MERIDIAN_TEST_TIMINGS) console.log(`[test] PGlite template written in ${Date.now() - started} ms`)
  }
  project.provide('pgliteTemplate', file)
}
