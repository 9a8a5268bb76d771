import path from 'node:path'
import { createLocalStorage } from './local.ts'
import { createS3Storage, type S3StorageOptions } from './s3.ts'
import type { ObjectStorage } from './types.ts'

export * from './types.ts'
export { createLocalStorage } from './local.ts'
export { createS3Storage, S3_PART_SIZE, S3_QUEUE_SIZE, type S3StorageOptions } from './s3.ts'

export type StorageOptions = { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageOptions)

/** The configured store: S3 when a bucket is configured, otherwise files under the data directory. */
export function createStorage(options: StorageOptions): ObjectStorage {
  return options.driver === 's3' ? createS3Storage(options) : createLocalStorage(path.resolve(options.root))
}
