import type { Readable } from 'node:stream'

/** What one stored object is: its size in bytes and, when the driver keeps it, its content type. */
export interface ObjectInfo {
  size: number
  contentType?: string
}

export interface PutOptions {
  contentType?: string
  /** Abort the write (a client went away): the partial object is removed and put() rejects. */
  signal?: AbortSignal
}

/**
 * Object storage behind one interface: local disk (default) or S3. Keys are made by the server
 * (`media/<uuid>/original`), never from a file name; '/' separates folders.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3'
  /** Stream a body into the object at key, never holding it whole in memory. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<ObjectInfo>
  /** The object's bytes as a stream; StorageNotFoundError when absent. Range is inclusive, as in HTTP. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** Size and type, or null when absent. */
  stat(key: string): Promise<ObjectInfo | null>
  /** Remove one object; absent is fine. */
  delete(key: string): Promise<void>
  /** Remove every object whose key starts with prefix (a media item's folder). */
  deletePrefix(prefix: string): Promise<void>
  /** Keys under a prefix (tests, clean-up). */
  list(prefix: string): Promise<string[]>
  /** A path on this machine for tools that need a file (ffprobe), when the driver has one. */
  localPath?(key: string): string
  /** Round trip for readiness checks; rejects when the store is unreachable. */
  ping(): Promise<void>
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`)
    this.name = 'StorageNotFoundError'
  }
}

/** The store could not be reached or refused the operation (an S3 outage, a full disk). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageUnavailableError'
  }
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

/** Keys are server-made; anything else (.., absolute paths, odd characters) is a programming error. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
  }
  return key
}

export function assertPrefix(prefix: string): string {
  assertKey(prefix.replace(/\/$/, ''))
  return prefix.endsWith('/') ? prefix : `${prefix}/`
}

/**
 * By name, not instanceof: the Remix server bundle carries its own copy of this package, so an error made by the
 * server's copy is not an instance of the bundle's class.
 */
export const isStorageUnavailable = (error: unknown): boolean => (error as Error | null)?.name === 'StorageUnavailableError'
export const isStorageNotFound = (error: unknown): boolean => (error as Error | null)?.name === 'StorageNotFoundError'
