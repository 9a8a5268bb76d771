import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt } from './build.ts'

/**
 * A private copy of apps/web/server and apps/web/build for this run. On a shared machine another `npm start`
 * or Playwright run rebuilds apps/web/build whenever sources change, and Remix empties the folder first, so a
 * server started from it mid-run fails. The copy runs the same entry code (its imports of @meridian/* and
 * node_modules resolve to the same files) against a build that stays put. It lives inside the repository so
 * that module resolution works; the leading dot keeps it out of tsc's globs.
 */
export async function snapshotServer(root: string): Promise<{ dir: string; entry: string }> {
  const dir = path.join(root, 'scripts/bench', `.snapshot-${process.pid}`)
  for (let attempt = 1; ; attempt++) {
    try {
      ensureBuilt()
      fs.rmSync(dir, { recursive: true, force: true })
      fs.cpSync(path.join(root, 'apps/web/server'), path.join(dir, 'server'), { recursive: true })
      fs.cpSync(path.join(root, 'apps/web/build'), path.join(dir, 'build'), { recursive: true })
      if (!fs.existsSync(path.join(dir, 'build/server/index.js'))) throw new Error('incomplete build copy')
      return { dir, entry: path.join(dir, 'server/index.ts') }
    } catch (error) {
      if (attempt >= 5) throw new Error(`could not copy a complete build: ${(error as Error).message}`)
      console.warn(`  apps/web/build changed while copying it (a concurrent rebuild?); retrying`)
      await new Promise((r) => setTimeout(r, 3_000))
    }
  }
}
