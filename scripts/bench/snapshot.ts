import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt } from './build.ts'

export interface ServerSnapshot {
  dir: string
  /** The server bundle as `npm start` runs it (scripts/build-server.mjs): run with `node --enable-source-maps`. */
  entry: string
  /** The TypeScript entry, for `--import tsx` where per-file attribution matters (profile.ts). */
  source: string
}

/**
 * A private copy of apps/web/server, apps/web/build (with the server bundle in build/node) and vite.config.ts for this
 * run. On a shared machine another `npm start` or Playwright run rebuilds apps/web/build whenever sources change, and
 * Remix empties the folder first, so a server started from it mid-run fails. The copy runs the same code (its imports
 * of @meridian/* and node_modules resolve to the same files) against a build that stays put. It lives inside the
 * repository so that module resolution works; the leading dot keeps it out of tsc's globs. vite.config.ts marks the
 * web root, which the server finds by walking up from its own file (apps/web/server/serve.ts).
 */
export async function snapshotServer(root: string): Promise<ServerSnapshot> {
  const dir = path.join(root, 'scripts/bench', `.snapshot-${process.pid}`)
  const web = path.join(root, 'apps/web')
  for (let attempt = 1; ; attempt++) {
    try {
      ensureBuilt()
      fs.rmSync(dir, { recursive: true, force: true })
      fs.cpSync(path.join(web, 'server'), path.join(dir, 'server'), { recursive: true })
      fs.cpSync(path.join(web, 'build'), path.join(dir, 'build'), { recursive: true })
      fs.copyFileSync(path.join(web, 'vite.config.ts'), path.join(dir, 'vite.config.ts'))
      const entry = path.join(dir, 'build/node/server.mjs')
      if (!fs.existsSync(path.join(dir, 'build/server/index.js')) || !fs.existsSync(entry)) throw new Error('incomplete build copy')
      relocateBundle(web, dir)
      return { dir, entry, source: path.join(dir, 'server/index.ts') }
    } catch (error) {
      if (attempt >= 5) throw new Error(`could not copy a complete build: ${(error as Error).message}`)
      console.warn(`  apps/web/build changed while copying it (a concurrent rebuild?); retrying`)
      await new Promise((r) => setTimeout(r, 3_000))
    }
  }
}

/**
 * The bundle imports a package installed only under a workspace package (not hoisted) by its path relative to
 * apps/web/build/node, and its source maps name the workspace packages' sources the same way. The copy sits one
 * folder deeper, so such paths are rewritten to reach the same files; paths into server/ and build/ stay, as the copy
 * has both.
 */
function relocateBundle(web: string, dir: string) {
  const from = path.join(web, 'build/node')
  const to = path.join(dir, 'build/node')
  const moved = (relative: string) => {
    const target = path.resolve(from, relative)
    if (/^(server|build)\//.test(path.relative(web, target))) return relative
    return path.relative(to, target)
  }
  for (const name of fs.readdirSync(to)) {
    const file = path.join(to, name)
    if (name.endsWith('.mjs')) {
      const code = fs.readFileSync(file, 'utf8')
      // esbuild writes static and dynamic imports with double quotes.
      fs.writeFileSync(
        file,
        code.replace(/(\b(?:from|import)\s*\(?\s*)"(\.\.\/[^"\n]+)"/g, (_, head: string, relative: string) => `${head}"${moved(relative)}"`),
      )
    } else if (name.endsWith('.mjs.map')) {
      const map = JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }
      map.sources = map.sources.map((source) => (source.startsWith('../') ? moved(source) : source))
      fs.writeFileSync(file, JSON.stringify(map))
    }
  }
}
