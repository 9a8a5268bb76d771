import type { TestProject } from 'vitest/node'
// @ts-expect-error plain JavaScript module without declarations
import { ensureBuild } from '../../scripts/ensure-build.mjs'
import { createCluster, destroyCluster } from './support/private-postgres.ts'

/**
 * The fault suite runs real server processes over the production build, against a PostgreSQL cluster of its own
 * that it may stop and restart (the machine's shared server is never touched). Prints the suite's duration.
 */
export default async function setup(project: TestProject) {
  const started = Date.now()
  if ((ensureBuild() as number) !== 0) throw new Error('the web build failed')
  const info = await createCluster()
  project.provide('faultsCluster', info)
  console.log(`[faults] private PostgreSQL on 127.0.0.1:${info.port} (${info.dir}); ready after ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return async () => {
    await destroyCluster(info)
    console.log(`[faults] suite finished in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}
