import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { inject } from 'vitest'
import type { ClusterInfo } from './private-postgres.ts'
import { clusterUrl } from './private-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fault suite's private PostgreSQL cluster (test/faults/global-setup.ts). */
    faultsCluster: ClusterInfo
  }
}

export const cluster = (): ClusterInfo => inject('faultsCluster')

export interface FaultDatabase {
  url: string
  /** The test's own connection to it, for looking at what the app wrote (and for holding locks). */
  sql: postgres.Sql
  drop(): Promise<void>
}

/** A fresh, empty database on the private cluster; the app process migrates it at start. */
export async function createFaultDatabase(): Promise<FaultDatabase> {
  const info = cluster()
  const name = `meridian_faults_${randomBytes(5).toString('hex')}`
  const admin = postgres(clusterUrl(info), { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const url = clusterUrl(info, name)
  const sql = postgres(url, { max: 3, onnotice: () => {}, backoff: () => 0.1 })
  return {
    url,
    sql,
    async drop() {
      await sql.end({ timeout: 1 }).catch(() => {})
      const cleanup = postgres(clusterUrl(info), { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {})
      await cleanup.end()
    },
  }
}
