// @ts-expect-error plain ESM helper shared with `npm start`, without type declarations
import { buildIsStale, ensureBuild } from '../ensure-build.mjs'

/**
 * The web app's production build, made first when it is missing or stale (the rule of `npm start`,
 * scripts/ensure-build.mjs). Returns the build time in ms, or 0 when the build was current.
 */
export function ensureBuilt(): number {
  if (!buildIsStale()) return 0
  const started = performance.now()
  const status = ensureBuild({ log: () => console.log('Building the web app (apps/web/build is missing or stale)...') })
  if (status !== 0) throw new Error(`Remix build failed (exit ${status})`)
  return performance.now() - started
}
