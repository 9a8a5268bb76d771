import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
// s3rver has no type declarations.
// @ts-expect-error untyped module
import S3rver from 's3rver'
import type { S3StorageOptions } from './s3.ts'

export interface TestS3 {
  options: S3StorageOptions
  /** Stop the server: requests then fail as in an S3 outage. */
  stop(): Promise<void>
  /** Start it again on the same port over the same files: the outage is over, the objects are still there. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket. */
export async function startTestS3(bucket = 'meridian-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-s3rver-'))
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = (await server.run()) as AddressInfo
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  client.destroy()
  let running = true
  const stop = async () => {
    if (!running) return
    running = false
    const closed = server.close()
    // An outage does not wait for requests in progress: their connections break too.
    ;(server as { httpServer?: { closeAllConnections?(): void } }).httpServer?.closeAllConnections?.()
    await closed
  }
  return {
    options,
    stop,
    async restart() {
      if (running) return
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory })
      await server.run()
      running = true
    },
    async close() {
      await stop()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
