// The production server as one JavaScript file (decision 030): apps/web/server/index.ts and the workspace packages it
// loads, bundled by esbuild into apps/web/build/node/server.mjs, which `npm start` runs with plain node. What only a
// server process needs is a chunk of its own, loaded by a worker, so the primary of several workers stays small.
// The Remix server build is taken in too: it leaves the workspace packages as imports (apps/web/vite.config.ts), which
// resolve here to the modules the server itself loads, so a process holds one copy of the domain code. Dependencies
// from node_modules stay external (node loads them as they are).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverBundle = path.join(root, 'apps/web/build/node/server.mjs')

const hoisted = path.join(root, 'node_modules') + path.sep

/**
 * Bare imports other than the workspace's own packages stay imports: node resolves them at run time as it would from
 * the root. One installed only under a package's own node_modules (not hoisted) is imported by its path from the bundle.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@meridian/') || args.pluginData === 'resolving') return undefined
      if (args.path.startsWith('node:')) return { path: args.path, external: true }
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' })
      if (found.errors.length || !found.path || found.path.startsWith(hoisted)) return { path: args.path, external: true }
      return { path: path.relative(path.dirname(serverBundle), found.path), external: true }
    })
  },
}

/** Bundle the server; resolves when apps/web/build/node/ is written. */
export async function buildServer() {
  const { build } = await import('esbuild')
  const outdir = path.dirname(serverBundle)
  fs.rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: { server: path.join(root, 'apps/web/server/index.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    // Chunks beside the entry, so an import by path from the bundle (below) holds for every file of it.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalDependencies],
    // As node resolves a package's exports for import (not the bundlers' `module` field).
    conditions: [],
    mainFields: ['main'],
  })
}

// `node scripts/build-server.mjs` (the web app's `npm run build` runs it after the Remix build).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer()
