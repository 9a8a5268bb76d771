import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertKey, assertPrefix, type ObjectStorage, StorageNotFoundError, StorageUnavailableError } from './types.ts'

export interface S3StorageOptions {
  bucket: string
  region: string
  /** An S3-compatible server (MinIO, s3rver …); absent for AWS itself. */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** bucket in the path (http://host/bucket/key) rather than in the host name; S3-compatible servers need it. */
  forcePathStyle?: boolean
  /** Key prefix inside the bucket, e.g. "meridian/". */
  prefix?: string
}

const isConsumerGone = (error: unknown) =>
  (error as Error | null)?.name === 'AbortError' ||
  ['ABORT_ERR', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_PREMATURE_CLOSE'].includes((error as NodeJS.ErrnoException | null)?.code ?? '')

/** Multipart parts of 5 MiB (S3's minimum), two in flight: an upload holds about 10 MiB whatever the file's size. */
export const S3_PART_SIZE = 5 * 1024 * 1024
export const S3_QUEUE_SIZE = 2

/** Objects in an S3 bucket. Uploads stream through lib-storage's multipart Upload. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    maxAttempts: 3,
    // Checksums only where S3 demands them: S3-compatible servers differ in what else they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  })
  const Bucket = options.bucket
  const prefix = options.prefix ? assertPrefix(options.prefix) : ''
  const full = (key: string) => `${prefix}${assertKey(key)}`

  const unavailable = (error: unknown, what: string) =>
    error instanceof StorageNotFoundError || error instanceof StorageUnavailableError
      ? error
      : new StorageUnavailableError(`S3 ${what} failed: ${(error as Error)?.message ?? error}`, { cause: error })

  return {
    driver: 's3',
    async put(key, body, putOptions = {}) {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body
      // An error of the body itself (the client went away, a limit was crossed) is reported as it is. When S3 fails
      // first, the upload stops reading and the body then reports that it was aborted or destroyed: a consequence
      // of the outage, not its cause, so the outage is what put() reports.
      let sourceError: unknown
      source.once('error', (error) => {
        if (!isConsumerGone(error)) sourceError = error
      })
      let size = 0
      source.on('data', (chunk: Buffer) => (size += chunk.length))
      const upload = new Upload({
        client,
        params: { Bucket, Key: full(key), Body: source, ContentType: putOptions.contentType },
        partSize: S3_PART_SIZE,
        queueSize: S3_QUEUE_SIZE,
        leavePartsOnError: false,
      })
      const abort = () => void upload.abort().catch(() => {})
      putOptions.signal?.addEventListener('abort', abort, { once: true })
      try {
        await upload.done()
      } catch (error) {
        if (sourceError) throw sourceError
        if (putOptions.signal?.aborted) throw putOptions.signal.reason ?? error
        throw unavailable(error, 'upload')
      } finally {
        putOptions.signal?.removeEventListener('abort', abort)
      }
      return { size, contentType: putOptions.contentType }
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: full(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        )
        return answer.Body as Readable
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key)
        throw unavailable(error, 'read')
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }))
        return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType }
      } catch (error) {
        if (isNotFound(error)) return null
        throw unavailable(error, 'stat')
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }))
      } catch (error) {
        if (!isNotFound(error)) throw unavailable(error, 'delete')
      }
    },
    async deletePrefix(folder) {
      const keys = await this.list(folder)
      for (const key of keys) await this.delete(key)
    },
    async list(folder) {
      const wanted = `${prefix}${assertPrefix(folder)}`
      const keys: string[] = []
      let token: string | undefined
      try {
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: wanted, ContinuationToken: token }))
          for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length))
          token = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (token)
      } catch (error) {
        throw unavailable(error, 'list')
      }
      return keys.sort()
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        throw unavailable(error, 'ping')
      }
    },
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}
