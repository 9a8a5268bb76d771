import path from 'node:path'
import { createLocalStorage } from './local.ts'
import type { S3StorageOptions } from './s3.ts'
import { assertPrefix, type ObjectStorage } from './types.ts'

export * from './types.ts'
export { createLocalStorage } from './local.ts'
export type { S3StorageOptions } from './s3.ts'

/**
 * Objects in an S3 bucket (s3.ts), with the AWS SDK loaded on the first call rather than at start-up: a server that
 * keeps its media on disk never loads it (some 20 MB a process).
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  // A bad prefix is refused now, as before the SDK loads.
  if (options.prefix) assertPrefix(options.prefix)
  let store: Promise<ObjectStorage> | undefined
  const ready = () => (store ??= import('./s3.ts').then((s3) => s3.createS3Storage(options)))
  return {
    driver: 's3',
    put: async (key, body, putOptions) => (await ready()).put(key, body, putOptions),
    get: async (key, range) => (await ready()).get(key, range),
    stat: async (key) => (await ready()).stat(key),
    delete: async (key) => (await ready()).delete(key),
    deletePrefix: async (prefix) => (await ready()).deletePrefix(prefix),
    list: async (prefix) => (await ready()).list(prefix),
    ping: async () => (await ready()).ping(),
  }
}

export type StorageOptions = { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageOptions)

/** The configured store: S3 when a bucket is configured, otherwise files under the data directory. */
export function createStorage(options: StorageOptions): ObjectStorage {
  return options.driver === 's3' ? createS3Storage(options) : createLocalStorage(path.resolve(options.root))
}
